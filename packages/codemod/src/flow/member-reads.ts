import type { Node } from '@babel/types';
import { RESULT_PATHS } from '@journey-bridge/contract';
import { placeRef } from '../edits/line-refs.js';
import { isMember, propertyName } from '../parse/walk.js';
import { placeOf } from './call-ids.js';
import { ARRAY_METHODS, arrayMethod, callback, requiredId, tasksMember, tasksRead, wholeListRead } from './lists.js';
import type { Source } from './sources.js';
import { decisionEscapes, outcomeTest, statusMatched } from './status-and-decision.js';
import { idUnfollowed } from './text-uses.js';
import type { Member, Tracking } from './tracking.js';
import { REPEATABLE, readEither, ruleOf } from './v2-forms.js';
import { bodyKey, type Shape, type Value } from './values.js';

/** The flow key of the decision entry in the specification's dialect. */
const DECISION_KEY = 'decision';

/** `node.name` (or `node[index]`) read from a value. */
export function member(tracking: Tracking, value: Value, member: Member, source: Source): void {
  const { shape } = value;
  const name =
    propertyName(member) ?? (member.computed && member.property.type === 'NumericLiteral' ? String(member.property.value) : undefined);
  const call = source.parent(member);
  const called = (call?.type === 'CallExpression' || call?.type === 'OptionalCallExpression') && call.callee === member ? call : undefined;
  const from = (next: Shape) => tracking.follow({ ...value, shape: next }, member, source);
  // Promises of an answer: what `.then` receives is the answer; `.catch` and `.finally` pass it on. So of what an
  // async function returns made of it (`return { status: state.status }`, `return state.status`).
  if (
    called &&
    (shape.kind === 'body' || shape.kind === 'response' || shape.kind === 'opaque' || shape.kind === 'record' || shape.kind === 'leaf')
  ) {
    if (name === 'then') return void callback(tracking, value, called, source, 'then');
    if (name === 'catch' || name === 'finally') return void tracking.follow(value, called, source);
  }
  switch (shape.kind) {
    case 'record':
      if (name === shape.key) return void from(shape.inner);
      return;
    case 'response':
      if (bodyKey(shape.style, name)) return void from({ kind: 'body' });
      if ((shape.style === 'fetch' || shape.style === 'ky') && name === 'json' && called) {
        // The body of a failed answer is v1's error body: the error reads of the call rewrite it.
        if (inFailureBranch(source, member.object, called)) return;
        const typeArgument = called.typeParameters?.params[0];
        if (typeArgument) tracking.retype(source, typeArgument, { ...value, shape: { kind: 'body' } });
        return void tracking.follow({ ...value, shape: { kind: 'body' } }, called, source);
      }
      if (shape.style === 'superagent' && called) return void tracking.follow(value, called, source);
      return;
    case 'body':
      return void bodyMember(tracking, value, member, name, source);
    case 'opaque':
      // A read of it is a part of the flow, kept on v1 with the call; what it reads is followed on, ids included.
      tracking.site(source, member, value, ruleOf(value), 'a read of an intercepted answer');
      return void from(shape);
    case 'data':
      if (name === 'process') return void from({ kind: 'process', root: shape.root });
      if (name === 'context') return void from({ kind: 'context', root: shape.root });
      return void tracking.refuseState(source, member, value, `data.${name ?? '[…]'} of a v1 state has no v2 counterpart`);
    case 'context':
      if (name === 'process') return void from({ kind: 'process', root: shape.root });
      return void tracking.refuseState(source, member, value, `data.context.${name ?? '[…]'} of a v1 state has no v2 counterpart`);
    case 'process':
      if (name === 'flow') return void flow(tracking, value, member, shape.root, source);
      return void tracking.refuseState(source, member, value, `process.${name ?? '[…]'} of a v1 state has no v2 counterpart`);
    case 'decision-entry':
      if (name === 'result') return void from({ kind: 'decision-result', root: shape.root });
      return void tracking.refuseState(source, member, value, 'the decision entry of a v1 flow has only a result');
    case 'decision-result':
      if (name !== 'outcome')
        return void tracking.refuseState(source, member, value, 'the decision entry of a v1 flow has only result.outcome');
      return void decision(tracking, value, member, shape.root, source);
    case 'entries':
      if (wholeListRead(tracking, value, member, name, called, source) || name === 'length') return;
      if (called && name !== undefined && ARRAY_METHODS.has(name))
        return void arrayMethod(tracking, value, { kind: 'entry' }, name, called, source);
      if (member.computed && member.property.type === 'NumericLiteral') return void from({ kind: 'entry' });
      return void tracking.refuseState(source, member, value, `${name ?? 'this use'} of the v1 flow's entries has no v2 counterpart`);
    case 'entry':
      if (name === 'result') return void from({ kind: 'entry-result' });
      if (name === '_ggo')
        return void tracking.refuseState(
          source,
          member,
          value,
          'v2 steps carry no _ggo: the codemod cannot tell which steps the decision engine marked',
        );
      return void tracking.refuseState(source, member, value, `${name ?? 'this field'} of a v1 flow entry has no v2 counterpart on a step`);
    case 'entry-result':
      if (name === 'outcome') return void from({ kind: 'leaf', leaf: 'outcome' });
      if (name === 'status') return void from({ kind: 'leaf', leaf: 'other' });
      return void tracking.refuseState(source, member, value, `result.${name ?? '[…]'} of a v1 flow entry has no v2 counterpart on a step`);
    case 'strings':
      if (wholeListRead(tracking, value, member, name, called, source)) return;
      if (called && name !== undefined && ARRAY_METHODS.has(name))
        return void arrayMethod(tracking, value, { kind: 'leaf', leaf: shape.of }, name, called, source);
      return;
    case 'tasks':
      return void tasksMember(tracking, value, shape, member, name, source);
    case 'task':
      if (name === 'taskId') {
        const task = source.ctx.text(member.object);
        // Read as there being a task, which threw on none: the id that throws too, unless it cannot be undefined.
        if (member.optional || shape.defined)
          tracking.site(source, member, value, 'endpoint.task-list', 'v1 task → the v2 interaction').replace(member, task);
        else requiredId(tracking, source, member, value, task);
        return void from({ kind: 'leaf', leaf: 'taskId' });
      }
      // The task becomes the interaction's id, a string: a variantId read from it could only be undefined.
      if (name === 'variantId') {
        return void tracking.refuse(
          source,
          member,
          value,
          'response.variant-id',
          `${source.ctx.text(member)} has no v2 counterpart: the task becomes the interaction's id`,
          'read the interaction fetch response (interaction.resource.id, collects)',
        );
      }
      return void tracking.refuse(
        source,
        member,
        value,
        'endpoint.task-list',
        `task.${name ?? '[…]'} has no v2 counterpart on an interaction`,
      );
    case 'leaf':
      if (shape.leaf === 'instanceId' && called) {
        // A test of the id answers no text; `id.trim()` is the id; `id.concat(…)`, `id.slice(…)` are text made of it.
        if (name !== undefined && ID_TESTS.has(name)) return;
        if (name !== undefined && SAME_ID.has(name)) return void tracking.follow(value, called, source);
        return void idUnfollowed(tracking, value, called, source, `made into text by .${name ?? '[…]'}()`);
      }
      if (shape.leaf === 'outcome' && called && /^(startsWith|includes|endsWith)$/.test(name ?? ''))
        return void outcomeTest(tracking, value, called, source);
      if (shape.leaf === 'decision' && called) decisionEscapes(tracking, value, called, source);
      if (shape.leaf === 'status')
        statusMatched(tracking, value, called ?? member, source, `reads it through .${name ?? '[…]'}${called ? '()' : ''}`);
      return;
  }
}

