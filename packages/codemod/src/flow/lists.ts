// The lists in an answer, a concern of their own: a task list, whose tasks v2 replaces with the one interaction that
// collects data, and flow entries or strings, read by index, iterated, or handed to array methods and their callbacks.
import type { Node } from '@babel/types';
import { isMember, propertyName } from '../parse/walk.js';
import type { SiteBuilder } from '../plan/site-builder.js';
import type { Source } from './sources.js';
import { wordingUnfollowed } from './status-and-decision.js';
import type { AnyCall, Member, Tracking } from './tracking.js';
import { PENDING, REPEATABLE, REQUIRED, ruleOf, TASK_FORM, TO_SUBMIT, taskWithoutHelpers } from './v2-forms.js';
import { carriesId, elementOf, isObjectShape, listsDecisionEntry, type Shape, type Value } from './values.js';

export const ARRAY_METHODS = new Set([
  'map',
  'filter',
  'find',
  'findLast',
  'some',
  'every',
  'forEach',
  'findIndex',
  'sort',
  'slice',
  'reverse',
]);

/** Methods that ask whether a list (or a `Set` made of it) holds a value, or where. */
const MEMBERSHIP_METHODS = new Set(['includes', 'indexOf', 'lastIndexOf', 'has']);

/**
 * A read of a whole list that on v1 held the decision entry among the flow's entries, which v2's module steps leave
 * out: its count and a test for a `Decision…` outcome (or a value the code does not show) keep the flow on v1; its
 * text (`join`) is followed as an outcome, whose tests are refused in turn. Answers whether the read was handled.
 */
export function wholeListRead(
  tracking: Tracking,
  value: Value,
  member: Member,
  name: string | undefined,
  called: AnyCall | undefined,
  source: Source,
): boolean {
  const { shape } = value;
  if (!listsDecisionEntry(shape)) return false;
  if (name === 'length' || name === 'size') {
    tracking.refuseState(
      source,
      member,
      value,
      'this code counts the flow entries, which on v1 include the decision; v2 keeps it in the result',
    );
    return true;
  }
  if (shape.kind !== 'strings' || !called || name === undefined) return false;
  if (name === 'join') {
    tracking.follow({ ...value, shape: { kind: 'leaf', leaf: 'outcome' } }, called, source);
    return true;
  }
  if (!MEMBERSHIP_METHODS.has(name)) return false;
  const [argument] = called.arguments;
  if (argument?.type === 'StringLiteral' && !argument.value.startsWith('Decision')) return false;
  tracking.refuseState(
    source,
    called,
    value,
    `this code looks for ${argument ? source.ctx.text(argument) : 'a value'} among the flow entries' outcomes, which on v1 include the decision; v2 keeps it in the result`,
  );
  return true;
}

/** A site that writes the id of a task list's interaction that collects data, with the helper it calls. */
export function taskSite(
  tracking: Tracking,
  source: Source,
  node: Node,
  value: Value,
  shape: Extract<Shape, { kind: 'tasks' }>,
  description: string,
  helper = PENDING,
): SiteBuilder {
  const site = tracking.site(source, node, value, 'endpoint.task-list', description);
  if (shape.helper) site.helpers.push(helper);
  return site;
}

/**
 * Writes `before`, the id of the interaction that collects data, and `after` in place of `node`. Its
 * `pendingInteractionId(answer)` is written around the answer where `node` holds it, so the answer is still evaluated
 * once and edits inside it (its request, its `as`) compose; elsewhere only an answer that repeats nothing when read
 * again (a name, a member chain) is copied: a copied request would be sent twice, and stay on v1. `helper` is the
 * generated module's function called (`interactionIdToSubmit` where a task is read as there being one). Answers
 * whether it wrote.
 */
export function writeTaskId(
  tracking: Tracking,
  source: Source,
  node: Node,
  value: Value,
  shape: Extract<Shape, { kind: 'tasks' }>,
  description: string,
  before = '',
  after = '',
  helper = PENDING,
): boolean {
  const { answer } = shape;
  const start = node.start ?? 0;
  const end = node.end ?? 0;
  if (answer && start <= answer.start && answer.end <= end) {
    taskSite(tracking, source, node, value, shape, description, helper)
      .edit(start, answer.start, `${before}${helper}(`)
      .edit(answer.end, end, `)${after}`);
    return true;
  }
  if (answer && !answer.repeatable) {
    refuseRepeat(tracking, source, node, value, answer.text);
    return false;
  }
  const id = shape.helper && answer ? `${helper}(${answer.text})` : shape.id;
  taskSite(tracking, source, node, value, shape, description, helper).replace(node, `${before}${id}${after}`);
  return true;
}

