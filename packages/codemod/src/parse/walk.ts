import { type Node, VISITOR_KEYS } from '@babel/types';

/** Visits every node depth-first with its ancestors (nearest last). */
export function walk(root: Node, visit: (node: Node, ancestors: readonly Node[]) => void): void {
  const ancestors: Node[] = [];
  const enter = (node: Node): void => {
    visit(node, ancestors);
    ancestors.push(node);
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (const item of child) if (isNode(item)) enter(item);
      } else if (isNode(child)) enter(child);
    }
    ancestors.pop();
  };
  enter(root);
}

/** The nodes from `root` down to (not including) `target`, outermost first; empty when `target` is not under `root`. */
export function ancestorsOf(root: Node, target: Node): Node[] {
  let found: Node[] = [];
  walk(root, (node, ancestors) => {
    if (node === target) found = [...ancestors];
  });
  return found;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The name of a non-computed property or a string-keyed computed one. */
export function propertyName(node: Node): string | undefined {
  if (node.type !== 'MemberExpression' && node.type !== 'OptionalMemberExpression') return undefined;
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.computed && node.property.type === 'StringLiteral') return node.property.value;
  return undefined;
}

export const isMember = (node: Node | undefined): node is Extract<Node, { type: 'MemberExpression' | 'OptionalMemberExpression' }> =>
  node?.type === 'MemberExpression' || node?.type === 'OptionalMemberExpression';

/** The key of an object property written as an identifier or a string. */
export function keyName(node: Node): string | undefined {
  if (node.type !== 'ObjectProperty' && node.type !== 'ObjectMethod') return undefined;
  if (node.key.type === 'Identifier' && !node.computed) return node.key.name;
  if (node.key.type === 'StringLiteral') return node.key.value;
  return undefined;
}

/** The text a receiver is written as, `api` or `this.api`, or `undefined` for anything more complex. */
export function receiverText(node: Node): string | undefined {
  if (node.type === 'Identifier') return node.name;
  if (isMember(node) && node.object.type === 'ThisExpression') {
    const name = propertyName(node);
    return name === undefined ? undefined : `this.${name}`;
  }
  return undefined;
}

/** The value an expression hands on as it is: through `await`, parentheses, TypeScript's casts and `!`. */
export function unwrap(node: Node): Node {
  let at = node;
  while (
    at.type === 'AwaitExpression' ||
    at.type === 'ParenthesizedExpression' ||
    at.type === 'TSAsExpression' ||
    at.type === 'TSSatisfiesExpression' ||
    at.type === 'TSNonNullExpression'
  )
    at = at.type === 'AwaitExpression' ? at.argument : at.expression;
  return at;
}

/** Whether `wrapper` hands `child`'s value on as its own (a cast, `!`, `??`, either branch of a conditional). */
export function passesOn(wrapper: Node, child: Node): boolean {
  switch (wrapper.type) {
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
    case 'ParenthesizedExpression':
      return wrapper.expression === child;
    case 'LogicalExpression':
      return true;
    case 'ConditionalExpression':
      return wrapper.consequent === child || wrapper.alternate === child;
    case 'SequenceExpression':
      return wrapper.expressions.at(-1) === child;
    default:
      return false;
  }
}

/** A name written as names and dots (`Object.assign`, `res.render`, `withTenant`); empty for anything else. */
export function dottedName(node: Node): string {
  if (node.type === 'Identifier') return node.name;
  if (!isMember(node)) return '';
  const object = dottedName(node.object);
  const name = propertyName(node);
  return object && name ? `${object}.${name}` : '';
}