/** String methods that answer a test or a position of the id, never text made of it. */
const ID_TESTS = new Set(['startsWith', 'endsWith', 'includes', 'indexOf', 'lastIndexOf', 'localeCompare', 'search']);
/** String methods that answer the id itself, as a v1 instance id (hexadecimal, no spaces) is written. */
const SAME_ID = new Set(['trim', 'trimStart', 'trimEnd', 'toString', 'valueOf', 'toLowerCase', 'toUpperCase']);

/** A member of a call's answer body, by operation. */
function bodyMember(tracking: Tracking, value: Value, member: Member, name: string | undefined, source: Source): void {
  const from = (next: Shape) => tracking.follow({ ...value, shape: next }, member, source);
  const root = REPEATABLE.test(source.ctx.text(member.object)) ? source.ctx.text(member.object) : undefined;
  switch (value.operation) {
    case 'journey/task/list':
    case 'journey/task/list/schema':
      if (name === 'instanceId') return void from({ kind: 'leaf', leaf: 'instanceId' });
      if (name === 'status') {
        // v2 reports the journey's status on the interaction.
        const accessor = source.ctx.source.slice(member.object.end ?? 0, member.property.start ?? 0);
        tracking
          .site(source, member, value, 'endpoint.task-list', 'v1 task list status → the journey status')
          .edit(member.object.end ?? 0, member.end ?? 0, `${accessor}journey?.status`);
        return void from({ kind: 'leaf', leaf: 'status' });
      }
      if (name === 'tasks') {
        // The end interaction has an interactionId too: a task is an interaction that collects data.
        return void tasksRead(tracking, value, member, source);
      }
      return void tracking.refuse(
        source,
        member,
        value,
        value.operation === 'journey/task/list' ? 'endpoint.task-list' : 'endpoint.task-list-schema',
        `${name ?? 'this field'} of a v1 task list has no v2 counterpart on an interaction`,
        'interaction.collects[] { ref, spec } and outstanding[]',
      );
    case 'journey/state/fetch':
      return void stateMember(tracking, value, member, name, root, source);
    case 'journey/start':
      if (name === 'instanceId') return void from({ kind: 'leaf', leaf: 'instanceId' });
      if (value.startAsState) {
        tracking.markReadAsState(value);
        return void stateMember(tracking, value, member, name, root, source);
      }
      return void tracking.refuse(
        source,
        member,
        value,
        'response.start',
        `a v1 start answered { instanceId }: ${name ?? 'this field'} is not in it`,
      );
    case 'v2':
      if (name === 'instanceId') return void from({ kind: 'leaf', leaf: 'instanceId' });
      if (name === 'data') v1StateReadOfV2(tracking, value, member, source);
      return;
    case 'v1-unrecognized':
      if (name === 'instanceId') return void from({ kind: 'leaf', leaf: 'instanceId' });
      return;
    default:
      return void tracking.refuse(
        source,
        member,
        value,
        value.operation === 'journey/task/update' ? 'endpoint.task-update' : 'endpoint.task-schema',
        `the v1 answer of ${value.operation} has no v2 counterpart for ${name ?? 'this read'}`,
        value.operation === 'journey/task/update' ? "{ status: 'success' }" : 'interaction.collects[] and outstanding[]',
      );
  }
}

