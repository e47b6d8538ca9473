import type { Node } from '@babel/types';
import { isMember, propertyName, walk } from '../parse/walk.js';
import type { PlannedCall } from './call-sites.js';

/** `await x` → `x`, through parentheses and type assertions. */
function awaited(node: Node | null | undefined): Node | undefined {
  while (node?.type === 'TSAsExpression' || node?.type === 'TSNonNullExpression' || node?.type === 'ParenthesizedExpression')
    node = node.expression;
  return node?.type === 'AwaitExpression' ? node.argument : undefined;
}

/** `target.json()`. */
const isJsonOf = (node: Node | undefined, target: (object: Node) => boolean): boolean =>
  node?.type === 'CallExpression' && isMember(node.callee) && propertyName(node.callee) === 'json' && target(node.callee.object);

/**
 * The variable holding the response body of `call`, where the code shows it for sure: `const x = await
 * api.listTasks(…)`, `const x = await ky.post(…).json()`, `const { data: x } = await axios.post(…)`, or `const res
 * = await fetch(…)` followed by `const x = await res.json()`. A variable holding a response rather than a body
 * (an axios response, a fetch Response) is never returned: its `status` is the HTTP status.
 */
export function payloadVariable(call: PlannedCall): string | undefined {
  const ancestors = [...call.ancestors].reverse();
  const [, outer] = ancestors;
  // ky and got: the body is `.json()` of the call.
  const viaJson = isJsonOf(outer, (object) => object === call.call);
  const [wait, declarator] = ancestors.slice(viaJson ? 2 : 0);
  if (wait?.type !== 'AwaitExpression' || wait.argument !== (viaJson ? outer : call.call) || declarator?.type !== 'VariableDeclarator')
    return undefined;
  const { id } = declarator;
  if (id.type === 'ObjectPattern') {
    // axios: `const { data: list } = await axios.post(…)`.
    for (const property of id.properties) {
      const isData = property.type === 'ObjectProperty' && property.key.type === 'Identifier' && property.key.name === 'data';
      if (isData && property.value.type === 'Identifier') return property.value.name;
    }
    return undefined;
  }
  if (id.type !== 'Identifier') return undefined;
  if (viaJson || call.style === 'v1api') return id.name;
  // fetch: `const res = await fetch(…)`, then `const body = await res.json()` in the same function.
  const scope = ancestors.find((ancestor) => /Function/.test(ancestor.type) || ancestor.type === 'Program');
  let body: string | undefined;
  if (scope) {
    walk(scope, (candidate) => {
      if (body !== undefined || candidate.type !== 'VariableDeclarator' || candidate.id.type !== 'Identifier') return;
      if (isJsonOf(awaited(candidate.init), (object) => object.type === 'Identifier' && object.name === id.name)) body = candidate.id.name;
    });
  }
  return body;
}