/** A task list read where its answer, which reading again would repeat (a request sent twice), must be written again. */
function refuseRepeat(tracking: Tracking, source: Source, node: Node, value: Value, answer: string): void {
  tracking.refuse(
    source,
    node,
    value,
    'endpoint.task-list',
    `the task list is read as .tasks of ${answer.length > 80 ? 'an expression' : answer}, not of a name: its interaction's id read here would evaluate that again (a request sent twice); declare the list alone first (const tasks = answer.tasks)`,
    TASK_FORM,
  );
}

/** `tasks.length`, `tasks[0]`, `tasks[0].taskId` of a task list: v2 has one interaction that collects data, or none. */
export function tasksMember(
  tracking: Tracking,
  value: Value,
  shape: Extract<Shape, { kind: 'tasks' }>,
  member: Member,
  name: string | undefined,
  source: Source,
): void {
  const parent = source.parent(member);
  const write = (node: Node, after: string) => writeTaskId(tracking, source, node, value, shape, 'v1 task → the v2 interaction', '', after);
  if (name === 'length') {
    const zero =
      parent?.type === 'BinaryExpression' && [parent.left, parent.right].some((side) => side.type === 'NumericLiteral' && side.value === 0);
    if (parent?.type === 'BinaryExpression' && zero && ['===', '==', '<='].includes(parent.operator))
      return void write(parent, ' === undefined');
    if (parent?.type === 'BinaryExpression' && zero && ['!==', '!=', '>'].includes(parent.operator))
      return void write(parent, ' !== undefined');
    if (parent?.type === 'UnaryExpression' && parent.operator === '!') return void write(parent, ' === undefined');
  }
  if (name === '0' && member.computed) {
    // `tasks[0]!`, `(tasks[0] as Task)`: the task all the same, its wrappers replaced with it; a `!` kept, as it asserted
    // there is one.
    const task = unwrapped(source, member);
    const read = source.parent(task);
    const after = asserted(source, member, task) ? '!' : '';
    if (isMember(read) && read.object === task && propertyName(read) === 'taskId') {
      // Read as there being a task, which threw on none: a helper that throws too, and is typed `string`; a name
      // already holding the id has no interaction left to ask why, and only its undefined is refused.
      const optional = 'optional' in read && read.optional === true;
      const written = optional
        ? write(read, after)
        : shape.helper
          ? writeTaskId(tracking, source, read, value, shape, 'v1 task → the v2 interaction', '', '', TO_SUBMIT)
          : requiredId(tracking, source, read, value, shape.id);
      if (written) tracking.follow({ ...value, shape: { kind: 'leaf', leaf: 'taskId' } }, read, source);
      return;
    }
    if (read?.type === 'VariableDeclarator' && read.init === task) {
      if (write(task, after)) tracking.declare({ ...value, shape: { kind: 'task' } }, read.id, source);
      return;
    }
  }
  tracking.refuse(
    source,
    member,
    value,
    'endpoint.task-list',
    'v2 has one active interaction, not a list of tasks',
    `${shape.id} (undefined while modules run and once the journey has ended)`,
  );
}

/**
 * A read of the first task's id as there being one, through `name` that holds the id `pendingInteractionId` answered
 * (`tasks[0].taskId`, `task.taskId`): `requiredInteractionId(name)`, a `string` that throws on none as v1's read did.
 */
export function requiredId(tracking: Tracking, source: Source, read: Node, value: Value, name: string): true {
  tracking
    .site(source, read, value, 'endpoint.task-list', 'v1 task → the v2 interaction')
    .replace(read, `${REQUIRED}(${name})`)
    .helpers.push(REQUIRED);
  return true;
}

/** Whether a `!` is among the wrappers from `node` out to `outer`. */
function asserted(source: Source, node: Node, outer: Node): boolean {
  for (let at: Node | undefined = node; at && at !== outer; at = source.parent(at))
    if (source.parent(at)?.type === 'TSNonNullExpression') return true;
  return false;
}

/** Expressions that only assert or parenthesise what they wrap. */
const WRAPPERS = new Set(['ParenthesizedExpression', 'TSNonNullExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSTypeAssertion']);

/** The outermost of the wrappers around `node` (`node` itself if none). */
function unwrapped(source: Source, node: Node): Node {
  const parent = source.parent(node);
  return parent && WRAPPERS.has(parent.type) && 'expression' in parent && parent.expression === node ? unwrapped(source, parent) : node;
}

/**
 * `const { tasks } = list`: the binding now holds the id of the interaction that collects data
 * (`const tasks = pendingInteractionId(list)`), which a pattern cannot compute: only a declaration of `tasks` alone moves.
 */
