import type { Function as FunctionNode, Node, ObjectExpression } from '@babel/types';
import { isMember, keyName } from '../parse/walk.js';
import { type Binding, functionOfBinding, isFunctionValue } from './scopes.js';
import type { Source } from './sources.js';

/**
 * The name a function is called by as a member of its holder: a class or object method (`name() {}`), or a
 * function written as the value of a class or object property (`name: function () {}`, `name = () => {}`).
 */
export function memberName(source: Source, fn: FunctionNode): string | undefined {
  if (fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') {
    if (fn.kind !== 'method') return undefined;
    if (fn.key.type === 'Identifier' && !fn.computed) return fn.key.name;
    return fn.key.type === 'StringLiteral' ? fn.key.value : undefined;
  }
  const parent = source.parent(fn);
  if (parent?.type === 'ObjectProperty' && parent.value === fn) return keyName(parent);
  if (parent?.type === 'ClassProperty' && parent.value === fn && !parent.computed && parent.key.type === 'Identifier')
    return parent.key.name;
  return undefined;
}

/** The object literal a function is a method or a property value of (`{ name() {} }`, `{ name: function () {} }`). */
export function objectOfMember(source: Source, fn: FunctionNode): ObjectExpression | undefined {
  const member = fn.type === 'ObjectMethod' ? fn : source.parent(fn);
  if (member?.type !== 'ObjectMethod' && !(member?.type === 'ObjectProperty' && member.value === fn)) return undefined;
  const object = source.parent(member);
  return object?.type === 'ObjectExpression' ? object : undefined;
}

/** The function under key `name` of an object literal, the last one written winning as in JavaScript. */
export function propertyFunction(source: Source, object: ObjectExpression, name: string): FunctionNode | undefined {
  for (const property of [...object.properties].reverse()) {
    if (keyName(property) !== name) continue;
    if (property.type === 'ObjectMethod') return property.kind === 'method' ? property : undefined;
    if (property.type !== 'ObjectProperty') return undefined;
    if (isFunctionValue(property.value)) return property.value;
    if (property.value.type !== 'Identifier') return undefined;
    const binding = source.scopes.bindingOf(property.value);
    return binding && functionOfBinding(binding);
  }
  return undefined;
}

/**
 * The object literal a binding holds for good: `const api = { … }` (or `let`/`var`), never assigned again, nor
 * any of its properties (`api.list = other` would make `api.list()` call another function), nor handed to a call
 * that could do so (`Object.assign(api, patches)`).
 */
export function objectOfBinding(source: Source, binding: Binding): ObjectExpression | undefined {
  // Asked for at every `x.f()` call of the binding: its references are scanned once.
  if (heldObjects.has(binding)) return heldObjects.get(binding);
  const held = heldObject(source, binding);
  heldObjects.set(binding, held);
  return held;
}

const heldObjects = new WeakMap<Binding, ObjectExpression | undefined>();

function heldObject(source: Source, binding: Binding): ObjectExpression | undefined {
  const { declaration } = binding;
  if (declaration.type !== 'VariableDeclarator' || declaration.id !== binding.id || declaration.init?.type !== 'ObjectExpression')
    return undefined;
  const reassigned = binding.references.some((reference) => {
    const parent = source.parent(reference);
    const target = isMember(parent) && parent.object === reference ? parent : reference;
    const outer = source.parent(target);
    if ((outer?.type === 'AssignmentExpression' && outer.left === target) || outer?.type === 'UpdateExpression') return true;
    return (
      (parent?.type === 'CallExpression' || parent?.type === 'NewExpression') && parent.arguments.some((argument) => argument === reference)
    );
  });
  return reassigned ? undefined : declaration.init;
}

/**
 * The object a module exports as a whole (`module.exports = api`, `module.exports = { … }`, `export default api`),
 * with the binding that holds it when it has one.
 */
export function wholeExport(source: Source, kind: 'commonjs' | 'default'): { object: ObjectExpression; binding?: Binding } | undefined {
  let found: { object: ObjectExpression; binding?: Binding } | undefined;
  for (const statement of source.ctx.ast.program.body) {
    let value: Node | undefined;
    if (kind === 'default' && statement.type === 'ExportDefaultDeclaration') value = statement.declaration;
    if (
      kind === 'commonjs' &&
      statement.type === 'ExpressionStatement' &&
      statement.expression.type === 'AssignmentExpression' &&
      source.ctx.text(statement.expression.left) === 'module.exports'
    )
      value = statement.expression.right;
    if (!value) continue;
    if (value.type === 'ObjectExpression') found = { object: value };
    else if (value.type === 'Identifier') {
      const binding = source.scopes.lookup(value.name, source.ctx.ast.program);
      const object = binding && objectOfBinding(source, binding);
      found = object && binding ? { object, binding } : undefined;
    } else found = undefined;
  }
  return found;
}
