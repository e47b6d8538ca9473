import { writeFile } from 'node:fs/promises';
import { JourneyMapError, resolveJourneyMap, SPECIFICATION_DIALECT } from '@journey-bridge/contract';
import {
  consistentPairs,
  describeEvidence,
  escapeControlCharacters,
  formatSummary,
  learnFlowKeys,
  MAX_RECORD_LINE_BYTES,
  type NormalOutcome,
  type PairRecord,
  ReportInputError,
  readPairRecords,
  renderHtmlReport,
  summariseRecords,
} from '@journey-bridge/cutover';
import { StructuredJourneyMap } from './config.js';
import { CutoverFile } from './cutover-config.js';
import { ShimError } from './errors/shim-error.js';
import { reachesBar } from './fail-under.js';
import { journeyMapKeyOf } from './journey-map-key.js';
import { readJsonFile } from './json-file.js';

/** What `journey-bridge compare` is given. */
export interface CompareCommandOptions {
  /** The JSON lines file of pair records a cutover published, or `-` for `stdin`. */
  readonly file: string;
  /** Also write the report as one self-contained HTML page here; `-` prints it on stdout instead of the text report. */
  readonly html?: string | undefined;
  /** Print the report as one JSON object (the summary, `failUnder` and `passed`) instead of text. */
  readonly json?: boolean;
  /** Least consistency, in percent, that exits 0. @default 100 */
  readonly failUnder?: number;
  /** Print the flow keys learned from the records' outcomes instead of the report. */
  readonly learn?: boolean;
  /** With `learn`: the journey map (the map itself or a structured file, as serve reads it) to print back, in its form, with the learned flow keys merged into its entries. */
  readonly journeyMap?: string | undefined;
  /**
   * With `learn`: the cutover file the records were written under. Records name a mapping by its `name`, which
   * need not be its v1 id: this file resolves each name to the v1 id its journey-map entry is keyed by.
   */
  readonly cutover?: string | undefined;
}

/** Where the command writes: the report or the learned mapping to `stdout`, notes to `stderr`. */
export interface CompareCommandIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** Read for the file `-`. @default process.stdin */
  readonly stdin?: AsyncIterable<Buffer | string>;
}

/** A problem with what the command was given: the CLI exits 2 with it. */
export class CompareCommandError extends ShimError {
  override name = 'CompareCommandError';
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The JSON in `path`, or a CompareCommandError naming `what` and why it could not be read. */
async function readJson(path: string, what: string): Promise<unknown> {
  const file = await readJsonFile(path);
  if ('unreadable' in file) throw new CompareCommandError(`cannot read ${what} ${path}: ${file.unreadable}`);
  if ('notJson' in file) throw new CompareCommandError(`cannot read ${what} ${path}: not valid JSON`);
  return file.value;
}

/** A journey-map file's entries, and the file with other entries in their place, in the form it was given. */
interface JourneyMapFile {
  readonly entries: Json;
  readonly withEntries: (entries: Json) => Json;
}

/** Reads a journey map as serve does: the map itself, or the `journeys` of a structured file. */
async function readJourneyMap(path: string): Promise<JourneyMapFile> {
  const file = await readJson(path, 'the journey map');
  if (!isObject(file)) throw new CompareCommandError(`the journey map ${path} is not a JSON object`);
  const structured = StructuredJourneyMap.safeParse(file);
  const entries = structured.success ? structured.data.journeys : file;
  // Checked as serve checks it: an entry serve would refuse must not come back out as if the learning fixed it.
  try {
    resolveJourneyMap(entries as never, SPECIFICATION_DIALECT);
  } catch (error) {
    if (!(error instanceof JourneyMapError)) throw error;
    throw new CompareCommandError(`the journey map ${path}: ${error.message}`);
  }
  return { entries, withEntries: (learned) => (structured.success ? { ...file, journeys: learned } : learned) };
}

/** The mappings of a cutover file by the name records give them (their v1 id when they have no name). */
async function readCutoverMappings(path: string): Promise<Map<string, CutoverFile['mappings'][number]>> {
  const file = await readJson(path, 'the cutover file');
  const parsed = CutoverFile.safeParse(file);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new CompareCommandError(`the cutover file ${path}: ${issue?.path.join('.') || '(file)'}: ${issue?.message}`);
  }
  return new Map(parsed.data.mappings.map((mapping) => [mapping.name ?? mapping.v1, mapping]));
}