export function tasksPattern(tracking: Tracking, value: Value, property: Extract<Node, { type: 'ObjectProperty' }>, source: Source): void {
  if (tracking.helpersOff)
    return void tracking.refuse(source, property, value, 'endpoint.task-list', taskWithoutHelpers(tracking.helpersOff), TASK_FORM);
  const target = property.value;
  const pattern = source.parent(property);
  const declarator = pattern && source.parent(pattern);
  if (
    target.type !== 'Identifier' ||
    pattern?.type !== 'ObjectPattern' ||
    pattern.properties.length !== 1 ||
    pattern.typeAnnotation ||
    declarator?.type !== 'VariableDeclarator' ||
    declarator.id !== pattern ||
    !declarator.init
  ) {
    return void tracking.refuse(
      source,
      property,
      value,
      'endpoint.task-list',
      'the task list is destructured in a way the codemod cannot rewrite',
      TASK_FORM,
    );
  }
  // The pattern and the call's parentheses, not the whole declarator: edits inside the answer's expression (its
  // `as { tasks: … }` retyped) compose with these instead of overlapping them.
  const { init } = declarator;
  tracking
    .site(source, declarator, value, 'endpoint.task-list', 'v1 tasks → the v2 interaction')
    .replace(pattern, target.name)
    .edit(init.start ?? 0, init.start ?? 0, `${PENDING}(`)
    .edit(init.end ?? 0, init.end ?? 0, ')')
    .helpers.push(PENDING);
  boundTasks(tracking, value, target, source);
}

/** The reads of a name that now holds the id of the interaction that collects data, followed as the task list's. */
function boundTasks(tracking: Tracking, value: Value, name: Extract<Node, { type: 'Identifier' }>, source: Source): void {
  const binding = source.scopes.bindingOf(name);
  if (!binding) return;
  for (const reference of binding.references)
    tracking.follow({ ...value, shape: { kind: 'tasks', id: name.name, helper: false } }, reference, source);
}

/**
 * `answer.tasks`: a name declared with it alone now holds the interaction's id (`const tasks =
 * pendingInteractionId(answer)`), rewritten in place so `answer` is still evaluated once; other reads replace the
 * list with `pendingInteractionId(answer)`, which copies `answer` and so is written only when reading it again
 * repeats nothing (a name or a member chain): a copied call would send its request again, and stay on v1.
 */
export function tasksRead(tracking: Tracking, value: Value, member: Member, source: Source): void {
  if (tracking.helpersOff)
    return void tracking.refuse(source, member, value, 'endpoint.task-list', taskWithoutHelpers(tracking.helpersOff), TASK_FORM);
  const declarator = source.parent(member);
  const answer = member.object;
  if (declarator?.type === 'VariableDeclarator' && declarator.init === member && declarator.id.type === 'Identifier') {
    const { id } = declarator;
    const assigned = (reference: Node) => {
      const parent = source.parent(reference);
      return parent?.type === 'AssignmentExpression' && parent.left === reference;
    };
    if (source.scopes.bindingOf(id)?.references.some(assigned)) {
      return void tracking.refuse(
        source,
        member,
        value,
        'endpoint.task-list',
        `the task list is declared as ${id.name}, which is assigned elsewhere: its other values would not be the interaction's id`,
        TASK_FORM,
      );
    }
    // Only the parentheses of the answer and `.tasks` change: edits inside the answer (its request, its `as { tasks: … }`
    // retyped) compose with these.
    tracking
      .site(source, member, value, 'endpoint.task-list', 'v1 tasks → the v2 interaction')
      .edit(member.start ?? 0, answer.start ?? 0, `${PENDING}(`)
      .edit(answer.end ?? 0, member.end ?? 0, ')')
      .helpers.push(PENDING);
    // `const tasks: Task[] = list.tasks`: the name's type becomes the id's.
    if (id.typeAnnotation?.type === 'TSTypeAnnotation')
      tracking.retype(source, id.typeAnnotation.typeAnnotation, { ...value, shape: { kind: 'tasks', id: id.name, helper: false } });
    return void boundTasks(tracking, value, id, source);
  }
  const text = source.ctx.text(answer);
  const where = { start: answer.start ?? 0, end: answer.end ?? 0, text, repeatable: REPEATABLE.test(text) };
  tracking.follow({ ...value, shape: { kind: 'tasks', id: `${PENDING}(${text})`, answer: where, helper: true } }, member, source);
}

