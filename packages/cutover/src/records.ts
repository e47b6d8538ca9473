import { createHmac, randomBytes } from 'node:crypto';
import { RecordPublisherError } from './errors/record-publisher-error.js';
import { ERROR_NAME, RECORD_NAME } from './record-names.js';
import { reopeningFile } from './reopening-file.js';
import type { PairRecord } from './types.js';

/** Options of `createRecordPublisher`: a file, a function, or both. */
export interface RecordPublisherOptions {
  /**
   * Appends one JSON line per pair to this file, created if missing. When the path stops naming the open file
   * (renamed or removed, as log rotation does), the next record goes to a new file at the path.
   */
  file?: string;
  /** Called with each record as it would be written, e.g. to send it elsewhere. Its errors reach `publish`'s caller. */
  write?: (record: PairRecord) => void;
  /** Replace instance ids by an HMAC-SHA-256 of them under `salt`, so a record names no instance. @default true */
  hashInstanceIds?: boolean;
  /** The HMAC key. Give every replica the same to correlate their records. @default random, one per publisher */
  salt?: string;
  /**
   * Called once when the file cannot be written, with its path and code; every record then dropped is refused by
   * `publish`'s promise. Without it, `close` rejects with that error. @default none
   */
  onError?: (error: RecordPublisherError) => void;
}

/** Where `createCutover` sends one record per compared pair. */
export interface RecordPublisher {
  /** Resolves once the record is written (at once without a file); rejects when the file lost it. */
  publish(record: PairRecord): Promise<void>;
  /** Flushes the file and closes it; rejects with the error that stopped it, if any and no `onError` heard it. */
  close(): Promise<void>;
}

type Scalar = string | number | boolean | null | undefined;
const scalar = (value: unknown): Scalar =>
  value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value) ? (value as Scalar) : undefined;

/** Objects of scalars at any depth, nothing else: a value that is not a flag, count or word never reaches a line. */
function scalarsOnly(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return scalar(value);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scalarsOnly(inner)]));
}

/** An error's name, e.g. `TimeoutError`; anything longer or freer could be a message carrying data. */
const errorName = (name: string | undefined) => (name === undefined ? undefined : ERROR_NAME.test(name) ? name : 'Error');

/** A rule's name, e.g. `task-steps`; anything else is not one of ours. */
const ruleName = (name: string) => (RECORD_NAME.test(name) ? name : 'rule');

/**
 * The record as published, member by member: an unexpected member of a record never reaches the output, and
 * differences carry scalars only.
 */
function published(record: PairRecord, instance: (id: string) => string): PairRecord {
  const { mapping, stage, primary, result, differences, latencyMs, errors, at, outcomes, unchecked } = record;
  return {
    at,
    mapping,
    stage,
    primary,
    // A shadow that never started has no instance: its empty id stays empty rather than hashing to a shared value.
    v1Instance: record.v1Instance && instance(record.v1Instance),
    v2Instance: record.v2Instance && instance(record.v2Instance),
    result,
    differences: differences.map(({ module, field, v1, v2, explainedBy }) => ({
      module,
      field,
      v1: scalar(v1),
      v2: scalar(v2),
      explainedBy,
    })),
    latencyMs: { v1: latencyMs.v1, v2: latencyMs.v2 },
    ...(errors && { errors: { v1: errorName(errors.v1), v2: errorName(errors.v2) } }),
    ...(outcomes && { outcomes: scalarsOnly(outcomes) as PairRecord['outcomes'] }),
    ...(unchecked && { unchecked: unchecked.map((rule) => ruleName(rule)) }),
  };
}

/**
 * Publishes pair records as JSON lines to a file or a function. Records carry no subject values, images,
 * identity numbers or tokens; instance ids are HMAC-SHA-256 hashes (128 bits, hex) unless `hashInstanceIds` is
 * false. A file that cannot be written never throws into `publish`: see `onError`.
 */
export function createRecordPublisher(options: RecordPublisherOptions): RecordPublisher {
  const { file, write, hashInstanceIds = true, salt = randomBytes(32).toString('hex'), onError } = options;
  if (file === undefined && write === undefined) throw new RecordPublisherError('give a file, a write function, or both');
  const instance = hashInstanceIds ? (id: string) => createHmac('sha256', salt).update(id).digest('hex').slice(0, 32) : (id: string) => id;
  let failure: RecordPublisherError | undefined;
  const fail = (error: NodeJS.ErrnoException) => {
    if (failure) return;
    failure = new RecordPublisherError(`cannot write pair records to ${file}: ${error.code ?? error.message}`, {
      cause: error,
      path: file,
      code: error.code ?? error.name,
    });
    onError?.(failure);
  };
  const out = file === undefined ? undefined : reopeningFile(file, fail);
  return {
    publish(record) {
      const line = published(record, instance);
      // Each record lost is refused with the error that stopped the file, so the cutover counts every one.
      const appended = out
        ? out.append(`${JSON.stringify(line)}\n`).catch(() => {
            throw failure;
          })
        : Promise.resolve();
      // After the append has begun: a throw of the caller's `write` loses the record there, never in the file too.
      try {
        write?.(line);
      } catch (error) {
        return appended.then(
          () => Promise.reject(error),
          () => Promise.reject(error),
        );
      }
      return appended;
    },
    async close() {
      await out?.close();
      // Heard by `onError` already (and each lost record refused): a stop is not a second failure.
      if (failure && !onError) throw failure;
    },
  };
}
