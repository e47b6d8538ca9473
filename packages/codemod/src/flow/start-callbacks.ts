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

/** Whether `from` imports `name` from `file` (`import { fetchState } from './state'`). */
function importsFrom(sources: Sources, from: string, name: string, file: string): boolean {
  const source = sources.get(from);
  if (!source) return false;
  return source.ctx.ast.program.body.some(
    (statement) =>
      statement.type === 'ImportDeclaration' &&
      sources.modules.resolve(from, statement.source.value) === file &&
      // The same function under the same name: `import { other as fetchState }` hands another one.
      statement.specifiers.some(
        (specifier) =>
          specifier.type === 'ImportSpecifier' &&
          specifier.local.name === name &&
          (specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value) === name,
      ),
  );
}

/**
 * A test of whether a v2 call (by id) only ever gets the id of a v2 start of `starts` (call ids): it is in the start's
 * function, in a callback handed to the call that makes the start, or in a function such a callback is, or calls, by
 * name (`fetchState`, `this.interaction`). By name: a function another call of the same name hands an outside id
 * is rare, and this only keeps `--check` from reporting a flow that may be half on v2.
 */
export function startCallbacks(sources: Sources, starts: readonly string[]): (id: string) => boolean {
  /** Each name a v2 start's wait is handed or calls, with the files where it is: a name means its own file's function, or one it imports. */
  const handedNames = new Map<string, Set<string>>();
  const hand = (name: string, file: string) => handedNames.set(name, (handedNames.get(name) ?? new Set()).add(file));
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
        if (argument.type === 'Identifier') hand(argument.name, file);
        if (!isFunction(argument)) continue;
        walk(argument, (inner) => {
          if (inner.type !== 'CallExpression') return;
          const { callee } = inner;
          if (callee.type === 'Identifier') hand(callee.name, file);
          if (callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression' && callee.property.type === 'Identifier')
            hand(callee.property.name, file);
        });
      }
    });
  }
  return (id) => {
    const [file, offset] = placeOf(id);
    const source = sources.get(file);
    if (!source) return false;
    let innermost: Node | undefined;
    let handed = false;
    walk(source.ctx.ast.program, (node) => {
      if (!holds(node, offset)) return;
      if (isFunction(node)) {
        if (!innermost || (node.start ?? 0) >= (innermost.start ?? 0)) innermost = node;
        const name = nameOf(node, source.parent(node));
        const handedIn = name === undefined ? undefined : handedNames.get(name);
        if (name !== undefined && handedIn && [...handedIn].some((from) => from === file || importsFrom(sources, from, name, file)))
          handed = true;
      }
      if (node.type === 'CallExpression' && node.arguments.some((argument) => isFunction(argument) && holds(argument, offset)))
        handed ||= node.arguments.some((argument) => (startsIn.get(file) ?? []).some((at) => holds(argument, at)));
    });
    // The function the call is in holds the start itself: a route that also registers others does not count.
    const within = innermost;
    const inStartsFunction = within !== undefined && (startsIn.get(file) ?? []).some((at) => holds(within, at));
    return inStartsFunction || handed;
  };
}
