// The overload signatures of a function or method: TypeScript requires them compatible with the implementation,
// so an annotation of the implementation retyped to v2 is retyped in them as well.
import { isFunction, type Node } from '@babel/types';
import type { Source } from './sources.js';

type Signature = Extract<Node, { type: 'TSDeclareFunction' | 'TSDeclareMethod' }>;

/**
 * The overload signatures written right before `fn`: `function f(…): T;` before `function f(…) {…}` (exported or
 * not), or a class's `m(…): T;` before its `m(…) {…}`. TypeScript keeps them adjacent, so the search stops at the
 * first statement or member that is not one.
 */
export function overloadsOf(source: Source, fn: Node): Signature[] {
  if (fn.type === 'FunctionDeclaration' && fn.id) {
    const name = fn.id.name;
    const holder = source.parent(fn);
    const statement = holder?.type === 'ExportNamedDeclaration' || holder?.type === 'ExportDefaultDeclaration' ? holder : fn;
    return preceding(source, statement, (node) => {
      const declared = node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration' ? node.declaration : node;
      return declared?.type === 'TSDeclareFunction' && declared.id?.name === name ? declared : undefined;
    });
  }
  if (fn.type === 'ClassMethod' && !fn.computed) {
    const name = memberName(fn.key);
    if (name === undefined) return [];
    return preceding(source, fn, (node) =>
      node.type === 'TSDeclareMethod' && !node.computed && node.static === fn.static && memberName(node.key) === name ? node : undefined,
    );
  }
  return [];
}

/** The parameters at `target`'s place in the overload signatures of the function `target` is a parameter of. */
export function overloadParameters(source: Source, target: Node): Node[] {
  // `target`, `target = fallback` or `private target`: the parameter as the function lists it.
  let param = target;
  let parent = source.parent(param);
  if (parent?.type === 'AssignmentPattern' && parent.left === param) [param, parent] = [parent, source.parent(parent)];
  if (parent?.type === 'TSParameterProperty') [param, parent] = [parent, source.parent(parent)];
  if (!parent || !isFunction(parent)) return [];
  const index = parent.params.indexOf(param as never);
  if (index === -1) return [];
  return overloadsOf(source, parent).flatMap((signature) => signature.params[index] ?? []);
}

/** The signatures `match` finds among the statements or members right before `node`, up to the first it does not. */
function preceding(source: Source, node: Node, match: (sibling: Node) => Signature | undefined): Signature[] {
  const container = source.parent(node);
  const siblings = container && 'body' in container && Array.isArray(container.body) ? (container.body as Node[]) : [];
  const found: Signature[] = [];
  for (let index = siblings.indexOf(node) - 1; index >= 0; index--) {
    const signature = match(siblings[index] as Node);
    if (!signature) break;
    found.push(signature);
  }
  return found;
}

function memberName(key: Node): string | undefined {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  return undefined;
}
