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

/**
 * Decorators of TypeScript files: TypeScript's `experimentalDecorators` first (NestJS, Angular, TypeORM: parameter
 * decorators, `@Injectable() export class`), then the standard ones of TypeScript 5 (`export @dec class`, `accessor`).
 * A file uses one kind, and neither plugin reads the other's forms.
 */
const DECORATORS: readonly (readonly ParserPlugin[])[] = [['decorators-legacy'], [['decorators', {}], 'decoratorAutoAccessors']];

export const SUPPORTED_EXTENSIONS = Object.keys(PLUGINS);

export type ParseResult = { readonly ok: true; readonly ast: File } | { readonly ok: false; readonly error: string };

const extensionOf = (path: string): string => path.slice(path.lastIndexOf('.') + 1).toLowerCase();

/**
 * Parses with the parser jscodeshift uses, chosen by extension. Modules first; a file that is not a valid module
 * (CommonJS using `with`, legacy octals, top-level `return`…) is retried as a script unless it is an ES module
 * by extension. The first failure is the one reported.
 */
export function parseSource(path: string, text: string): ParseResult {
  const extension = extensionOf(path);
  const base = PLUGINS[extension] ?? PLUGINS.js ?? [];
  const variants = base.includes('typescript') ? DECORATORS.map((decorators) => [...base, ...decorators]) : [[...base]];
  const attempt = (sourceType: 'module' | 'script', plugins: ParserPlugin[]): ParseResult => {
    try {
      const ast = parse(text, { sourceType, plugins, allowReturnOutsideFunction: sourceType === 'script', errorRecovery: false });
      return { ok: true, ast };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
  const sourceTypes: ('module' | 'script')[] = extension === 'mjs' || extension === 'mts' ? ['module'] : ['module', 'script'];
  const failures: ParseResult[] = [];
  for (const sourceType of sourceTypes) {
    for (const plugins of variants) {
      const result = attempt(sourceType, plugins);
      if (result.ok) return result;
      failures.push(result);
    }
  }
  // At least one attempt ran; the first one's error (a module, TypeScript's decorators) is the one to read.
  return failures[0] as ParseResult;
}
