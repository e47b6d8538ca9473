import { ENDPOINT_MAP, type V1JourneyPath } from '@journey-bridge/contract';
import { flatten, type Part, type StaticValue, sourceKey } from '../analysis/static-value.js';
import type { TextEdit } from './types.js';

/** The v1 base path's segments; a URL may name them after a `/`, a run-time part, or at its start (relative to a base). */
export const V1_BASE = 'captain/api';
export const V2_BASE = 'v2/captain';

/** Longest first, so `task/list/schema` is not read as `task/list`. */
const V1_PATHS = (Object.keys(ENDPOINT_MAP) as V1JourneyPath[]).sort((a, b) => b.length - a.length);
const OPERATION = new RegExp(`(${V1_PATHS.map((path) => path.replaceAll('/', '\\/')).join('|')})(?=$|[/?#\\0])`);
/**
 * The v1 base path in a flattened URL: `captain/api` after a `/`, a hole or the start (`http.post('captain/api/…')`
 * against a client's base URL), ending there or before a path, query, fragment or hole.
 */
export const V1_BASE_PATTERN = /(?<=^|[/\0])captain\/api(?=$|[/?#\0])/;
/** The v2 base path in a flattened URL, where `V1_BASE_PATTERN` would find v1's. */
export const V2_BASE_PATTERN = /(?<=^|[/\0])v2\/captain(?=$|[/?#\0])/;

/** What a URL says about v1, and the in-place edits that move it to v2. */
export interface UrlMatch {
  /** The v1 operation, when the path names one. */
  readonly operation?: V1JourneyPath;
  /** The path names a task endpoint (v1 only) or the URL carries the v1 base path. */
  readonly isV1: boolean;
  readonly hasBase: boolean;
  readonly edits: TextEdit[];
  /** The edit of the operation's path among `edits`. */
  readonly operationEdit?: TextEdit;
  readonly pieces: string[];
  /** Why a needed edit cannot be made in place (the text is built at run time or escaped). */
  readonly problem?: string;
}

/**
 * Finds the v1 operation and base path in a statically evaluated URL, and the edits that move it to v2: the
 * operation to `ENDPOINT_MAP`'s path, or to `target` when given (a call written from another one).
 */
export function matchV1Url(value: StaticValue, target?: string): UrlMatch {
  const { text, partAt } = flatten(value);
  const parts = value.kind === 'string' ? value.parts : [];
  const edits: TextEdit[] = [];
  const pieces: string[] = [];
  let problem: string | undefined;
  const replace = (at: number, whole: string, wholeTo: string): void => {
    // Only what differs is edited: `journey/` may sit in a wrapper's base and `task/list` in its caller's argument.
    let head = 0;
    while (head < whole.length && head < wholeTo.length && whole[head] === wholeTo[head]) head++;
    let tail = 0;
    while (
      tail < whole.length - head &&
      tail < wholeTo.length - head &&
      whole[whole.length - 1 - tail] === wholeTo[wholeTo.length - 1 - tail]
    )
      tail++;
    const from = whole.slice(head, whole.length - tail);
    const to = wholeTo.slice(head, wholeTo.length - tail);
    const index = at + head;
    const part = parts[partAt[index] ?? -1];
    const end = partAt[index + from.length - 1];
    if (part?.kind !== 'text' || !part.source || end !== partAt[index]) {
      problem ??= `"${whole}" is built at run time or written with escapes`;
      return;
    }
    const offset = index - startOfPart(parts, partAt[index] ?? 0);
    const start = part.source.start + offset;
    edits.push({ file: part.source.file, start, end: start + from.length, text: to });
    pieces.push(sourceKey(part.source));
  };
  const operationMatch = OPERATION.exec(text);
  const operation = operationMatch?.[1] as V1JourneyPath | undefined;
  const baseMatch = V1_BASE_PATTERN.exec(text);
  if (V2_BASE_PATTERN.test(text)) return { isV1: false, hasBase: false, edits, pieces };
  const mapped = target ?? (operation ? ENDPOINT_MAP[operation] : undefined);
  if (operation && operationMatch && mapped !== undefined && mapped !== operation) replace(operationMatch.index, operation, mapped);
  const operationEdit = operation && mapped !== operation ? edits[0] : undefined;
  if (baseMatch) replace(baseMatch.index, V1_BASE, V2_BASE);
  const taskPath = text.includes('journey/task/');
  if (taskPath && !operation) problem ??= 'the v1 task path is assembled at run time';
  const isV1 = baseMatch !== null || taskPath;
  return {
    ...(operation ? { operation } : {}),
    isV1,
    hasBase: baseMatch !== null,
    edits,
    ...(operationEdit ? { operationEdit } : {}),
    pieces,
    ...(problem ? { problem } : {}),
  };
}

function startOfPart(parts: readonly Part[], index: number): number {
  let start = 0;
  for (let i = 0; i < index; i++) {
    const part = parts[i];
    start += part?.kind === 'text' ? part.value.length : 1;
  }
  return start;
}

/** The run-time part of a URL in front of its path, e.g. `this.baseUrl`: what a person must point at v2. */
export function leadingHole(value: StaticValue): string | undefined {
  if (value.kind !== 'string') return undefined;
  const first = value.parts[0];
  return first?.kind === 'hole' ? first.text : undefined;
}

/**
 * The base of a URL written out whole in front of its v1 operation, scheme and host included, without v1's
 * `/captain/api/` (`https://crm.example.com/api/journey/task/list`, or a `prefixUrl` so written joined to
 * `journey/task/list`): not a base known only at run time, so not one a person will point at v2. Another API's path
 * may look like v1's, or a gateway may forward to v1: the codemod cannot tell which, so it rewrites neither.
 */
export function otherWrittenBase(value: StaticValue): string | undefined {
  const { text } = flatten(value);
  const operation = OPERATION.exec(text);
  if (!operation) return undefined;
  const base = text.slice(0, operation.index);
  // `https://host/…`, or `//host/…` (the page's scheme).
  return /^(?:[a-z][a-z\d+.-]*:)?\/\/[^/\0]+/i.test(base) && !base.includes('\0') ? base : undefined;
}
