import { existsSync, readFileSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { bareId } from '@journey-bridge/contract';
import { analyseImportedConstants, type ImportedConstants, type ImportRequest, type ParsedModule } from './analysis/imported-constants.js';
import { ModuleGraph } from './analysis/module-graph.js';
import { patchedElsewhere } from './analysis/patched-elsewhere.js';
import { EditedFiles } from './edits/edited-files.js';
import { besideUnreadFiles, overlappingEdits, reportLeftFiles, type UnreadFile, unwritable, withFlowMates } from './edits/left-files.js';
import { emitHelpers } from './emit/helper-module.js';
import { CodemodWriteError } from './errors/codemod-write-error.js';
import { COMPONENT_EXTENSIONS, componentKindOf } from './files/components.js';
import { declarationFileOf } from './files/declaration-file.js';
import { discoverFiles, NoFilesError } from './files/discover-files.js';
import { helperModulesBeside } from './files/helper-modules-beside.js';
import { nearestPackageJsonField } from './files/package-json-field.js';
import { exportedNames, mentionsAny, mentionsV1, mentionsV2 } from './files/prefilter.js';
import { readSource } from './files/read-source.js';
import { type StagedWrite, stageWrite } from './files/staged-write.js';
import { analyseFlows } from './flow/analyse-flows.js';
import { Sources } from './flow/sources.js';
import type { V2Unfollowed } from './flow/tracker.js';
import { type CodemodOptions, DEFAULT_EXTENSIONS, DEFAULT_MAX_FILE_BYTES } from './options.js';
import { parseSource } from './parse/parse-source.js';
import type { FileContext } from './plan/file-context.js';
import { helpersOff } from './plan/helpers-off.js';
import type { OperationOptions } from './plan/operations.js';
import { type PlannedSource, planSources, type SourceFile } from './plan/plan-sources.js';
import { type Flow, resolvePlans } from './plan/resolve.js';
import type { Site, TextEdit } from './plan/types.js';
import { type MockOfV2, mocksOfV2 } from './report/mocks-of-v2.js';
import { planInWorkers } from './workers/plan-in-workers.js';

/**
 * `skipped`: no v1 text (prefilter); `created`: the generated helper module, new in the tree; `refused`: left
 * alone unread, unwritten or unedited, `error` says why (a symbolic link, binary, too large, read-only, not UTF-8,
 * unreadable or unwritable, edits that overlap).
 */
export type FileStatus = 'skipped' | 'unchanged' | 'changed' | 'created' | 'parse-error' | 'refused';

export interface FileOutcome {
  readonly file: string;
  readonly status: FileStatus;
  readonly error?: string;
  /** Text before and after, for changed and created files. */
  readonly before?: string;
  readonly after?: string;
}

/** A v2 start's instance sent to code the codemod cannot read, and the line where it is sent. */
export interface UnfollowedV2Start extends V2Unfollowed {
  readonly line: number;
}

/**
 * What a run did. Every line it names (a site's, in a reason, of a v2 start) is where the code is in the files as
 * the run leaves them, or would leave them when dry; with `linesAsRead`, in the files as read.
 */
export interface CodemodResult {
  readonly files: readonly FileOutcome[];
  readonly sites: readonly Site[];
  /** The journey flows found, each migrated whole or left on v1 whole. */
  readonly flows: readonly Flow[];
  /** Whether files were written (not a dry run). */
  readonly written: boolean;
  /** Milliseconds spent following the flows (the analysis across files, beside the planning of each file). */
  readonly flowMs: number;
  /** Where the instance of a v2 start is sent to code the codemod cannot read: a half migration while v1 remains. */
  readonly v2Unfollowed: readonly UnfollowedV2Start[];
  /** Test doubles of v1 (answers, path matches) in files that import code calling v2, as the run leaves it. */
  readonly mocksOfV2: readonly MockOfV2[];
}

/**
 * The files worth parsing: those with v1 or v2 text, those that write a v1 resourceId the journey map names (a
 * table of journey ids a start takes at a computed key: unread, its ids would go unseen while the start moved to
 * v2), and those that import a name from a candidate (its constants, its wrapper, its client class), to a fixed
 * point.
 */
function candidatesOf(files: readonly string[], texts: ReadonlyMap<string, string>, v1Ids: readonly string[]): string[] {
  const journeyText = (text: string) => mentionsV1(text) || mentionsV2(text) || v1Ids.some((id) => text.includes(id));
  const chosen = new Set(files.filter((file) => journeyText(texts.get(file) ?? '')));
  // The packages holding the candidates, by name: another package of a workspace imports their names by it.
  const packageNames = new Map<string, string | undefined>();
  const packages = new Set<string>();
  let added = [...chosen];
  while (added.length > 0) {
    const names = exportedNames(added.map((file) => texts.get(file) ?? ''));
    for (const file of added) {
      const name = nearestPackageJsonField(dirname(file), 'name', packageNames);
      if (name) packages.add(name);
    }
    added = names.length === 0 ? [] : files.filter((file) => !chosen.has(file) && mentionsAny(texts.get(file) ?? '', names, packages));
    for (const file of added) chosen.add(file);
  }
  return files.filter((file) => chosen.has(file));
}

/**
 * The one orchestrator: discover → prefilter on text → parse once and analyse imported constants → plan every
 * file → follow the flows across files → decide each flow whole → apply the edits as text splices, with the
 * helper module and its imports where migrated code needs them → write atomically.
 */
export async function runCodemod(options: CodemodOptions): Promise<CodemodResult> {
  const cwd = options.cwd ?? process.cwd();
  const extensions = options.extensions ?? DEFAULT_EXTENSIONS;
  const componentExtensions = Object.keys(COMPONENT_EXTENSIONS).map((dot) => dot.slice(1));
  const discovered = await discoverFiles(options.paths, [...new Set([...extensions, ...componentExtensions])], cwd);
  const components = discovered.filter(
    (file) => componentKindOf(file) !== undefined && !extensions.some((extension) => file.endsWith(`.${extension}`)),
  );
  const files = discovered.filter((file) => !components.includes(file));
  if (files.length === 0) throw new NoFilesError(options.paths, extensions);
  const texts = new Map<string, string>();
  const refused = new Map<string, string>();
  const unread: UnreadFile[] = [];
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const reads = await Promise.all(files.map((file) => readSource(file, maxBytes)));
  // Kept in the files' (sorted) order, not the order the reads finished in: every map built from these is walked
  // in it, and so is which part a marker names as the one that kept its flow on v1.
  files.forEach((file, index) => {
    const read = reads[index];
    if (read && 'text' in read) texts.set(file, read.text);
    else if (read) {
      refused.set(file, read.refused);
      unread.push({ file, why: read.refused, ...(read.scanText === undefined ? {} : { text: read.scanText }) });
    }
  });
  for (const [path, text] of await helperModulesBeside(texts)) texts.set(path, text);
  const candidates = candidatesOf(files, texts, [...new Set(Object.keys(options.journeyMap ?? {}).map(bareId))]);
  const modules = new ModuleGraph(texts);
  await readComponents(components, new Set(candidates), modules, maxBytes, refused, unread);
  const sources: SourceFile[] = candidates.map((file) => ({ file, text: texts.get(file) ?? '' }));
  const operationOptions: OperationOptions = {
    delivery: options.delivery ?? 'api',
    journeyMap: options.journeyMap,
    helpers: options.helpers ?? true,
  };
  let done = 0;
  const progress = () => options.onProgress?.(++done, sources.length);
  const cpus = Math.max(1, Math.min(options.cpus ?? 1, sources.length));
  const parsed: FileContext[] = [];
  const parsedModules = new Map<string, ParsedModule | undefined>();
  const parse = (file: string): ParsedModule | undefined => {
    if (!parsedModules.has(file)) {
      const text = texts.get(file);
      const result = text === undefined ? undefined : parseSource(file, text);
      parsedModules.set(file, result?.ok && text !== undefined ? { text, ast: result.ast } : undefined);
    }
    return parsedModules.get(file);
  };
  const analyseProject = (requests: readonly ImportRequest[], parseFile = parse): ImportedConstants => ({
    ...analyseImportedConstants(requests, modules, parseFile),
    ...patchedElsewhere(candidates, texts, [...refused.keys()], modules, parseFile),
  });
  let analysis: ImportedConstants = { resolved: {}, exports: {} };
  let planned: PlannedSource[];
  if (cpus > 1) ({ planned, analysis } = await planInWorkers(sources, operationOptions, cpus, progress, analyseProject));
  else {
    const analyse = async (requests: readonly ImportRequest[], asts: ReadonlyMap<string, ParsedModule>) =>
      (analysis = analyseProject(requests, (file) => asts.get(file) ?? parse(file)));
    planned = await planSources(sources, operationOptions, analyse, progress, (ctx) => parsed.push(ctx));
  }

  const plans = planned.flatMap((entry) => ('plan' in entry ? [entry.plan] : []));
  const parseErrors = new Map(planned.flatMap((entry) => ('parseError' in entry ? [[entry.file, entry.parseError] as const] : [])));
  const index = new Sources(texts, analysis, parsed, modules);
  const flowStarted = performance.now();
  const flowAnalysis = analyseFlows(plans, index, operationOptions);
  const ctxOf = (file: string) => index.get(file)?.ctx;
  const declarationCache = new Map<string, string | undefined>();
  for (const [file, error] of parseErrors) unread.push({ file, why: `it does not parse: ${error}`, text: texts.get(file) ?? '' });
  const resolution = resolvePlans(plans, flowAnalysis, (file) => ((texts.get(file) ?? '').includes('\r\n') ? '\r\n' : '\n'), {
    helpersOff: helpersOff(operationOptions),
    ctx: ctxOf,
    modules: index.modules,
    unseenImportsOf: (file) =>
      index.modules.unresolvedPackageImportsOf(file).map((entry) => ({ ...entry, text: texts.get(entry.from) ?? '' })),
    declarationOf: (file) => declarationFileOf(file, declarationCache),
  });
  const removalOf = (file: string, start: number, end: number) =>
    (resolution.edits.get(file) ?? []).find((edit) => edit.text === '' && edit.start <= start && end <= edit.end)?.start;
  const readExisting = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
  // Files the run leaves as they were, with their flows: beside a file it did not read, with overlapping edits, or
  // that cannot be written. Each time the set grows, the helper module is planned again for the files still changed
  // (where it goes and what it holds depend on them), and everything is staged again: nothing is in place yet.
  let left = withFlowMates(besideUnreadFiles(unread, resolution.flows, index.modules), resolution.flows);
  let edited: EditedFiles;
  let created: readonly { path: string; text: string }[];
  const staged = new Map<string, StagedWrite>();
  for (;;) {
    const kept = (file: string) => !left.has(file) && !parseErrors.has(file);
    const emission = emitHelpers(new Map([...resolution.helpers].filter(([file]) => kept(file))), ctxOf, readExisting, removalOf);
    const edits = new Map<string, TextEdit[]>([...resolution.edits].filter(([file]) => kept(file)));
    for (const edit of emission.edits) edits.set(edit.file, [...(edits.get(edit.file) ?? []), edit]);
    const overlapping = overlappingEdits(texts, edits);
    const grown = new Map([...left, ...withFlowMates(overlapping, resolution.flows)]);
    edited = new EditedFiles(texts, new Map([...edits].filter(([file]) => !grown.has(file))));
    created = emission.files;
    if (grown.size === left.size && !options.dry) {
      // Every file is staged before any takes its place, and all take it or none: one that cannot be written
      // leaves its flows as they were, and the others are written again without them.
      let failures = await stageAll(texts, edited, created, staged);
      if (failures.size === 0) failures = await commitAllOrNone(staged, texts);
      if (failures.size > 0) {
        await Promise.all([...staged.values()].map((write) => write.discard()));
        staged.clear();
        // A helper module that cannot be written leaves every file that would import one.
        const helperFailure = created.find(({ path }) => failures.has(path));
        if (helperFailure)
          for (const file of resolution.helpers.keys())
            if (kept(file)) failures.set(file, `the helper module ${helperFailure.path}: ${failures.get(helperFailure.path)}`);
        for (const { path } of created) failures.delete(path);
        left = new Map([...left, ...withFlowMates(unwritable(failures), resolution.flows)]);
        continue;
      }
    }
    if (grown.size === left.size) break;
    left = grown;
  }
  const flowMs = performance.now() - flowStarted;
  const flows = reportLeftFiles(resolution.flows, resolution.sites, left);
  const outcomes: FileOutcome[] = [];
  const candidateSet = new Set(candidates);
  for (const file of [...files, ...components.filter((component) => refused.has(component))].sort()) {
    const refusal = refused.get(file);
    if (refusal !== undefined) {
      outcomes.push({ file, status: 'refused', error: refusal });
      continue;
    }
    const parseError = parseErrors.get(file);
    if (parseError !== undefined) {
      outcomes.push({ file, status: 'parse-error', error: parseError });
      continue;
    }
    const leave = left.get(file);
    if (leave !== undefined) {
      outcomes.push({ file, status: 'refused', error: leave.reason });
      continue;
    }
    const before = texts.get(file) ?? '';
    const after = edited.text(file) ?? before;
    if (after !== before) outcomes.push({ file, status: 'changed', before, after });
    else outcomes.push({ file, status: candidateSet.has(file) ? 'unchanged' : 'skipped' });
  }
  for (const { path, text } of created) outcomes.push({ file: path, status: 'created', before: '', after: text });
  const lines = options.linesAsRead ? new EditedFiles(texts, new Map()) : edited;
  for (const site of resolution.sites) nameSiteLines(site, lines);
  return {
    files: outcomes,
    sites: resolution.sites,
    flows: flows.map((flow) => ({ ...flow, boundaries: [...new Set(flow.boundaries.map((place) => lines.name(place)))] })),
    written: !options.dry,
    flowMs,
    mocksOfV2: mocksOfV2(
      resolution.sites,
      [...texts.keys()],
      (file) => edited.text(file) ?? texts.get(file) ?? '',
      (file) => index.modules.importersOf(file),
    ),
    v2Unfollowed: flowAnalysis.v2Unfollowed.map((entry) => ({
      ...entry,
      line: lines.line(entry.file, entry.offset) ?? 0,
      text: lines.name(entry.text, entry.file),
    })),
  };
}

/** A site's line and the lines its reasons name, in `lines`: only once every edit of the run is known. */
function nameSiteLines(site: Site, lines: EditedFiles): void {
  const name = <T extends { readonly reason: string }>(concern: T): T => ({ ...concern, reason: lines.name(concern.reason, site.file) });
  site.line = lines.line(site.file, site.span.start) ?? site.line;
  if (site.status === 'migrated' || site.status === 'needs-review') {
    const elsewhere = new Map<string, { file: string; line: number }>();
    for (const { file, start } of site.edits) {
      const line = file === site.file ? undefined : lines.line(file, start);
      if (line !== undefined) elsewhere.set(`${file}:${line}`, { file, line });
    }
    if (elsewhere.size > 0) site.editedElsewhere = [...elsewhere.values()];
  }
  site.reason = lines.name(site.reason, site.file);
  if (site.suggestion !== undefined) site.suggestion = lines.name(site.suggestion, site.file);
  site.planned = name(site.planned);
  if (site.refusal) site.refusal = name(site.refusal);
  site.reviews = site.reviews.map(name);
}

/**
 * Stages the new text of every changed file and of each helper module to create; `staged` holds what was staged,
 * and the files that could not be, with why, are answered.
 */
async function stageAll(
  texts: ReadonlyMap<string, string>,
  edited: EditedFiles,
  created: readonly { path: string; text: string }[],
  staged: Map<string, StagedWrite>,
): Promise<Map<string, string>> {
  const writes = [
    ...[...texts.keys()].flatMap((file) => {
      const after = edited.text(file);
      return after === undefined || after === texts.get(file) ? [] : [{ file, text: after, create: false }];
    }),
    ...created.map(({ path, text }) => ({ file: path, text, create: true })),
  ];
  const failures = new Map<string, string>();
  await Promise.all(
    writes.map(async ({ file, text, create }) => {
      try {
        staged.set(file, await stageWrite(file, text, { create }));
      } catch (error) {
        failures.set(file, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
      }
    }),
  );
  return failures;
}

/**
 * Puts every staged file in place, or none: when one cannot take its place (an immutable file, a directory that
 * changed under the run), those already in place are given their text back and the files that failed are answered,
 * with why. Every staged file is committed or discarded either way.
 */
async function commitAllOrNone(
  staged: ReadonlyMap<string, StagedWrite>,
  originals: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const failures = new Map<string, string>();
  const committed: string[] = [];
  await Promise.all(
    [...staged.values()].map(async (write) => {
      try {
        await write.commit();
        committed.push(write.file);
      } catch (error) {
        failures.set(write.file, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
      }
    }),
  );
  if (failures.size > 0) await Promise.all(committed.map((file) => putBack(file, originals.get(file))));
  return failures;
}

/** Gives a file the text it had before the run (staged and renamed like any write), or removes one the run created. */
async function putBack(file: string, original: string | undefined): Promise<void> {
  try {
    if (original === undefined) await unlink(file);
    else await (await stageWrite(file, original, { create: false })).commit();
  } catch (error) {
    throw new CodemodWriteError(
      `${file} has its new text and could not be given back its old one: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/**
 * Reports, as refused and unread, the components (`.vue`, `.svelte`) that hold journey text or import a candidate
 * file: what their scripts call or read is not seen, so the flows they touch are left as they were.
 */
async function readComponents(
  components: readonly string[],
  candidates: ReadonlySet<string>,
  modules: ModuleGraph,
  maxBytes: number,
  refused: Map<string, string>,
  unread: UnreadFile[],
): Promise<void> {
  // Read together, as the run's own files are; looked at in their (sorted) order.
  const reads = await Promise.all(components.map((file) => readSource(file, maxBytes)));
  for (const [index, file] of components.entries()) {
    const read = reads[index];
    const text = read === undefined ? undefined : 'text' in read ? read.text : read.scanText;
    if (text === undefined) continue;
    if (!(mentionsV1(text) || mentionsV2(text) || modules.importsOfText(file, text).some((imported) => candidates.has(imported)))) continue;
    const why = `${componentKindOf(file)}: the codemod does not read the script inside its markup`;
    refused.set(file, why);
    unread.push({ file, why, text });
  }
}