function stateMember(
  tracking: Tracking,
  value: Value,
  member: Member,
  name: string | undefined,
  root: string | undefined,
  source: Source,
): void {
  const from = (next: Shape) => tracking.follow({ ...value, shape: next }, member, source);
  if (name === 'instanceId') return void from({ kind: 'leaf', leaf: 'instanceId' });
  if (name === 'status') return void from({ kind: 'leaf', leaf: 'status' });
  if (name === 'data') return void from({ kind: 'data', root });
  if (name === 'metaData') {
    return void tracking.refuse(
      source,
      member,
      value,
      'response.state-metadata',
      'v2 states have no metaData',
      'context.process.journey.startedAt and the steps',
    );
  }
  return void tracking.refuseState(source, member, value, `${name ?? 'this field'} of a v1 state has no v2 counterpart`);
}

/** `X.data.process.flow`: the flow's entries become the module steps; a keyed entry the step with that nodeId; `decision` the decision. */
function flow(tracking: Tracking, value: Value, flow: Node, root: string | undefined, source: Source): void {
  // `flow ?? {}` reads the same entries.
  let holder: Node = flow;
  let parent = source.parent(flow);
  while (
    parent?.type === 'LogicalExpression' &&
    parent.left === holder &&
    ['??', '||'].includes(parent.operator) &&
    isEmptyObject(parent.right)
  ) {
    holder = parent;
    parent = source.parent(parent);
  }
  if (root === undefined) {
    return void tracking.refuseState(
      source,
      flow,
      value,
      'the state is not read from a name the codemod can write twice (bind it to a variable)',
    );
  }
  const steps = `(${readEither(root, RESULT_PATHS.v2.steps)} ?? [])`;
  const ts = source.ctx.isTypeScript;
  const values =
    parent?.type === 'CallExpression' && parent.arguments[0] === holder && source.ctx.text(parent.callee) === 'Object.values'
      ? parent
      : undefined;
  if (values) {
    // Every v1 flow entry had a result; a live tenant's decision step has `result: null`: moduleSteps leaves it out.
    const site = tracking.site(source, flow, value, 'response.state-result', 'v1 flow → v2 steps');
    if (!tracking.helpersOff) site.replace(values, `moduleSteps(${root})`).helpers.push('moduleSteps');
    else site.replace(values, `${steps}.filter((${ts ? 'step: { result?: unknown }' : 'step'}) => step.result != null)`);
    return void tracking.follow({ ...value, shape: { kind: 'entries' } }, values, source);
  }
  if (isMember(parent) && parent.object === flow) {
    const name = propertyName(parent);
    if (name === DECISION_KEY) return void tracking.follow({ ...value, shape: { kind: 'decision-entry', root } }, parent, source);
    const key = parent.computed ? source.ctx.text(parent.property) : source.ctx.str(name ?? '');
    const site = tracking.site(source, flow, value, 'response.state-result', 'v1 flow entry → v2 step');
    if (!tracking.helpersOff)
      site.replace(parent, `moduleSteps(${root}).find((step) => step.nodeId === ${key})`).helpers.push('moduleSteps');
    else site.replace(parent, `${steps}.find((${ts ? 'step: { nodeId?: string }' : 'step'}) => step.nodeId === ${key})`);
    site.needsReview('response.variant-id', 'v1 variantIds and v2 step nodeIds differ', 'find the step by its v2 nodeId');
    return void tracking.follow({ ...value, shape: { kind: 'entry' } }, parent, source);
  }
  tracking.refuseState(source, flow, value, 'this use of the v1 flow has no direct v2 counterpart');
}

