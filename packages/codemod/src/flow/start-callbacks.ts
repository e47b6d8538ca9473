// The code a v2 start hands its own instance id to: the callbacks of the call that makes it (the generated module's
// `waitUntilRun(start, (id) => fetch(…))`, `waitForResult(started, fetchState)`), and what those call by name.
import { isFunction, type Node } from '@babel/types';
import { walk } from '../parse/walk.js';
import { placeOf } from './call-ids.js';
import type { Sources } from './sources.js';

const holds = (node: Node, at: number) => node.start != null && node.end != null && node.start <= at && at < node.end;

/** The name a function is known by where it is declared: its own, its variable's, or its method's. */
function nameOf(fn: Node, parent: Node | undefined): string | undefined {
  if (fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') if (fn.id) return fn.id.name;
  if ((fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') && fn.key.type === 'Identifier') return fn.key.name;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  return undefined;
}

/**
 * A test of whether a v2 call (by id) only ever gets the id of a v2 start of `starts` (call ids): it is in the start's
 * function, in a callback handed to the call that makes the start, or in a function such a callback is, or calls, by
 * name (`fetchState`, `this.interaction`). By name: a function another call of the same name hands an outside id
 * is rare, and this only keeps `--check` from reporting a flow that may be half on v2.
 */
export function startCallbacks(sources: Sources, starts: readonly string[]): (id: string) => boolean {
  const handedNames = new Set<string>();
  const startsIn = new Map<string, number[]>();
  for (const start of starts) {
    const [file, offset] = placeOf(start);
    startsIn.set(file, [...(startsIn.get(file) ?? []), offset]);
  }
  for (const [file, offsets] of startsIn) {
    const source = sources.get(file);
    if (!source) continue;
    // The start itself (not a function holding it: a route handed to `router.post`), or a name it is held in
    // (`const started = start(…)`; `waitForResult(started, fetchState)`).
    const isStart = (argument: Node) =>
      (!isFunction(argument) && offsets.some((at) => holds(argument, at))) ||
      (argument.type === 'Identifier' &&
        [source.scopes.bindingOf(argument)?.declaration].some(
          (declared) =>
            declared?.type === 'VariableDeclarator' && declared.init != null && offsets.some((at) => holds(declared.init as Node, at)),
        ));
    walk(source.ctx.ast.program, (node) => {
      if (node.type !== 'CallExpression' || !node.arguments.some(isStart)) return;
      for (const argument of node.arguments) {
        if (argument.type === 'Identifier') handedNames.add(argument.name);
        if (!isFunction(argument)) continue;
        walk(argument, (inner) => {
          if (inner.type !== 'CallExpression') return;
          const { callee } = inner;
          if (callee.type === 'Identifier') handedNames.add(callee.name);
          if (callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression' && callee.property.type === 'Identifier')
            handedNames.add(callee.property.name);
        });
      }
    });
  }
  return (id) => {
    const [file, offset] = placeOf(id);
    const source = sources.get(file);
    if (!source) return false;
    let inStartsFunction = false;
    let handed = false;
    walk(source.ctx.ast.program, (node) => {
      if (!holds(node, offset)) return;
      if (isFunction(node)) {
        if ((startsIn.get(file) ?? []).some((at) => holds(node, at))) inStartsFunction = true;
        const name = nameOf(node, source.parent(node));
        if (name !== undefined && handedNames.has(name)) handed = true;
      }
      if (node.type === 'CallExpression' && node.arguments.some((argument) => isFunction(argument) && holds(argument, offset)))
        handed ||= node.arguments.some((argument) => (startsIn.get(file) ?? []).some((at) => holds(argument, at)));
    });
    return inStartsFunction || handed;
  };
}
