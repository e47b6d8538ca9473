import { lineRef, seenFrom } from '../edits/line-refs.js';
import { wholeWord } from '../parse/whole-word.js';
import type { FileContext } from './file-context.js';
import type { Site } from './types.js';

/** An import, in a file of the run, by a package name the codemod cannot resolve (no link in `node_modules`). */
export interface UnseenImport {
  readonly from: string;
  readonly specifier: string;
  /** The importing file's text. */
  readonly text: string;
}

/** Pieces that are not a literal's `file:offset`. */
const NOT_A_LITERAL = /^(wrapper|type-imports?|v1-client|run-time-base):/;

/**
 * A literal a site would change, held by a top-level constant (`export const JOURNEY_BASE = …`, `exports.BASE = BASE`)
 * whose name a file imports through its package's name the codemod cannot resolve: that file's v1 calls may build
 * their URLs on it, unseen, so the site stays v1, and its flow with it (`codemod.shared-constant`), as it does when
 * the run sees a v1 user of the literal.
 */
export function keepUnseenConstants(
  sites: readonly Site[],
  unseenImportsOf: (file: string) => readonly UnseenImport[],
  ctx: (file: string) => FileContext | undefined,
): void {
  for (const site of sites) {
    if (site.status !== 'migrated' && site.status !== 'needs-review') continue;
    for (const piece of site.pieces) {
      if (NOT_A_LITERAL.test(piece)) continue;
      const at = piece.lastIndexOf(':');
      const file = piece.slice(0, at);
      const name = constantAt(ctx(file), Number(piece.slice(at + 1)));
      const word = name && new RegExp(wholeWord(name));
      const unseen = word ? unseenImportsOf(file).find((entry) => entry.from !== file && word.test(entry.text)) : undefined;
      if (!unseen) continue;
      site.status = 'unsupported';
      site.rule = 'codemod.shared-constant';
      site.reason = `shares the literal at line ${lineRef(file, Number(piece.slice(at + 1)))} of ${seenFrom(file, site.file)} (${name}) with ${seenFrom(unseen.from, site.file)}, which imports it as '${unseen.specifier}', a package the codemod cannot resolve and whose v1 calls it may build on`;
      delete site.suggestion;
      break;
    }
  }
}

/** The name of the top-level constant whose value holds `offset`. */
function constantAt(ctx: FileContext | undefined, offset: number): string | undefined {
  for (const statement of ctx?.ast.program.body ?? []) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      const { init } = declarator;
      if (declarator.id.type === 'Identifier' && init && (init.start ?? 0) <= offset && offset < (init.end ?? 0)) return declarator.id.name;
    }
  }
  return undefined;
}
