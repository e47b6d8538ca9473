import type { FileContext } from './file-context.js';

/**
 * What a call answers, by the library that makes it: a fetch `Response` (`.json()`), an axios response
 * (`.data`), a ky or got promise (`.json()`), a superagent request (`.send()`, then `.body`), the body itself
 * (`V1Api`), or whatever the called function of the project returns (`callee`). An axios instance whose response
 * interceptor hands back `response.data` answers the body (`axios-body`); one whose interceptor the codemod cannot
 * read answers it does not know what (`axios-intercepted`).
 */
export type CallStyle = 'fetch' | 'axios' | 'axios-body' | 'axios-intercepted' | 'ky' | 'superagent' | 'body' | 'callee';

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
