import type { AnswerOptions } from './answer-options.js';

/** Where a piece of text sits verbatim in a file, so it can be edited in place. */
export interface TextSource {
  readonly file: string;
  /** Offset of the first character of the text (inside the quotes). */
  readonly start: number;
}

/**
 * A run of known text, or a value known only at run time (kept as its source text). `getter` names the getter a
 * hole was read through when that hole is the instance's own state (`this.region` in `get base()`): each instance
 * may hold another value, so the URL is not one the codemod can show. `fallback` is the text a hole takes when the
 * run-time value is missing (`process.env.BASE ?? '…/captain/api/'`), with `\0` for its own holes: a v1 base there
 * is one the run never rewrites, so no path joined to it can move to v2 alone.
 */
export type Part =
  | { readonly kind: 'text'; readonly value: string; readonly source?: TextSource }
  | { readonly kind: 'hole'; readonly text: string; readonly getter?: string; readonly fallback?: string };

/**
 * What static evaluation knows of an expression: a string made of parts, an object map of such values, or a
 * function that makes an HTTP client (`createHttp(token, baseURL = …)` returning `axios.create({ baseURL })`).
 */
export type StaticValue =
  | { readonly kind: 'string'; readonly parts: readonly Part[] }
  | { readonly kind: 'object'; readonly props: Readonly<Record<string, StaticValue>> }
  | ClientFactory
  | ClientInstance;

/**
 * A function whose one return is `X.create({ … })` or `X.extend({ … })` of an imported HTTP library: the module it
 * is imported from, and the base it gives the instance, written in it (`base`), or carried by a parameter
 * (`baseParam`, whose default, when it has one, is `base`).
 */
export interface ClientFactory {
  readonly kind: 'client';
  readonly library: string;
  readonly base?: StaticValue;
  readonly baseParam?: number;
  /** For got and ky, what the options it is made with say of its calls' answers. */
  readonly answerOptions?: AnswerOptions;
}

/**
 * An instance made by `X.create({ … })` or `X.extend({ … })` of an imported HTTP library (an exported `const http`),
 * and the base written in it, so a module that imports it (`const { http } = require('./config')`)
 * calls it as the one that made it would. `intercepted` when the module that made it touches its response
 * interceptors: what its calls answer is then unknown to a module reading it from there; `redirected`, with why,
 * when a request interceptor there may change where its calls go or what they send.
 */
export interface ClientInstance {
  readonly kind: 'instance';
  readonly library: string;
  readonly base?: StaticValue;
  readonly intercepted?: true;
  readonly redirected?: string;
  /** For got and ky, what the options it is made with say of its calls' answers. */
  readonly answerOptions?: AnswerOptions;
}

export const text = (value: string, source?: TextSource): StaticValue => ({
  kind: 'string',
  parts: [source ? { kind: 'text', value, source } : { kind: 'text', value }],
});

export const hole = (sourceText: string): StaticValue => ({ kind: 'string', parts: [{ kind: 'hole', text: sourceText }] });

/** String concatenation; an object in a string context is a run-time value. */
export function concat(values: readonly StaticValue[], sourceText: string): StaticValue {
  const parts: Part[] = [];
  for (const value of values) {
    if (value.kind !== 'string') parts.push({ kind: 'hole', text: sourceText });
    else parts.push(...value.parts);
  }
  return { kind: 'string', parts };
}

/** The value as one string with `\0` for each run-time hole, and the part each character came from. */
export function flatten(value: StaticValue): { readonly text: string; readonly partAt: readonly number[] } {
  if (value.kind !== 'string') return { text: '\0', partAt: [-1] };
  let result = '';
  const partAt: number[] = [];
  value.parts.forEach((part, index) => {
    const piece = part.kind === 'text' ? part.value : '\0';
    result += piece;
    for (let i = 0; i < piece.length; i++) partAt.push(index);
  });
  return { text: result, partAt };
}

/** The `key` of a static value, serialisable across worker threads. */
export const sourceKey = (source: TextSource): string => `${source.file}:${source.start}`;
