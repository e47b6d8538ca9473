import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { ReportInputError } from '../errors/report-input-error.js';
import { ERROR_NAME, RECORD_NAME } from '../record-names.js';
import type { PairRecord, Stage } from '../types.js';

const Side = z.enum(['v1', 'v2']);
/** A side that did not answer has no latency: left out, or `null` as a writer of another language may put it. */
const Latency = z
  .number()
  .nonnegative()
  .nullish()
  .transform((value) => value ?? undefined);
/**
 * A stage kind, or one this version does not know (a later one's, say) kept by its name: the stage only sorts
 * pairs in the report, while the result and the mapping, which the gate reads, are checked as strictly as ever.
 */
const StageName: z.ZodType<Stage['kind'] | (string & {})> = z.string().regex(RECORD_NAME);

/**
 * A difference's value: a scalar, as the publisher writes it. A line carrying anything else was not written by
 * it, and is skipped rather than printed: it could hold a subject's data.
 */
const DifferenceValue = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

/** A side's normal outcome as `recordOutcomes` writes it: what `--learn` reads of it must be there. */
const Outcome = z.looseObject({
  status: z.string(),
  modules: z.record(z.string(), z.looseObject({ outcome: z.string().optional(), classification: z.string().optional() })),
});

/** One line of a report file, as `createRecordPublisher` writes it; unknown members are kept. */
const PairRecordLine = z.looseObject({
  mapping: z.string(),
  stage: StageName,
  primary: Side,
  v1Instance: z.string(),
  v2Instance: z.string(),
  result: z.enum(['match', 'reasonable', 'mismatch', 'ignored', 'error', 'timeout']),
  differences: z.array(
    // A value the side did not have (a module missing on it) is left out of the line, not written as null.
    z.looseObject({
      module: z.string(),
      field: z.string(),
      v1: DifferenceValue,
      v2: DifferenceValue,
      explainedBy: z.string().regex(RECORD_NAME).optional(),
    }),
  ),
  latencyMs: z.looseObject({ v1: Latency, v2: Latency }),
  errors: z.looseObject({ v1: z.string().regex(ERROR_NAME).optional(), v2: z.string().regex(ERROR_NAME).optional() }).optional(),
  outcomes: z.looseObject({ v1: Outcome, v2: Outcome }).optional(),
  unchecked: z.array(z.string().regex(RECORD_NAME)).optional(),
  at: z.iso.datetime({ offset: true }),
});

/**
 * The longest line read as a record, in bytes: a record is a few kB (its outcomes included). A longer line is
 * skipped unread, so a damaged or hostile file can neither exhaust memory nor exceed what a string may hold.
 */
export const MAX_RECORD_LINE_BYTES = 1024 * 1024;

/** How many unreadable lines `readPairRecords` names by number: enough to find them, few enough to print. */
export const UNREADABLE_LINES_NAMED = 10;

/** The pair records of a JSON lines file, and how many of its lines were not one. */
export interface RecordsRead {
  readonly records: PairRecord[];
  /**
   * Lines that are not JSON or not a pair record, the too long included (blank lines are not counted, nor a
   * last line cut off).
   */
  readonly unreadable: number;
  /** The numbers (from 1) of the first `UNREADABLE_LINES_NAMED` of those, so that they can be found. */
  readonly unreadableLines: readonly number[];
  /** Of those, the lines longer than `MAX_RECORD_LINE_BYTES`, skipped unread. */
  readonly tooLong: number;
  /**
   * The last line has no newline and is not JSON: a writer was still appending it (or stopped mid-line). Skipped
   * like an unreadable line, but not counted as one: a file being written ends so.
   */
  readonly cutOff: boolean;
}

/**
 * The lines of `source`, each `undefined` when longer than `maxBytes`: only the line being read is held, up to
 * `maxBytes`. A last line without a newline is yielded as `{ last }`.
 */
async function* linesOf(
  source: AsyncIterable<Buffer | string>,
  maxBytes: number,
): AsyncGenerator<string | undefined | { readonly last: string }> {
  let pieces: Buffer[] = [];
  let length = 0;
  let overlong = false;
  let first = true;
  // A byte order mark some editors put at the start of a file is not part of the first line's JSON.
  const line = () =>
    overlong
      ? undefined
      : Buffer.concat(pieces)
          .toString('utf8')
          .replace(first ? /^\uFEFF|\r$/g : /\r$/, '');
  for await (const read of source) {
    const chunk = typeof read === 'string' ? Buffer.from(read) : read;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      if (!overlong) {
        length += end - start;
        overlong = length > maxBytes;
        pieces = overlong ? [] : [...pieces, chunk.subarray(start, end)];
      }
      if (newline === -1) break;
      yield line();
      first = false;
      pieces = [];
      length = 0;
      overlong = false;
      start = newline + 1;
    }
  }
  if (overlong) yield undefined;
  else if (length > 0) yield { last: line() as string };
}

/** Options of `readPairRecords`. */
export interface ReadRecordsOptions {
  /** Read from this instead of the file (standard input); `file` then only names it in errors. @default the file */
  source?: AsyncIterable<Buffer | string>;
  /**
   * Keep each record's `outcomes`, which `--learn` reads and the report does not: most of a record's size, and of
   * the memory a year of records takes. Checked either way. @default true
   */
  outcomes?: boolean;
}

/** Reads a report file line by line, so a large one never sits in memory as one string. */
export async function readPairRecords(file: string, { source, outcomes = true }: ReadRecordsOptions = {}): Promise<RecordsRead> {
  const records: PairRecord[] = [];
  const unreadableLines: number[] = [];
  let unreadable = 0;
  let tooLong = 0;
  let cutOff = false;
  let lineNumber = 0;
  const skip = () => {
    unreadable += 1;
    if (unreadableLines.length < UNREADABLE_LINES_NAMED) unreadableLines.push(lineNumber);
  };
  try {
    for await (const read of linesOf(source ?? createReadStream(file), MAX_RECORD_LINE_BYTES)) {
      lineNumber += 1;
      const line = typeof read === 'object' ? read.last : read;
      if (line === undefined) {
        tooLong += 1;
        skip();
        continue;
      }
      if (line.trim() === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        if (typeof read === 'object') cutOff = true;
        else skip();
        continue;
      }
      const parsed = PairRecordLine.safeParse(json);
      if (!parsed.success) skip();
      else if (outcomes) records.push(parsed.data as PairRecord);
      else {
        const { outcomes: _, ...record } = parsed.data;
        records.push(record as PairRecord);
      }
    }
  } catch (error) {
    throw new ReportInputError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      cause: error,
    });
  }
  return { records, unreadable, unreadableLines, tooLong, cutOff };
}
