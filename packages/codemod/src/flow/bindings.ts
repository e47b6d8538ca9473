// Where a value is bound or stored (declarations, parameters, destructuring, assignments, objects the code writes
// around it), each followed on to the reads of what it binds.
import { isFunction, type Node, type ObjectExpression } from '@babel/types';
import { isMember, keyName, propertyName, walk } from '../parse/walk.js';
import { retypeAlone, retypeAssignedField, retypeAssignedName } from './assigned-types.js';
import { idEscapes } from './calls-and-returns.js';
import { fallenBackTo, reassigned } from './fallbacks.js';
import { tasksPattern, writeTaskId } from './lists.js';
import { overloadParameters } from './overloads.js';
import { picksMember } from './read-back.js';
import type { Source } from './sources.js';
import { decisionEscapes, statusEscapes, wordingUnfollowed } from './status-and-decision.js';
import { idUnfollowed } from './text-uses.js';
import type { AnyCall, Tracking } from './tracking.js';
import { ruleOf, suggestionOf, TASK_FORM } from './v2-forms.js';
import {
  bodyKey,
  carriesDecision,
  carriesId,
  carriesInstanceId,
  carriesStatus,
  elementOf,
  isObjectShape,
  type Shape,
  type Value,
} from './values.js';

/** `const x = value`, `const { a } = value`, a parameter: follows each name bound. */
export function declare(tracking: Tracking, value: Value, target: Node, source: Source): void {
  if (target.type === 'Identifier') {
    const annotation = target.typeAnnotation?.type === 'TSTypeAnnotation' ? target.typeAnnotation.typeAnnotation : undefined;
    if (annotation) retypeAlone(tracking, value, annotation, target.name, source);
    const holder = source.parent(target);
    if (holder && isFunction(holder) && holder.params.includes(target as never))
      tracking.jsdocTyped(source, holder, value, { tag: 'param', name: target.name }, target);
    else tracking.jsdocTyped(source, target, value, { tag: 'type' });
    // A parameter of an overloaded function: its signatures must stay compatible with the implementation (TS2394).
    for (const param of overloadParameters(source, target)) {
      const declared = param.type === 'Identifier' && param.typeAnnotation?.type === 'TSTypeAnnotation' ? param.typeAnnotation : undefined;
      if (declared) tracking.retype(source, declared.typeAnnotation, value);
    }
    const binding = source.scopes.bindingOf(target);
    if (!binding) return;
    const list =
      value.shape.kind === 'body' && (value.operation === 'journey/task/list' || value.operation === 'journey/task/list/schema')
        ? { file: source.file, binding }
        : value.list;
    for (const reference of binding.references) {
      if (!reassigned(tracking, value, reference, source)) tracking.follow({ ...value, ...(list ? { list } : {}) }, reference, source);
    }
    return;
  }
  if (target.type === 'AssignmentPattern') {
    fallenBackTo(tracking, value, target.right, source);
    return void declare(tracking, value, target.left, source);
  }
  if (target.type === 'TSParameterProperty') {
    declare(tracking, value, target.parameter, source);
    // `constructor(private instanceId: string)` also sets `this.instanceId`: its reads in the class are followed too.
    const name = target.parameter.type === 'Identifier' ? target.parameter.name : undefined;
    const body = source
      .ancestors(target)
      .reverse()
      .find((node) => node.type === 'ClassBody');
    if (name !== undefined && body?.type === 'ClassBody')
      for (const read of thisReads(source, body, name)) tracking.follow(value, read, source);
    return;
  }
  if (target.type === 'ObjectPattern') return void destructured(tracking, value, target, source);
  if (target.type === 'ArrayPattern') return void destructuredArray(tracking, value, target, source);
  if (isObjectShape(value.shape))
    tracking.refuse(source, target, value, ruleOf(value), 'the v1 answer is bound in a way the codemod cannot follow');
}

