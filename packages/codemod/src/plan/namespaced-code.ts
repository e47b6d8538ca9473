import type { FileContext } from './file-context.js';
import { type Site, settle } from './types.js';

/** The spans of the namespaces a file declares at its top level that hold code that runs (not `declare`d). */
function namespaceSpans(ctx: FileContext): { start: number; end: number }[] {
  return ctx.ast.program.body.flatMap((statement) => {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    return declaration?.type === 'TSModuleDeclaration' && declaration.declare !== true
      ? [{ start: declaration.start ?? 0, end: declaration.end ?? 0 }]
      : [];
  });
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
