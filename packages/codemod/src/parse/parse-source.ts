import { type ParserPlugin, parse } from '@babel/parser';
import type { File } from '@babel/types';

/** Extensions the codemod reads, and the parser plugins each needs. */
const PLUGINS: Readonly<Record<string, readonly ParserPlugin[]>> = {
  ts: ['typescript'],
  mts: ['typescript'],
  cts: ['typescript'],
  tsx: ['typescript', 'jsx'],
  js: ['jsx'],
  jsx: ['jsx'],
  mjs: [],
  cjs: [],
};

export const SUPPORTED_EXTENSIONS = Object.keys(PLUGINS);

export type ParseResult = { readonly ok: true; readonly ast: File } | { readonly ok: false; readonly error: string };

const extensionOf = (path: string): string => path.slice(path.lastIndexOf('.') + 1).toLowerCase();

/**
 * Parses with the parser jscodeshift uses, chosen by extension. Modules first; a file that is not a valid module
 * (CommonJS using `with`, legacy octals, top-level `return`…) is retried as a script unless it is an ES module
 * by extension.
 */
export function parseSource(path: string, text: string): ParseResult {
  const extension = extensionOf(path);
  const plugins = [...(PLUGINS[extension] ?? PLUGINS.js ?? [])];
  const attempt = (sourceType: 'module' | 'script'): ParseResult => {
    try {
      const ast = parse(text, { sourceType, plugins, allowReturnOutsideFunction: sourceType === 'script', errorRecovery: false });
      return { ok: true, ast };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
  const asModule = attempt('module');
  if (asModule.ok || extension === 'mjs' || extension === 'mts') return asModule;
  const asScript = attempt('script');
  return asScript.ok ? asScript : asModule;
}