/** `const { a, b: c } = value`. */
function destructured(tracking: Tracking, value: Value, pattern: Extract<Node, { type: 'ObjectPattern' }>, source: Source): void {
  const { shape } = value;
  for (const property of pattern.properties) {
    if (property.type === 'RestElement') {
      if (isObjectShape(shape)) tracking.refuse(source, property, value, ruleOf(value), 'the rest of a v1 answer has no v2 counterpart');
      continue;
    }
    const name = keyName(property);
    const next = name === undefined ? undefined : destructuredShape(value, name);
    if (next === 'tasks') {
      tasksPattern(tracking, value, property, source);
      continue;
    }
    if (next === undefined) {
      if (isObjectShape(shape)) {
        tracking.refuse(
          source,
          property,
          value,
          ruleOf(value),
          `${name ?? 'a computed key'} of the v1 answer is read in a way the codemod cannot rewrite`,
          suggestionOf(value),
        );
      }
      continue;
    }
    if (next !== 'ignore') declare(tracking, { ...value, shape: next }, property.value, source);
  }
}

/** `const [first] = value`: of tasks, the interactionId; of entries, an entry. */
function destructuredArray(tracking: Tracking, value: Value, pattern: Extract<Node, { type: 'ArrayPattern' }>, source: Source): void {
  const declarator = source.parent(pattern);
  const [first] = pattern.elements;
  if (
    value.shape.kind === 'tasks' &&
    pattern.elements.length === 1 &&
    first?.type === 'Identifier' &&
    declarator?.type === 'VariableDeclarator'
  ) {
    if (writeTaskId(tracking, source, declarator, value, value.shape, 'v1 task → the v2 interaction', `${first.name} = `))
      declare(tracking, { ...value, shape: { kind: 'task' } }, first, source);
    return;
  }
  const element = elementOf(value.shape);
  if (element && value.shape.kind !== 'tasks') {
    for (const item of pattern.elements) if (item) declare(tracking, { ...value, shape: element }, item, source);
    return;
  }
  if (isObjectShape(value.shape))
    tracking.refuse(source, pattern, value, ruleOf(value), 'the v1 answer is destructured in a way the codemod cannot rewrite');
}

/** `x = value`: a variable (all its reads), or `this.x` (its reads in the class). */
export function assign(tracking: Tracking, value: Value, target: Node, source: Source): void {
  if (target.type === 'Identifier') {
    const binding = source.scopes.bindingOf(target);
    if (!binding) return;
    // A task list's rewrite reads the answer it came from (`pendingInteractionId(list)`), a name the variable's other
    // reads may not see (`list` declared in a loop, `tasks` outside it), and the variable's other values (`let tasks =
    // []`) would be lost: the list stays v1, and so does its flow.
    if (value.shape.kind === 'tasks') {
      return void tracking.refuse(
        source,
        target,
        value,
        'endpoint.task-list',
        `the task list is assigned to ${target.name}, whose reads the codemod cannot point at the interaction`,
        TASK_FORM,
      );
    }
    // Imported by other modules of the run, it is read there, where the codemod does not follow a variable.
    if (tracking.functions.importedElsewhere(source, binding))
      return void outOfSight(
        tracking,
        value,
        target,
        source,
        `${target.name}, which is exported: the modules importing it read it where the codemod does not follow`,
      );
    retypeAssignedName(tracking, value, binding.id, source);
    for (const reference of binding.references) {
      if (reference !== target && !reassigned(tracking, value, reference, source)) tracking.follow(value, reference, source);
    }
    return;
  }
  const name = isMember(target) && target.object.type === 'ThisExpression' ? thisMemberName(target) : undefined;
  const body =
    name === undefined
      ? undefined
      : source
          .ancestors(target)
          .reverse()
          .find((node) => node.type === 'ClassBody');
  // A `#x` read off another instance (`other.#x`) or the class (`Checker.#x` of a static one) is not followed.
  if (name?.startsWith('#') && body?.type === 'ClassBody' && privateReadOffOther(body, name.slice(1)))
    return void outOfSight(tracking, value, target, source, `this.${name}, which the class also reads off another object`);
  // A static field is read off the class (`Checker.latest`), by any module: those reads are not followed.
  if (name !== undefined && body?.type === 'ClassBody' && staticField(body, name))
    return void outOfSight(
      tracking,
      value,
      target,
      source,
      `this.${name}, a static field read off the class where the codemod does not follow`,
    );
  if (name !== undefined && body?.type === 'ClassBody') {
    retypeAssignedField(tracking, value, body, name, target, source);
    for (const read of thisReads(source, body, name)) tracking.follow(value, read, source);
    // `get(this, 'last.data.process.flow')`: the member is read by a path the codemod cannot rewrite.
    for (const call of thisPickedBy(tracking, source, body, name)) {
      const reason = `the v1 answer is held in this.${name}, which ${source.ctx.text(call.callee)} picks by a path the codemod cannot rewrite`;
      tracking.refuse(source, call, value, ruleOf(value), reason, suggestionOf(value));
    }
    return;
  }
  // A member of an object the codemod does not follow (`req.session.instanceId = id`, `ctx.body = { status }`,
  // `res.locals.status = status`, `this.x` outside a class).
  if (isMember(target)) outOfSight(tracking, value, target, source, `${source.ctx.text(target)}, which the codemod cannot follow`);
  // A pattern (`({ status } = state)`): written where the codemod cannot follow it.
  else if (isObjectShape(value.shape))
    tracking.refuse(
      source,
      target,
      value,
      ruleOf(value),
      'the v1 answer is stored where the codemod cannot follow it',
      suggestionOf(value),
    );
}

