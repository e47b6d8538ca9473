import { RE2JS } from 're2js';
import { ContractError } from '../errors/contract-error.js';
import { brandErrorClass } from '../errors/error-brand.js';

/** A v1 `filterKeys` entry that is no exact key and no pattern this package can match safely. */
export class FilterKeyError extends ContractError {
  static {
    brandErrorClass(FilterKeyError, '@journey-bridge/contract:FilterKeyError');
  }

  override name = 'FilterKeyError';
}

/** Whether one flow key is kept by one v1 `filterKeys` entry. */
export interface FilterKeyPattern {
  test(key: string): boolean;
}

/**
 * Keeps the flow entries whose key matches one of v1's `filterKeys`: `"/<regex>/<flags>"` literals (live callers
 * send `"/.*\/"`) or exact keys. No `filterKeys` keeps everything.
 */
export function filterFlow<T>(flow: Record<string, T>, filterKeys: readonly string[] | undefined): Record<string, T> {
  if (!filterKeys) return flow;
  const patterns = filterKeys.map(filterKeyPattern);
  return Object.fromEntries(Object.entries(flow).filter(([key]) => patterns.some((pattern) => pattern.test(key))));
}

/** The JavaScript flags a filter key may carry, as RE2's; `u` is RE2's own way of reading a pattern. */
const RE2_FLAGS: ReadonlyMap<string, number> = new Map([
  ['i', RE2JS.CASE_INSENSITIVE],
  ['m', RE2JS.MULTILINE],
  ['s', RE2JS.DOTALL],
  ['u', 0],
  // Dropped: with them a RegExp's `test` resumes where the previous key matched and skips keys.
  ['g', 0],
  ['y', 0],
]);

/**
 * The pattern of one filter key. A `/…/` literal is matched by RE2, in time linear in the key (the caller writes the
 * pattern, so it must not be able to stall the server), and must also be a valid JavaScript regular expression.
 * Throws `FilterKeyError` for one that is not a valid JavaScript expression, carries a flag other than `i`, `m`, `s`,
 * `u`, `g` or `y`, or uses what RE2 cannot match in linear time (backreferences, lookarounds).
 */
export function filterKeyPattern(key: string): FilterKeyPattern {
  const literal = /^\/(.*)\/([a-z]*)$/.exec(key);
  if (!literal) return { test: (candidate) => candidate === key };
  const [, source = '', flags = ''] = literal;
  let re2Flags = 0;
  for (const flag of flags) {
    const re2Flag = RE2_FLAGS.get(flag);
    if (re2Flag === undefined) throw new FilterKeyError(`filter key ${key.slice(0, 40)} has the flag ${flag}, not one of imsugy`);
    re2Flags |= re2Flag;
  }
  try {
    // RE2 alone would take syntax JavaScript refuses (`(?i)`, `\pL`), which a caller cannot have meant.
    new RegExp(source, flags);
  } catch (error) {
    throw new FilterKeyError(`filter key ${key.slice(0, 40)} is not a valid regular expression`, { cause: error });
  }
  try {
    return RE2JS.compile(source, re2Flags);
  } catch (error) {
    throw new FilterKeyError(`filter key ${key.slice(0, 40)} is not a pattern RE2 can match in linear time`, { cause: error });
  }
}

/** Whether `filterKeyPattern` accepts `key`. */
export function isValidFilterKey(key: string): boolean {
  try {
    filterKeyPattern(key);
    return true;
  } catch {
    return false;
  }
}
