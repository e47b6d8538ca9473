import { isFunction, type Node, type ObjectExpression } from '@babel/types';
import type { JourneyMap, V1JourneyPath } from '@journey-bridge/contract';
import { evaluate } from '../analysis/evaluate.js';
import { bindsName } from '../parse/binds-name.js';
import { isMember, keyName, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { insertProperty, propertyOf, removeProperties, removeProperty, renameKey } from './object-edits.js';
import { visibleElements } from './participants.js';
import type { RequestBody } from './request-body.js';
import { planResourceId } from './resource-id.js';
import type { RuleId } from './rules.js';
import type { SiteBuilder } from './site-builder.js';
import { type CallShape, synthesizeCall } from './synthesize-call.js';
import type { DeferredStart } from './types.js';

export interface OperationOptions {
  readonly delivery: 'api' | 'page';
  readonly journeyMap: JourneyMap | undefined;
  readonly helpers: boolean;
  /** Why markers say helpers are off when `helpers` is false. @default `helpers are off (--no-helpers)` */
  readonly helpersOff?: string;
}

/** The change-register entry each v1 operation's call site is reported under. */
export const OPERATION_RULES: Readonly<Record<V1JourneyPath, RuleId>> = {
  'journey/start': 'request.start-delivery',
  'journey/task/list': 'endpoint.task-list',
  'journey/task/list/schema': 'endpoint.task-list-schema',
  'journey/task/schema': 'endpoint.task-schema',
  'journey/task/update': 'endpoint.task-update',
  'journey/state/fetch': 'endpoint.base-path',
};

const START_FORM = "{ resourceId: '<v2 id>', context: { config: { delivery: 'api' }, subject } }";
const SUBMIT_FORM = "{ instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }";
/** Where the participants expression goes in a deferred insertion. */
const HOLE = '\0';

/** Rewrites the request body of one v1 operation onto the site; refuses what it cannot do completely. */
export function planOperation(
  site: SiteBuilder,
  ctx: FileContext,
  operation: V1JourneyPath,
  body: RequestBody,
  options: OperationOptions,
  shape: CallShape,
): void {
  switch (operation) {
    case 'journey/start':
      planStart(site, ctx, body, options, shape);
      return;
    case 'journey/task/update':
      planSubmit(site, ctx, body, shape);
      return;
    case 'journey/task/schema':
      planTaskSchema(site, ctx, body);
      return;
    case 'journey/task/list/schema':
      site.needsReview(
        'endpoint.task-list-schema',
        'v2 has no task schemas: the interaction lists what it needs',
        'read interaction.collects[] { ref, spec } and outstanding[] instead of tasks[].schema and schemas',
      );
      onlyInstanceId(site, ctx, body);
      return;
    default:
      onlyInstanceId(site, ctx, body);
      return;
  }
}

/**
 * v2 reads an interaction or a state by `{ instanceId }` alone and refuses other fields (400): a v1 reader's
 * filters (`filterKeys`, a vendor CLI's `journeyId`, `filter`, `context`) only narrowed what v1 answered, so they go.
 */
function onlyInstanceId(site: SiteBuilder, ctx: FileContext, body: RequestBody): void {
  if (!('object' in body)) return;
  const { properties } = body.object;
  const spread = properties.find((property) => property.type !== 'ObjectProperty' && property.type !== 'ObjectMethod');
  if (spread) return void site.refuse('codemod.opaque-body', `${ctx.text(spread)} may carry fields v2 refuses`, '{ instanceId }');
  const edit = removeProperties(
    ctx,
    body.object,
    properties.filter((property) => keyName(property) !== 'instanceId'),
  );
  if (edit) site.edits.push(edit);
}

/** The fields a v1 start may carry that v2 takes (`context.config.async` is handled on its own). */
const START_FIELDS = new Set(['resourceId', 'deliveryId', 'context']);
const CONTEXT_FIELDS = new Set(['config', 'subject']);
const CONFIG_FIELDS = new Set(['async', 'delivery']);

function planStart(site: SiteBuilder, ctx: FileContext, body: RequestBody, options: OperationOptions, shape: CallShape): void {
  if (!('object' in body)) return void site.refuse('codemod.opaque-body', 'the start body is not visible in the code', START_FORM);
  const request = body.object;
  const unknown =
    unknownKeys(request, START_FIELDS) ?? unknownKeys(contextOf(request), CONTEXT_FIELDS) ?? unknownKeys(configOf(request), CONFIG_FIELDS);
  if (unknown) return void site.refuse('codemod.opaque-body', `${unknown} has no v2 counterpart in a start`, START_FORM);
  const resourceId = propertyOf(request, 'resourceId');
  let resourceIdParam: DeferredStart['resourceIdParam'];
  if (resourceId) {
    const plan = planResourceId(evaluate(resourceId.value, ctx), options.journeyMap);
    if ('edit' in plan) {
      // The literal may sit in another file (an imported constant): the edit goes there.
      site.edits.push(plan.edit);
      site.pieces.push(plan.piece);
    } else if ('refusal' in plan) site.refuse('request.start-resource-id', plan.refusal.reason, plan.refusal.suggestion);
    else {
      site.needsReview(
        'request.start-resource-id',
        `${ctx.text(resourceId.value)} must hold the v2 resourceId (v1 and v2 ids differ)`,
        'the resourceId of the v2 publication',
      );
      // A parameter: its callers' arguments are mapped once the flows are known.
      resourceIdParam = parameterOf(resourceId.value, shape.ancestors);
    }
  }
  const context = propertyOf(request, 'context');
  if (context?.value.type !== 'ObjectExpression')
    return void site.refuse('codemod.opaque-body', 'the start context is not an object literal', START_FORM);
  const delivery = `delivery: ${ctx.str(options.delivery)}`;
  const config = propertyOf(context.value, 'config');
  let synchronous = true;
  if (!config) {
    site.edits.push(insertProperty(ctx, context.value, `config: { ${delivery} }`));
  } else if (config.value.type === 'ObjectExpression') {
    const settings: ObjectExpression = config.value;
    const asyncFlag = propertyOf(settings, 'async');
    if (asyncFlag) {
      if (asyncFlag.value.type === 'BooleanLiteral') synchronous = !asyncFlag.value.value;
      else site.needsReview('request.start-async', `async was ${ctx.text(asyncFlag.value)}: v2 always starts asynchronously`);
    }
    const hasDelivery = propertyOf(settings, 'delivery') !== undefined;
    if (asyncFlag && settings.properties.length === 1) site.replace(settings, `{ ${delivery} }`);
    else {
      if (asyncFlag) site.edits.push(removeProperty(ctx, settings, asyncFlag));
      if (!hasDelivery) site.edits.push(insertProperty(ctx, settings, delivery, settings.properties[settings.properties.length - 1]));
    }
  } else {
    return void site.refuse('codemod.opaque-body', 'context.config is not an object literal', START_FORM);
  }
  if (synchronous) {
    site.needsReview(
      'request.start-async',
      'v1 ran this start synchronously; v2 answers at once with the instanceId only',
      'wait with waitForResult(start, (instanceId) => <state fetch>) before reading results',
    );
  }
  const subject = propertyOf(context.value, 'subject');
  const prefill = subject ? visibleElements(ctx, subject.value) : [];
  // The wait's fetches read the new instance's id from a parameter of their own: a name the copied call uses (a
  // header naming the instance this one follows) would be shadowed by it, and send the new id instead.
  const instanceParam = ['instanceId', 'startedId', 'newInstanceId'].find((name) => !usesName(shape.call, name));
  const state = synchronous && instanceParam ? synthesizeCall(ctx, shape, 'journey/state/fetch', instanceParam) : undefined;
  const interaction = synchronous && instanceParam ? synthesizeCall(ctx, shape, 'journey/interaction/fetch', instanceParam) : undefined;
  const range = answerRange(shape);
  const problem =
    (state && 'problem' in state && state.problem) || (interaction && 'problem' in interaction && interaction.problem) || undefined;
  site.deferred = {
    kind: 'start',
    ...(prefill ? { prefill } : {}),
    ...(resourceIdParam ? { resourceIdParam } : {}),
    synchronous,
    ...(state && 'call' in state && interaction && 'call' in interaction && range && instanceParam
      ? { wait: { ...range, instanceParam, fetchState: state.call, fetchInteraction: interaction.call } }
      : {}),
    ...(problem
      ? { waitProblem: problem }
      : synchronous && !instanceParam
        ? { waitProblem: 'the call uses every name the wait could give the new instance id' }
        : synchronous && !range
          ? { waitProblem: 'the start answers a response, not its body' }
          : {}),
  };
}

/**
 * Whether `node` reads the variable `name`, which a parameter of that name around it would shadow: not as a key or a
 * property (`{ name: … }`, `x.name`), nor in a type (`send<{ name: string }>`), unless in a `typeof`.
 */
function usesName(node: Node, name: string): boolean {
  let found = false;
  walk(node, (inner, ancestors) => {
    if (inner.type !== 'Identifier' || inner.name !== name) return;
    const parent = ancestors.at(-1);
    if (
      (parent?.type === 'ObjectProperty' || isMember(parent)) &&
      !parent.computed &&
      (parent.type === 'ObjectProperty' ? parent.key : parent.property) === inner
    )
      return;
    const types = ancestors.filter((ancestor) => /^TS(Type|Interface|PropertySignature)/.test(ancestor.type));
    if (types.length > 0 && !types.some((ancestor) => ancestor.type === 'TSTypeQuery')) return;
    found = true;
  });
  return found;
}

/** The function around a call and the position of its parameter `node` names, when it names one. */
function parameterOf(node: Node, ancestors: readonly Node[]): { fn: number; index: number } | undefined {
  if (node.type !== 'Identifier') return undefined;
  // The start may sit in a callback inside the function (`getToken().then(function (token) { … })`): the
  // parameter is that of the nearest function binding the name, provided no function between declares it again.
  for (const fn of [...ancestors].reverse()) {
    if (!isFunction(fn)) continue;
    const index = fn.params.findIndex((param) => {
      const target = param.type === 'AssignmentPattern' ? param.left : param;
      return target.type === 'Identifier' && target.name === node.name;
    });
    if (index !== -1) return { fn: fn.start ?? 0, index };
    if (bindsName(fn, node.name)) return undefined;
  }
  return undefined;
}

/** `context` of a request, if written as an object literal. */
const contextOf = (request: ObjectExpression): ObjectExpression | undefined => {
  const value = propertyOf(request, 'context')?.value;
  return value?.type === 'ObjectExpression' ? value : undefined;
};

/** `context.config` of a request, if written as an object literal. */
const configOf = (request: ObjectExpression): ObjectExpression | undefined => {
  const context = contextOf(request);
  const value = context && propertyOf(context, 'config')?.value;
  return value?.type === 'ObjectExpression' ? value : undefined;
};

/** The first key of `object` that is not in `known` (a spread counts as unknown), as written. */
function unknownKeys(object: ObjectExpression | undefined, known: ReadonlySet<string>): string | undefined {
  for (const property of object?.properties ?? []) {
    const key = keyName(property);
    if (key === undefined) return property.type === 'SpreadElement' ? '...spread' : 'a computed key';
    if (!known.has(key)) return key;
  }
  return undefined;
}

/**
 * The expression whose value is the start's answer body, to wrap in a wait: the call itself when it answers the
 * body (a `V1Api`, a function of the project, an axios instance whose interceptor unwraps the data, got with
 * `resolveBodyOnly` and `responseType: 'json'`), or the `.json()` after ky and got. A fetch `Response`, an axios
 * or superagent response are read further by the code: no range.
 */
function answerRange(shape: CallShape): { start: number; end: number } | undefined {
  const { call, ancestors, style } = shape;
  if (style === 'body' || style === 'callee' || style === 'axios-body' || style === 'got-body')
    return { start: call.start ?? 0, end: call.end ?? 0 };
  if (style !== 'ky') return undefined;
  const [member, outer] = [...ancestors].reverse();
  const json = member?.type === 'MemberExpression' && member.object === call && outer?.type === 'CallExpression' && outer.callee === member;
  return json ? { start: call.start ?? 0, end: outer.end ?? 0 } : undefined;
}

function planSubmit(site: SiteBuilder, ctx: FileContext, body: RequestBody, shape: CallShape): void {
  if (!('object' in body)) return void site.refuse('codemod.opaque-body', 'the task update body is not visible in the code', SUBMIT_FORM);
  const request = body.object;
  const intent = propertyOf(request, 'intent');
  if (intent) {
    const complete = intent.value.type === 'StringLiteral' && intent.value.value.toLowerCase() === 'complete';
    if (!complete) {
      // Any intent but a literal (`intent`, `isLast ? 'Complete' : 'Save'`) may be a Save or a Validate at run time.
      const reason =
        intent.value.type === 'StringLiteral'
          ? `intent ${ctx.text(intent.value)} has no v2 counterpart: v2 only takes complete elements`
          : `the intent (${ctx.text(intent.value)}) is set at run time and may be a Save or a Validate, which have no v2 counterpart: v2 only takes complete elements`;
      return void site.refuse('request.update-intent', reason, SUBMIT_FORM);
    }
  }
  const taskId = propertyOf(request, 'taskId');
  const context = propertyOf(request, 'context');
  if (!taskId || !context) {
    const missing = [taskId ? undefined : 'taskId', context ? undefined : 'context'].filter((key) => key !== undefined).join(' or ');
    // A body held in a name may gain the missing field afterwards (`body.context = …`): steps the codemod does not follow.
    const reason =
      body.at === request
        ? `the task update body has no ${missing}`
        : `the task update body (${ctx.text(body.at)}) has no ${missing} where it is declared: it is built in steps the codemod does not follow`;
    return void site.refuse('codemod.opaque-body', reason, SUBMIT_FORM);
  }
  const unknown = unknownKeys(request, new Set(['intent', 'instanceId', 'taskId', 'context']));
  if (unknown) return void site.refuse('codemod.opaque-body', `${unknown} has no v2 counterpart in a submit`, SUBMIT_FORM);
  let subject: string | undefined;
  let elements: ReturnType<typeof visibleElements>;
  if (context.value.type === 'ObjectExpression') {
    const subjectProperty = propertyOf(context.value, 'subject');
    if (!subjectProperty) return void site.refuse('codemod.opaque-body', 'the task update has no context.subject', SUBMIT_FORM);
    elements = visibleElements(ctx, subjectProperty.value);
    subject = ctx.text(subjectProperty.value);
  } else {
    subject = `${ctx.text(context.value)}.subject`;
  }
  if (intent) site.edits.push(removeProperty(ctx, request, intent));
  site.edits.push(renameKey(ctx, taskId, 'interactionId'));
  const instanceId = propertyOf(request, 'instanceId');
  const interaction = instanceId
    ? synthesizeCall(ctx, shape, 'journey/interaction/fetch', ctx.text(instanceId.value))
    : { problem: 'the update names no instanceId' };
  const asyncAt = asyncInsertion(shape.ancestors);
  const [before = '', after = ''] = insertProperty(ctx, request, `participants: ${HOLE}`, taskId).text.split(HOLE);
  const at = insertProperty(ctx, request, '', taskId);
  site.deferred = {
    kind: 'submit',
    insert: { ...at, text: before, after },
    ...(elements && elements.length > 0 ? { elements } : { subject }),
    ...('call' in interaction ? { fetchInteraction: interaction.call } : { problem: interaction.problem }),
    ...(asyncAt === undefined || asyncAt === 'async' ? {} : typeof asyncAt === 'number' ? { asyncAt } : { problem: asyncAt.problem }),
  };
}

/**
 * Where `async ` makes the function around a call async, so an interaction can be awaited in it: `'async'`
 * when it is already, a problem when it cannot become so (a generator, a getter, a declared non-Promise result).
 */
function asyncInsertion(ancestors: readonly Node[]): number | 'async' | { problem: string } | undefined {
  const fn = [...ancestors].reverse().find((node) => isFunction(node));
  if (!fn || !isFunction(fn)) return { problem: 'the update is not inside a function' };
  if (fn.async) return 'async';
  if (fn.generator) return { problem: 'the update is inside a generator' };
  if ((fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') && (fn.kind !== 'method' || fn.computed)) {
    return { problem: 'the update is inside a getter, setter, constructor or computed method' };
  }
  const returns = 'returnType' in fn ? fn.returnType : undefined;
  if (returns?.type === 'TSTypeAnnotation') {
    const type = returns.typeAnnotation;
    const promise = type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && type.typeName.name === 'Promise';
    if (!promise) return { problem: 'the function around the update declares a result that is not a Promise' };
  }
  if (fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') return fn.key.start ?? 0;
  return fn.start ?? 0;
}

function planTaskSchema(site: SiteBuilder, ctx: FileContext, body: RequestBody): void {
  const suggestion = 'journey/interaction/fetch { instanceId }: the interaction carries collects[] { ref, spec } and outstanding[]';
  const instanceId = 'object' in body ? propertyOf(body.object, 'instanceId') : undefined;
  const taskId = 'object' in body ? propertyOf(body.object, 'taskId') : undefined;
  if (!('object' in body) || !instanceId) {
    return void site.refuse(
      'endpoint.task-schema',
      'v2 fetches the interaction by instanceId; a taskId alone does not name it',
      suggestion,
    );
  }
  if (taskId) site.edits.push(removeProperty(ctx, body.object, taskId));
  site.needsReview(
    'endpoint.task-schema',
    'the interaction response carries the schema information (collects, spec, outstanding), not a JSON Schema',
    suggestion,
  );
}
