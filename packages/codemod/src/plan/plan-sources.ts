import type { ImportedConstants, ImportRequest, ParsedModule } from '../analysis/imported-constants.js';
import { parseSource } from '../parse/parse-source.js';
import { FileContext } from './file-context.js';
import type { OperationOptions } from './operations.js';
import { type FilePlan, planFile } from './plan-file.js';

export interface SourceFile {
  readonly file: string;
  readonly text: string;
}

export type PlannedSource = { readonly file: string; readonly plan: FilePlan } | { readonly file: string; readonly parseError: string };

/**
 * Parses each file once, runs the analysis of the constants they import (handed these parses, so a module that
 * is itself planned is not parsed again), then plans every file on the parse it already has. `analyse` is
 * injectable so worker threads can share one analysis; `keep` receives each file's context (its parse) when
 * planning runs in the thread that follows the flows afterwards.
 */
export async function planSources(
  sources: readonly SourceFile[],
  options: OperationOptions,
  analyse: (requests: readonly ImportRequest[], parsed: ReadonlyMap<string, ParsedModule>) => Promise<ImportedConstants>,
  onPlanned: () => void = () => undefined,
  keep?: (ctx: FileContext) => void,
): Promise<PlannedSource[]> {
  const parsed = sources.map((source) => ({ ...source, result: parseSource(source.file, source.text) }));
  const requests: ImportRequest[] = [];
  for (const { file, result } of parsed) {
    if (!result.ok) continue;
    for (const statement of result.ast.program.body) {
      // Bare specifiers too: a package of a workspace imports another's constants by its name, and the module graph
      // resolves that name to a file of the run when the package is linked (it answers nothing for any other).
      if (statement.type === 'ImportDeclaration') requests.push({ from: file, specifier: statement.source.value });
    }
    for (const match of parsedRequires(result.ast.program.body.map((statement) => statement)))
      requests.push({ from: file, specifier: match });
  }
  const modules = new Map(parsed.flatMap(({ file, text, result }) => (result.ok ? [[file, { text, ast: result.ast }] as const] : [])));
  const analysis = await analyse(requests, modules);
  return parsed.map(({ file, text, result }) => {
    let planned: PlannedSource;
    if (result.ok) {
      const ctx = new FileContext(file, text, result.ast, analysis);
      keep?.(ctx);
      planned = { file, plan: planFile(file, text, result.ast, analysis, options, ctx) };
    } else planned = { file, parseError: result.error };
    onPlanned();
    return planned;
  });
}

/** `require('./x')` and `require('pkg')` specifiers of top-level declarations. */
function parsedRequires(statements: readonly import('@babel/types').Statement[]): string[] {
  const specifiers: string[] = [];
  for (const statement of statements) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) {
      const init = declarator.init;
      if (
        init?.type === 'CallExpression' &&
        init.callee.type === 'Identifier' &&
        init.callee.name === 'require' &&
        init.arguments[0]?.type === 'StringLiteral'
      ) {
        specifiers.push(init.arguments[0].value);
      }
    }
  }
  return specifiers;
}