/** A journey-map entry with `flowKeys` merged into its dialect: a plain v2 id becomes `{ v2, dialect }`. */
function withFlowKeys(entry: unknown, flowKeys: Record<string, string>): Json {
  const given: Json = typeof entry === 'string' ? { v2: entry } : isObject(entry) ? entry : {};
  const dialect = isObject(given.dialect) ? given.dialect : {};
  const known = isObject(dialect.flowKeys) ? dialect.flowKeys : {};
  return { ...given, dialect: { ...dialect, flowKeys: { ...known, ...flowKeys } } };
}

/**
 * `--learn`: the flow keys learned for each mapping whose records carry outcomes, as journey-map entries (a mapping
 * nothing was learned for is left as it was); the evidence of every mapping to stderr. 1 when no step of any
 * mapping was given a key, new or confirmed: the output is then the journey map as it was.
 */
async function learn(records: readonly PairRecord[], options: CompareCommandOptions, io: CompareCommandIo): Promise<number> {
  const byMapping = new Map<string, { v1: NormalOutcome; v2: NormalOutcome }[]>();
  for (const { mapping, outcomes } of records) {
    if (!outcomes) continue;
    const pairs = byMapping.get(mapping) ?? [];
    pairs.push(outcomes);
    byMapping.set(mapping, pairs);
  }
  if (byMapping.size === 0) {
    throw new CompareCommandError('no record carries both outcomes: run the cutover with recordOutcomes: true to learn from its pairs');
  }
  const file = options.journeyMap ? await readJourneyMap(options.journeyMap) : undefined;
  const map = file?.entries ?? {};
  const mappings = options.cutover ? await readCutoverMappings(options.cutover) : undefined;
  // Without a prototype: a v1 id is any name, `__proto__` included.
  const output: Json = Object.assign(Object.create(null), map);
  let steps = 0;
  for (const [mapping, pairs] of [...byMapping].sort(([a], [b]) => a.localeCompare(b))) {
    const learned = learnFlowKeys(pairs);
    const named = escapeControlCharacters(mapping);
    for (const line of describeEvidence(learned)) io.stderr.write(`${escapeControlCharacters(`${mapping}: ${line}`)}\n`);
    steps += learned.evidence.mapped.length;
    if (Object.keys(learned.flowKeys).length === 0) continue;
    const given = mappings?.get(mapping);
    if (mappings && !given)
      throw new CompareCommandError(
        `the records' mapping "${named}" is not a mapping of the cutover file ${options.cutover}: give the cutover file the records were written under`,
      );
    // The entry for the v1 id in whichever spelling the map keys it (`id` and `id@latest` are one journey).
    const key = journeyMapKeyOf(map, given?.v1 ?? mapping);
    // Without the cutover file a name can only be taken for the v1 id, and one that is not an entry would come out
    // as an entry serve refuses (no v2) or never looks up.
    if (!given && options.journeyMap && key === undefined)
      throw new CompareCommandError(
        `the records' mapping "${named}" is not an entry of the journey map ${options.journeyMap}: records name a mapping by its name in the cutover file; give --cutover with that file to find its v1 id`,
      );
    if (given?.dialect) {
      // Serve uses a mapping's own dialect over the journey map's entry: keys merged into the map would go unused.
      io.stderr.write(
        `${escapeControlCharacters(`note: ${mapping} has a dialect of its own in ${options.cutover}, which serve uses over the journey map: add these to its flowKeys there: ${JSON.stringify(learned.flowKeys)}`)}\n`,
      );
      continue;
    }
    const v1 = key ?? given?.v1 ?? mapping;
    const entry = withFlowKeys(key === undefined ? given?.v2 : map[key], learned.flowKeys);
    output[v1] = entry;
    if (entry.v2 === undefined)
      io.stderr.write(
        `${escapeControlCharacters(`note: the entry of ${v1} has no v2 (give --journey-map or --cutover for it): merge its flowKeys into its journey-map entry, serve refuses an entry without v2`)}\n`,
      );
  }
  io.stdout.write(`${JSON.stringify(file ? file.withEntries(output) : output, null, 2)}\n`);
  if (steps > 0) return 0;
  io.stderr.write(
    'journey-bridge: nothing learned: no v2 step of any mapping agreed with a v1 flow key in enough pairs, on enough outcomes (why is above)\n',
  );
  return 1;
}

