import type { FileContext } from './file-context.js';
import { type Site, settle } from './types.js';

/** The spans of the namespaces in a file that hold code that runs (not `declare`d), outermost ones included. */
function namespaceSpans(ctx: FileContext): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  const visit = (statements: readonly { type: string }[]): void => {
    for (const statement of statements) {
      const declaration =
        statement.type === 'ExportNamedDeclaration' ? (statement as { declaration?: { type: string } }).declaration : statement;
      if (declaration?.type !== 'TSModuleDeclaration') continue;
      const namespace = declaration as { declare?: boolean; start?: number | null; end?: number | null };
      if (namespace.declare !== true) spans.push({ start: namespace.start ?? 0, end: namespace.end ?? 0 });
    }
  };
  visit(ctx.ast.program.body);
  return spans;
}

/**
 * A part written inside a TypeScript namespace stays v1: the codemod reads the calls there, but does not follow
 * `Journey.start(…)` from other code to the function the namespace holds, so a caller's v1 resource id, or its
 * read of the answer, would be left unseen beside a migrated call.
 */
export function keepNamespacedCode(sites: readonly Site[], ctxOf: (file: string) => FileContext | undefined): void {
  const spansOf = new Map<string, { start: number; end: number }[]>();
  const inNamespace = (file: string, offset: number) => {
    let spans = spansOf.get(file);
    if (!spans) {
      const ctx = ctxOf(file);
      spans = ctx?.isTypeScript ? namespaceSpans(ctx) : [];
      spansOf.set(file, spans);
    }
    return spans.some((span) => span.start <= offset && offset < span.end);
  };
  for (const site of sites) {
    if (site.status !== 'migrated' && site.status !== 'needs-review') continue;
    const parts = [{ file: site.file, start: site.span.start }, ...site.edits];
    if (!parts.some((part) => inNamespace(part.file, part.start))) continue;
    site.refusal ??= {
      rule: 'codemod.namespace',
      reason:
        'this code is in a TypeScript namespace, whose functions the codemod does not follow to the code that calls them: migrated, a caller could send a v1 resource id or read a v2 answer as v1 unseen',
      suggestion: 'move the functions out of the namespace into a module of their own (export function …), and run again',
    };
    settle(site);
  }
}
