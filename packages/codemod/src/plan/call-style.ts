import type { CallExpression, Node } from '@babel/types';
import { isMember, keyName } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { type CallStyle, libraryOf } from './http-libraries.js';
import { type Receivers, receiverText } from './receivers.js';

/** The style of an HTTP call in any of the forms the codemod recognises. */
export function callStyle(ctx: FileContext, call: CallExpression, receivers: Receivers): CallStyle {
  const style = libraryCallStyle(ctx, call, receivers);
  return style === 'ky' && isGotCall(ctx, call, receivers) ? gotStyle(call) : style;
}

/**
 * Whether a call of the ky style is made by got: a got promise has `.json()` as ky's does, but once settled a got
 * response has no `.json()` of its own, unlike ky's.
 */
export function isGotCall(ctx: FileContext, call: CallExpression, receivers: Receivers): boolean {
  const { callee } = call;
  const root = isMember(callee) ? callee.object : callee;
  if (root.type === 'Identifier' && ctx.imports.get(root.name)?.specifier === GOT) return true;
  const receiver = receiverText(root);
  return receiver !== undefined && receivers.instances.get(receiver)?.module === GOT;
}

const GOT = 'got';

/**
 * A got call with `resolveBodyOnly` in its options (not written `false`) answers the body, parsed only under
 * `responseType: 'json'`.
 */
function gotStyle(call: CallExpression): CallStyle {
  const options = new Map<string, Node>();
  for (const argument of call.arguments) {
    if (argument.type !== 'ObjectExpression') continue;
    for (const property of argument.properties) {
      const key = property.type === 'ObjectProperty' ? keyName(property) : undefined;
      if (key !== undefined && property.type === 'ObjectProperty') options.set(key, property.value);
    }
  }
  const literal = (key: string) => {
    const value = options.get(key);
    return value?.type === 'BooleanLiteral' || value?.type === 'StringLiteral' ? value.value : undefined;
  };
  if (!options.has('resolveBodyOnly') || literal('resolveBodyOnly') === false) return 'ky';
  return literal('responseType') === 'json' ? 'got-body' : 'got-text';
}

/** The style of an HTTP call by the library (or instance, or function of the project) that makes it. */
function libraryCallStyle(ctx: FileContext, call: CallExpression, receivers: Receivers): CallStyle {
  const { callee } = call;
  if (callee.type === 'Identifier') {
    const library = libraryOf(ctx, callee.name);
    if (library) return intercepted(receivers, callee.name) ?? library;
    const local = ctx.imports.has(callee.name) || ctx.constant(callee.name) !== undefined || declaresFunction(ctx, callee.name);
    return callee.name === 'fetch' && !local ? 'fetch' : 'callee';
  }
  if (isMember(callee)) {
    const receiver = receiverText(callee.object);
    if (receiver !== undefined) {
      if (receivers.v1Api.has(receiver)) return 'body';
      const interception = intercepted(receivers, receiver);
      if (interception) return interception;
      const instance = receivers.instances.get(receiver);
      if (instance?.library) return instance.library;
      const library = callee.object.type === 'Identifier' ? libraryOf(ctx, callee.object.name) : undefined;
      if (library) return library;
    }
  }
  return 'callee';
}

/** The style of calls through an axios receiver with a response interceptor, which changes what they answer. */
function intercepted(receivers: Receivers, receiver: string): CallStyle | undefined {
  const interception = receivers.interceptors.get(receiver);
  if (!interception) return undefined;
  return 'unwraps' in interception ? 'axios-body' : 'axios-intercepted';
}

/** Whether the file declares a function of that name at its top level. */
function declaresFunction(ctx: FileContext, name: string): boolean {
  return ctx.ast.program.body.some((statement: Node) => {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    return declaration?.type === 'FunctionDeclaration' && declaration.id?.name === name;
  });
}