/**
 * `journey-bridge compare FILE`: the report of a cutover's pair records (and `--html`), or with `--learn` the
 * flow keys learned from them. Exit codes: 0 consistency at or above `failUnder` (by default: no mismatch) with every
 * line read (but a cut-off last one), or a step given a flow key; 1 below it, a line not read, no pair with an
 * outcome on both sides, or nothing learned; `CompareCommandError`
 * (the CLI's 2) for unusable input.
 */
export async function runCompareCommand(options: CompareCommandOptions, io: CompareCommandIo): Promise<number> {
  const { html, failUnder = 100 } = options;
  const fromStdin = options.file === '-';
  const file = fromStdin ? 'standard input' : options.file;
  const { records, unreadable, unreadableLines, tooLong, cutOff } = await readPairRecords(file, {
    ...(fromStdin && { source: io.stdin ?? process.stdin }),
    // Only --learn reads the outcomes: the report keeps its memory for the records it counts.
    outcomes: options.learn === true,
  }).catch((error: unknown) => {
    throw error instanceof ReportInputError ? new CompareCommandError(error.message) : error;
  });
  const long = tooLong > 0 ? ` (${tooLong} of them longer than ${MAX_RECORD_LINE_BYTES / 1024 / 1024} MiB, not read)` : '';
  const lines = `line${unreadable === 1 ? '' : 's'} ${unreadableLines.join(', ')}${unreadable > unreadableLines.length ? ', …' : ''}`;
  if (unreadable > 0) io.stderr.write(`note: ${unreadable} line(s) of ${file} are not pair records and were skipped (${lines})${long}\n`);
  if (cutOff) io.stderr.write(`note: the last line of ${file} is cut off (a writer still appending it?) and was skipped\n`);
  if (records.length === 0) throw new CompareCommandError(`${file} holds no pair record`);
  if (options.learn) return learn(records, options, io);

  const summary = summariseRecords(records, { skipped: unreadable });
  // A line that is not read could be any result: the gate never passes on the records it could read alone.
  const meetsBar = reachesBar(summary.overall.results, failUnder);
  const passed = meetsBar && unreadable === 0;
  if (html === '-') io.stdout.write(renderHtmlReport(summary));
  else if (options.json) {
    // A consistency no pair gave is null, not left out: a script reads the same keys from every report.
    const json = JSON.stringify({ passed, failUnder, ...summary }, (_key, value: unknown) => (value === undefined ? null : value), 2);
    io.stdout.write(`${json}\n`);
  } else io.stdout.write(formatSummary(summary));
  if (html && html !== '-') {
    await writeFile(html, renderHtmlReport(summary)).catch((error: NodeJS.ErrnoException) => {
      throw new CompareCommandError(`cannot write ${html}: ${error.code ?? error.message}`);
    });
    io.stderr.write(`wrote ${html}\n`);
  }
  if (unreadable > 0)
    io.stderr.write(
      `journey-bridge: the gate fails: ${unreadable} line(s) of ${file} could not be read as pair records, and any of them may be a mismatch\n`,
    );
  const { consistent, compared } = consistentPairs(summary.overall.results);
  if (compared === 0) io.stderr.write('journey-bridge: the gate fails: no pair had an outcome on both sides to compare\n');
  else if (!meetsBar)
    io.stderr.write(
      `journey-bridge: the gate fails: ${consistent} of ${compared} compared pairs agree, under --fail-under ${failUnder}%\n`,
    );
  return passed ? 0 : 1;
}
