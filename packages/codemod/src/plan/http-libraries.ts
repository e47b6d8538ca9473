import type { FileContext } from './file-context.js';

/**
 * What a call answers, by the library that makes it: a fetch `Response` (`.json()`), an axios response
 * (`.data`), a ky or got promise (`.json()`), a superagent request (`.send()`, then `.body`), the body itself
 * (`V1Api`), or whatever the called function of the project returns (`callee`). An axios instance whose response
 * interceptor hands back `response.data` answers the body (`axios-body`); one whose interceptor the codemod cannot
 * read answers it does not know what (`axios-intercepted`). A got call with `resolveBodyOnly: true` (its own option or
 * its instance's) answers the body: parsed under `responseType: 'json'` (`got-body`), else its text (`got-text`);
 * with options the code does not show, what it answers is unknown (`got-unknown`); so is a ky call whose options
 * (its own or its instance's) the code does not show, or that may change its answer (`ky-unknown`: `parseJson`, an
 * `afterResponse` hook).
 */
export type CallStyle =
  | 'fetch'
  | 'axios'
  | 'axios-body'
  | 'axios-intercepted'
  | 'ky'
  | 'got-body'
  | 'got-text'
  | 'got-unknown'
  | 'ky-unknown'
  | 'superagent'
  | 'body'
  | 'callee';

const LIBRARIES: Readonly<Record<string, CallStyle>> = {
  axios: 'axios',
  ky: 'ky',
  got: 'ky',
  superagent: 'superagent',
  'node-fetch': 'fetch',
};

/** The style of the HTTP library a name is imported (or required) from, if it is one. */
export function libraryOf(ctx: FileContext, name: string): CallStyle | undefined {
  const binding = ctx.imports.get(name);
  return binding ? libraryStyle(binding.specifier) : undefined;
}

/** The style of an HTTP library by the module it is imported from, if it is one. */
export const libraryStyle = (specifier: string): CallStyle | undefined => LIBRARIES[specifier];

/**
 * HTTP clients whose calls the codemod does not plan (their answers differ from every style above): undici's
 * `request` or `fetch`, ofetch's `$fetch`, a wretch chain, needle, phin and the like. A journey's id sent through one
 * may reach v1 at a URL the codemod cannot read, so each is an unreadable request, as `fetch` with such a URL is,
 * never a boundary such as a logger's.
 */
const UNPLANNED_CLIENTS: ReadonlySet<string> = new Set([
  'undici',
  'ofetch',
  'wretch',
  'needle',
  'phin',
  'bent',
  'request',
  'request-promise',
  'request-promise-native',
  'cross-fetch',
  'isomorphic-fetch',
  'isomorphic-unfetch',
  'unfetch',
  'redaxios',
  'make-fetch-happen',
  'minipass-fetch',
  '@hapi/wreck',
  'httpie',
  'simple-get',
  'got-cjs',
  'ky-universal',
  'node-fetch-native',
  'up-fetch',
  'xior',
  'undici-fetch',
  'tiny-json-http',
]);

/** Whether a name is imported (or required) from an HTTP client, one the codemod plans or not. */
export function sendsHttp(ctx: FileContext, name: string): boolean {
  const binding = ctx.imports.get(name);
  if (!binding) return false;
  const { specifier } = binding;
  return libraryStyle(specifier) !== undefined || UNPLANNED_CLIENTS.has(packageOf(specifier));
}

/** The package a bare specifier names: `undici` of `undici/lib/fetch`, `@hapi/wreck` of `@hapi/wreck/lib`. */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