/** `for (const x of value)`: each element is bound to `x`. */
export function iterated(
  tracking: Tracking,
  value: Value,
  node: Node,
  loop: Extract<Node, { type: 'ForOfStatement' }>,
  source: Source,
): void {
  const left = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : loop.left;
  // The loop runs only where there is an id: its element reads need nothing to throw.
  const element: Shape | undefined = value.shape.kind === 'tasks' ? { kind: 'task', defined: true } : elementOf(value.shape);
  if (value.shape.kind === 'tasks') {
    const id = value.shape.id;
    // The id is written twice: an answer that cannot be read again stays v1.
    if (value.shape.answer && !value.shape.answer.repeatable)
      return void refuseRepeat(tracking, source, node, value, value.shape.answer.text);
    // TypeScript does not narrow a call by the test of an earlier one: the element is asserted defined.
    const element = value.shape.helper && source.ctx.isTypeScript ? `${id}!` : id;
    taskSite(tracking, source, node, value, value.shape, 'v1 tasks → the v2 interaction').replace(
      node,
      `(${id} === undefined ? [] : [${element}])`,
    );
  }
  if (!element || !left) {
    if (isObjectShape(value.shape))
      tracking.refuse(source, node, value, ruleOf(value), 'the v1 answer is iterated, and has no v2 counterpart as a list');
    return;
  }
  tracking.declare({ ...value, shape: element }, left, source);
}

/** `value.map(callback)` and its kin: the callback receives an element; the result is elements, one, or none. */
export function arrayMethod(tracking: Tracking, value: Value, element: Shape, method: string, call: AnyCall, source: Source): void {
  callback(tracking, { ...value, shape: element }, call, source, method);
  if (method === 'filter' && leavesOutDecision(call))
    return void tracking.follow({ ...value, shape: withoutDecision(value.shape) }, call, source);
  if (method === 'filter' || method === 'sort' || method === 'slice' || method === 'reverse') tracking.follow(value, call, source);
  if (method === 'find' || method === 'findLast') tracking.follow({ ...value, shape: element }, call, source);
}

/**
 * `.filter((entry) => !entry.result.outcome.startsWith('Decision'))`: a filter that keeps only what is not the decision
 * leaves the list v1 answered what v2's module steps are.
 */
function leavesOutDecision(call: AnyCall): boolean {
  const fn = call.arguments[0];
  if (fn?.type !== 'ArrowFunctionExpression' && fn?.type !== 'FunctionExpression') return false;
  const [param] = fn.params;
  const [statement] = fn.body.type === 'BlockStatement' ? fn.body.body : [];
  const kept = fn.body.type === 'BlockStatement' ? (statement?.type === 'ReturnStatement' ? statement.argument : undefined) : fn.body;
  if (param?.type !== 'Identifier' || kept?.type !== 'UnaryExpression' || kept.operator !== '!') return false;
  const test = kept.argument;
  if (test.type !== 'CallExpression' || !isMember(test.callee) || propertyName(test.callee) !== 'startsWith') return false;
  const [prefix] = test.arguments;
  return prefix?.type === 'StringLiteral' && prefix.value.startsWith('Decision') && rootName(test.callee.object) === param.name;
}

/** The name a member chain is read from: `entry` of `entry.result.outcome`. */
function rootName(node: Node): string | undefined {
  if (node.type === 'Identifier') return node.name;
  return isMember(node) ? rootName(node.object) : undefined;
}

const withoutDecision = (shape: Shape): Shape =>
  shape.kind === 'entries' || shape.kind === 'strings' ? { ...shape, decisionLeftOut: true } : shape;

/** The function passed as the first argument of `call` receives `value` as its first parameter. */
export function callback(tracking: Tracking, value: Value, call: AnyCall, source: Source, method: string): void {
  const fn = call.arguments[0];
  if (!fn) return;
  if (fn.type === 'Identifier') {
    // React: `.then(setState)` puts the answer in the state `useState` gave with that setter.
    const state = stateOfSetter(source, fn);
    if (state) return void tracking.declare(value, state, source);
  }
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') {
    if (isObjectShape(value.shape))
      tracking.refuse(
        source,
        fn,
        value,
        ruleOf(value),
        `the answer is handed to ${source.ctx.text(fn)} by .${method}, which the codemod cannot follow`,
      );
    // An instance id handed to a function by name (`.then(isFinished)`) leaves the code the codemod follows.
    else if (carriesId(value.shape)) tracking.idLeaves(source, fn, value, `handed to ${source.ctx.text(fn)} by .${method}`);
    else wordingUnfollowed(tracking, value, fn, source, `hands it to ${source.ctx.text(fn)} by .${method}`);
    return;
  }
  const [param] = fn.params;
  if (param) tracking.declare(value, param, source);
}

/** The state a React `useState` setter sets: `x` of `const [x, setX] = useState(…)`. */
export function stateOfSetter(source: Source, setter: Extract<Node, { type: 'Identifier' }>): Node | undefined {
  const declaration = source.scopes.bindingOf(setter)?.declaration;
  if (declaration?.type !== 'VariableDeclarator' || declaration.id.type !== 'ArrayPattern') return undefined;
  const [state, set] = declaration.id.elements;
  const init = declaration.init;
  const callee = init?.type === 'CallExpression' ? source.ctx.text(init.callee) : '';
  return set?.type === 'Identifier' && set.name === setter.name && /^(React\.)?useState$/.test(callee) ? (state ?? undefined) : undefined;
}