/**
 * The decision entry's outcome, in v2's words: `requiredDecisionOf(state)` from the generated module where v1 code
 * read it as there being one (it threw on an undecided journey, and its type has no `undefined`), else `decisionOf`.
 */
function decision(tracking: Tracking, value: Value, outcome: Node, root: string | undefined, source: Source): void {
  if (root === undefined)
    return void tracking.refuseState(source, outcome, value, 'the state is not read from a name the codemod can write');
  const site = tracking.site(source, outcome, value, 'response.decision-wording', 'v1 decision → v2 decision');
  if (tracking.helpersOff)
    return void site.refuse('response.decision-wording', `the decision is read with decisionOf and ${tracking.helpersOff}`);
  const helper = readOptionally(outcome) ? 'decisionOf' : 'requiredDecisionOf';
  site.replace(outcome, `${helper}(${root})`);
  site.helpers.push(helper);
  tracking.follow({ ...value, shape: { kind: 'leaf', leaf: 'decision' } }, outcome, source);
}

/** Whether a link of the member chain that ends in `read` is `?.`: the chain then answered `undefined` where a link was missing. */
function readOptionally(read: Node): boolean {
  for (let at: Node = read; ; ) {
    if (isMember(at)) {
      if (at.optional === true) return true;
      at = at.object;
    } else if (at.type === 'TSNonNullExpression' || at.type === 'ParenthesizedExpression') at = at.expression;
    else return false;
  }
}

const isEmptyObject = (node: Node): boolean => node.type === 'ObjectExpression' && node.properties.length === 0;

/**
 * Whether `call` (a `.json()` of the response `response`) lies where the response failed: in the branch of
 * `if (!res.ok)` or `if (res.status >= 400)` on the same name.
 */
function inFailureBranch(source: Source, response: Node, call: Node): boolean {
  if (response.type !== 'Identifier') return false;
  const binding = source.scopes.bindingOf(response);
  const names = (node: Node) => node.type === 'Identifier' && source.scopes.bindingOf(node) === binding;
  const failed = (test: Node): boolean => {
    if (test.type === 'UnaryExpression' && test.operator === '!')
      return isMember(test.argument) && propertyName(test.argument) === 'ok' && names(test.argument.object);
    if (test.type === 'LogicalExpression' && test.operator === '||') return failed(test.left) || failed(test.right);
    if (test.type !== 'BinaryExpression' || !isMember(test.left) || propertyName(test.left) !== 'status' || !names(test.left.object))
      return false;
    const bound = test.right.type === 'NumericLiteral' ? test.right.value : undefined;
    return bound !== undefined && ((test.operator === '>=' && bound >= 300) || (test.operator === '>' && bound >= 299));
  };
  const chain = [...source.ancestors(call), call];
  return chain.some((node, index) => node.type === 'IfStatement' && chain[index + 1] === node.consequent && failed(node.test));
}

/**
 * `state.data.process.flow` of what a v2 call answers: code still reading a v1 state beside a v2 call, a flow half
 * migrated (by hand, or by an earlier run). `--check` fails it while v1 remains in the file.
 */
function v1StateReadOfV2(tracking: Tracking, value: Value, member: Member, source: Source): void {
  let node: Node = member;
  const names: (string | undefined)[] = [];
  for (
    let parent = source.parent(node);
    parent && isMember(parent) && parent.object === node && names.at(-1) !== 'flow' && names.length < 3;
    parent = source.parent(node)
  ) {
    names.push(propertyName(parent));
    node = parent;
  }
  const path = names.join('.');
  if (!path.startsWith('process.flow') && !path.startsWith('context.process.flow')) return;
  const [file, offset] = placeOf(value.origin);
  const text = `what the v2 call at ${placeRef(file, offset)} answers is read as a v1 state (${source.ctx.text(node)})`;
  tracking.addV2Unfollowed({ file: source.file, offset: member.start ?? 0, text, reaches: [source.file] });
}