/**
 * `value` stored in `target` (`where` names it), whose reads the codemod does not see: they may call v1 with the id,
 * compare the status with 'Failed' alone or read the answer in v1's shape, so the flow cannot be shown whole.
 */
function outOfSight(tracking: Tracking, value: Value, target: Node, source: Source, where: string): void {
  if (isObjectShape(value.shape))
    tracking.refuse(source, target, value, ruleOf(value), `the v1 answer is stored in ${where}`, suggestionOf(value));
  else if (carriesDecision(value.shape)) decisionEscapes(tracking, value, target, source);
  else if (carriesStatus(value.shape)) statusEscapes(tracking, value, target, source);
  // Read back from there by any file (another route's `req.session.instanceId`), not only the ones this one imports.
  else if (carriesId(value.shape)) idEscapes(tracking, value, target, source, { where: `stored in ${where}`, anywhere: true });
}

/**
 * `{ key: value }`: an id in a call's body ties that call to the flow; anything else makes the object carry
 * the value, and its reads of `key` are followed.
 */
export function stored(tracking: Tracking, value: Value, property: Extract<Node, { type: 'ObjectProperty' }>, source: Source): void {
  const object = source.parent(property) as ObjectExpression | undefined;
  if (value.shape.kind === 'leaf' && object) {
    const owner = tracking.bodyOwner(source, object.start);
    if (owner && (value.shape.leaf === 'instanceId' || value.shape.leaf === 'taskId')) {
      tracking.link(value, owner);
      const list = value.list;
      if (owner.update && value.shape.leaf === 'taskId' && keyName(property) === 'taskId' && list) {
        if (tracking.sources.get(list.file) === source && source.scopes.lookup(list.binding.name, object) === list.binding)
          tracking.tieInteraction(owner, list.binding.name);
      }
      return;
    }
  }
  const key = keyName(property);
  // Objects built around objects built around the answer, again and again (`acc = { prev: acc, state }`): let go.
  if (depthOf(value.shape) >= MAX_RECORD_DEPTH) {
    if (isObjectShape(value.shape))
      tracking.refuse(source, property, value, ruleOf(value), 'the v1 answer is nested in objects deeper than the codemod follows');
    return;
  }
  if (!object || key === undefined) {
    if (isObjectShape(value.shape))
      tracking.refuse(source, property, value, ruleOf(value), 'the v1 answer is stored under a computed key', suggestionOf(value));
    // `{ [userId]: instanceId }`: read back by a key only run time knows, the id leaves the code followed.
    else if (carriesInstanceId(value.shape)) idUnfollowed(tracking, value, property, source, 'stored under a computed key');
    else wordingUnfollowed(tracking, value, property, source, 'stores it under a computed key');
    return;
  }
  tracking.follow({ ...value, shape: { kind: 'record', key, inner: value.shape } }, object, source);
}

