import type { CallExpression, Node } from '@babel/types';
import { answerOptions, gotAnswer, kyAnswer } from '../analysis/answer-options.js';
import { isMember, receiverText } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { type CallStyle, libraryOf } from './http-libraries.js';
import type { Receivers } from './receivers.js';

/** The style of an HTTP call in any of the forms the codemod recognises. */
export function callStyle(ctx: FileContext, call: CallExpression, receivers: Receivers): CallStyle {
  const style = libraryCallStyle(ctx, call, receivers);
  if (style !== 'ky') return style;
  const receiver = isMember(call.callee) ? receiverText(call.callee.object) : undefined;
  const instance = receiver === undefined ? undefined : receivers.instances.get(receiver)?.answerOptions;
  const own = answerOptions(call.arguments, { urlFirst: true });
  if (isGotCall(ctx, call, receivers)) return GOT_STYLES[gotAnswer(own, instance)];
  return kyAnswer(own, instance) === 'unknown' ? 'ky-unknown' : 'ky';
}

/** The style of a got call by what it answers (see `gotAnswer`). */
const GOT_STYLES = { response: 'ky', body: 'got-body', text: 'got-text', unknown: 'got-unknown' } as const;

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
