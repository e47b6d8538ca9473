// JSDoc types on the answers in JavaScript that TypeScript checks. The codemod rewrites TypeScript's annotations
// (`type-annotations.ts`) but not JSDoc text: a `@returns {Promise<TaskList>}` left on a function that answers v2
// would type v2 answers by v1 shapes, and hide from the checker the reads that break.
import type { Node } from '@babel/types';
import type { Source } from './sources.js';

/** Where a JSDoc type describes a value: a declaration or cast (`@type`), what a function returns, or a parameter of it. */
export type JsdocTypeSite = { readonly tag: 'type' } | { readonly tag: 'returns' } | { readonly tag: 'param'; readonly name: string };

/** Types any answer fits, v2's as v1's: the value keeps them. */
const OPEN = /^(?:\*|\?|any|unknown|object|Object|Record|Partial|Readonly|Response|AxiosResponse|KyResponse)\b/;
const PROMISE = /^(?:Promise|PromiseLike)<(.*)>$/;

/** Nodes whose JSDoc TypeScript reads for the function or declaration inside them. */
const HOLDERS = new Set([
  'VariableDeclarator',
  'VariableDeclaration',
  'ExportNamedDeclaration',
  'ExportDefaultDeclaration',
  'ObjectProperty',
  'ClassProperty',
  'AssignmentExpression',
  'ExpressionStatement',
]);

/**
 * The JSDoc type at `site` of `node` (a declared name's declaration, a function, or a parenthesized expression
 * cast by `/** @type {…} *\/ (…)`), when it names a shape an answer may not fit: `undefined` when there is none,
 * or it is open (`any`, `*`, `object`, `Promise<unknown>`).
 */
export function jsdocType(source: Source, node: Node, site: JsdocTypeSite): string | undefined {
  const docs: string[] = [];
  if (site.tag === 'type' && node.extra?.parenthesized === true) docs.push(...jsdocs(node));
  else
    for (let at: Node | undefined = node; at; at = HOLDERS.has(source.parent(at)?.type ?? '') ? source.parent(at) : undefined)
      docs.push(...jsdocs(at));
  for (const doc of docs) {
    const type = tagged(doc, site);
    if (type !== undefined && !isOpen(type)) return type;
  }
  return undefined;
}

const jsdocs = (node: Node): string[] =>
  (node.leadingComments ?? [])
    .filter((comment) => comment.type === 'CommentBlock' && comment.value.startsWith('*'))
    .map((comment) => comment.value);

/** The type in braces of the tag `site` names in `doc`, braces inside it balanced (`{{ tasks: Task[] }}`). */
function tagged(doc: string, site: JsdocTypeSite): string | undefined {
  const tags = site.tag === 'returns' ? '(?:returns?|type)' : site.tag === 'param' ? '(?:param|arg|argument)' : 'type';
  for (const match of doc.matchAll(new RegExp(`@${tags}\\s*\\{`, 'g'))) {
    const open = match.index + match[0].length;
    let depth = 1;
    let end = open;
    while (end < doc.length && depth > 0) {
      if (doc[end] === '{') depth++;
      else if (doc[end] === '}') depth--;
      end++;
    }
    const type = doc.slice(open, end - 1).trim();
    if (site.tag !== 'param') return type;
    const name = /^\s*\[?\s*([\w$.]+)/.exec(doc.slice(end))?.[1];
    if (name === site.name) return type;
  }
  return undefined;
}

function isOpen(type: string): boolean {
  let inner = type.replace(/\s+/g, '');
  for (let promised = PROMISE.exec(inner); promised; promised = PROMISE.exec(inner)) inner = promised[1] ?? '';
  return OPEN.test(inner);
}