/** How deep objects the code writes around an answer are followed. */
const MAX_RECORD_DEPTH = 4;
const depthOf = (shape: Shape): number => (shape.kind === 'record' ? 1 + depthOf(shape.inner) : 0);

/** The shape under `name` in a destructuring, `tasks` for a task list's tasks, `ignore` for a field nobody follows. */
function destructuredShape(value: Value, name: string): Shape | 'tasks' | 'ignore' | undefined {
  const { shape, operation } = value;
  if (shape.kind === 'record') return name === shape.key ? shape.inner : 'ignore';
  if (shape.kind === 'response') return bodyKey(shape.style, name) ? { kind: 'body' } : 'ignore';
  if (shape.kind === 'opaque') return shape;
  if (shape.kind !== 'body') return shape.kind === 'leaf' ? 'ignore' : undefined;
  if (name === 'instanceId') return { kind: 'leaf', leaf: 'instanceId' };
  const list = operation === 'journey/task/list' || operation === 'journey/task/list/schema';
  if (list && name === 'tasks') return 'tasks';
  const state = operation === 'journey/state/fetch' || (operation === 'journey/start' && value.startAsState);
  if (state && name === 'status') return { kind: 'leaf', leaf: 'status' };
  if (state && name === 'data') return { kind: 'data', root: undefined };
  return undefined;
}

/** Calls inside a class body that are handed `this` itself and pick its member `name` by a path. */
function thisPickedBy(tracking: Tracking, source: Source, body: Node, name: string): AnyCall[] {
  const calls: AnyCall[] = [];
  walk(body, (node) => {
    if (node.type !== 'CallExpression' && node.type !== 'OptionalCallExpression') return;
    const index = node.arguments.findIndex((argument) => argument.type === 'ThisExpression');
    if (index !== -1 && picksMember(tracking.functions, source, node, index, name)) calls.push(node);
  });
  return calls;
}

/** The name of a member read off `this`: `x` of `this.x` (or `this['x']`), `#x` of `this.#x`. */
function thisMemberName(node: Extract<Node, { type: 'MemberExpression' | 'OptionalMemberExpression' }>): string | undefined {
  return !node.computed && node.property.type === 'PrivateName' ? `#${node.property.id.name}` : propertyName(node);
}

/** Whether the class body declares `name` (`#x` as `#x`) a static field. */
function staticField(body: Extract<Node, { type: 'ClassBody' }>, name: string): boolean {
  return body.body.some(
    (member) =>
      (member.type === 'ClassProperty' &&
        member.static &&
        !member.computed &&
        member.key.type === 'Identifier' &&
        member.key.name === name) ||
      (member.type === 'ClassPrivateProperty' && member.static && `#${member.key.id.name}` === name),
  );
}

/** Whether the class body reads its private member `#name` off anything but `this`. */
function privateReadOffOther(body: Node, name: string): boolean {
  let found = false;
  walk(body, (node) => {
    if (isMember(node) && node.property.type === 'PrivateName' && node.property.id.name === name && node.object.type !== 'ThisExpression')
      found = true;
  });
  return found;
}

/** `this.name` read (not assigned) inside a class body. */
function thisReads(source: Source, body: Node, name: string): Node[] {
  const reads: Node[] = [];
  walk(body, (node) => {
    if (!isMember(node) || node.object.type !== 'ThisExpression' || thisMemberName(node) !== name) return;
    const parent = source.parent(node);
    if (!(parent?.type === 'AssignmentExpression' && parent.left === node)) reads.push(node);
  });
  return reads;
}
