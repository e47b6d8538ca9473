// Where a value leaves the function it is in: passed as an argument (into a parameter, a request's body, or code
// the codemod cannot read), returned to every caller, or yielded to the loops over a generator's calls.
import { isFunction, type Node } from '@babel/types';
import { placeRef, seenFrom } from '../edits/line-refs.js';
import { isMember, propertyName } from '../parse/walk.js';
import { placeOf } from './call-ids.js';
import { escapedClassOf } from './escaped-instances.js';
import { ARRAY_METHODS, stateOfSetter } from './lists.js';
import { overloadsOf } from './overloads.js';
import { makerOf, picksByPath, readBack, WRAPPERS } from './read-back.js';
import type { Source } from './sources.js';
import { decisionEscapes, statusArgument, statusEscapes, statusMatched, wordingUnfollowed } from './status-and-decision.js';
import { TEXT_CONVERSIONS, turnedIntoText } from './text-uses.js';
import type { AnyCall, Tracking } from './tracking.js';
import { unresolvableImporterOf } from './unresolvable-importers.js';
import { unresolvedCallersOf } from './unresolved-callers.js';
import { isV1Only, namesV1OnlyMember, v1Guard } from './v1-guards.js';
import { ruleOf, suggestionOf, TASK_FORM } from './v2-forms.js';
import { carriesDecision, carriesId, carriesStatus, isObjectShape, listsDecisionEntry, mappedShape, type Value } from './values.js';

const HARMLESS_CALLEES = /^(console\.\w+|JSON\.stringify|Boolean|Array\.isArray|Object\.freeze)$/;

/** An argument: into the parameter of a function of the project; out of the code otherwise. */
export function argument(
  tracking: Tracking,
  value: Value,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  index: number,
  source: Source,
): void {
  const callee = source.ctx.text(call.callee);
  if (callee === 'Object.values' || callee === 'Object.keys' || callee === 'Object.entries') {
    if (isObjectShape(value.shape))
      tracking.refuse(source, call, value, ruleOf(value), `${callee} of the v1 answer has no v2 counterpart`, suggestionOf(value));
    else wordingUnfollowed(tracking, value, call, source, `hands an object holding it to ${callee}`);
    return;
  }
  const owner = carriesId(value.shape) ? tracking.bodyOwner(source, call.arguments[index]?.start) : undefined;
  if (owner) return void tracking.link(value, owner);
  // The text of a body carries its ids: `body: JSON.stringify(body)` is followed into the request.
  if (callee === 'JSON.stringify' && carriesId(value.shape)) return void tracking.follow(value, call, source);
  // got's `.body` is the answer's text unless `responseType: 'json'` parsed it: `JSON.parse` gives back the body.
  if (callee === 'JSON.parse' && index === 0 && value.shape.kind === 'body') return void tracking.follow(value, call, source);
  // v2 has no list of tasks: a `tasks` handed to any call but a log (`Array.isArray(list.tasks)` of a type guard) is read as it is.
  const project = call.type !== 'OptionalCallExpression' && tracking.functions.calleeOf(source, call) !== undefined;
  if (value.shape.kind === 'tasks' && !project && !callee.startsWith('console.')) {
    const reason = `v2 has one active interaction, not a list of tasks: the list is handed to ${callee}, which the codemod does not see`;
    return void tracking.refuse(source, call, value, 'endpoint.task-list', reason, TASK_FORM);
  }
  // A decision serialised (a response's body, a message) leaves the code in v2's words, and a status may read 'Error'
  // where v1 said 'Failed', unless it is only logged.
  if (callee === 'JSON.stringify' && !logged(source, call)) {
    if (carriesDecision(value.shape)) return void decisionEscapes(tracking, value, call, source);
    if (carriesStatus(value.shape)) return void statusEscapes(tracking, value, call, source);
  }
  // `Boolean(state.data)`, `Object.hasOwn(state, 'data')`, `Reflect.has(state, 'metaData')`: tests of a part only a
  // v1 state has, as `!state.data` is.
  if (callee === 'Boolean' && isV1Only(value.shape)) return void v1Guard(tracking, value, call, source);
  if (
    (callee === 'Object.hasOwn' || callee === 'Reflect.has') &&
    index === 0 &&
    value.shape.kind === 'body' &&
    namesV1OnlyMember(call.arguments[1])
  )
    return void v1Guard(tracking, value, call, source);
  const conversion = TEXT_CONVERSIONS.get(callee);
  if (conversion) return void turnedIntoText(tracking, value, call, source, `turns it into text with ${callee}()`, conversion.sameText);
  if (HARMLESS_CALLEES.test(callee)) return void readBackEscapes(tracking, value, call, source);
  if (statusArgument(tracking, value, call, index, source)) return;
  if (callee === 'Promise.resolve') return void tracking.follow(value, call, source);
  // A `Set` of the flow's outcomes is asked the same questions as the list: whether it holds the decision, how many.
  if (call.type === 'NewExpression' && callee === 'Set' && index === 0 && listsDecisionEntry(value.shape))
    return void tracking.follow(value, call, source);
  if (call.callee.type === 'Identifier') {
    const state = stateOfSetter(source, call.callee);
    if (state) return void tracking.declare(value, state, source);
  }
  // A method's overrides in subclasses run for it too: the id goes into each, so a v1 call made there joins this flow.
  const targets = call.type === 'OptionalCallExpression' ? [] : tracking.functions.calleesOf(source, call);
  for (const target of targets) {
    const param = target.fn.params[index];
    if (param && param.type !== 'RestElement') tracking.declare(value, param, target.source);
    if (carriesId(value.shape)) tracking.passedIn(value, target, index, call, source);
  }
  if (targets.length > 0) return;
  if (carriesId(value.shape) && tracking.unreadable.blocks(source, call)) {
    // Any method of that name a candidate declares may be the one called: the id goes into each, so a v1 call made
    // there joins this flow and stays v1 with it rather than migrating alone.
    for (const { source: declaredIn, fn } of tracking.unreadable.mayBeCalled(source, call)) {
      const declared = fn.params[index];
      if (declared && declared.type !== 'RestElement') tracking.declare(value, declared, declaredIn);
    }
    return void unfollowed(tracking, value, call, source);
  }
  if (readBackEscapes(tracking, value, call, source)) return;
  if (handedToCallback(tracking, value, call, index, source)) return;
  // The answer leaves the code here either way (an untied read elsewhere may be of it), and may come back as the result.
  handedBackUnseen(tracking, value, call, index, source);
  tracking.boundary(source, call, value);
}

/**
 * `cb(null, state)`, where `cb` is a parameter of a function of the run: the value goes into the matching parameter
 * of each function its callers hand it there (`fetchState(id, (err, state) => …)`), so what they do with it is
 * followed. A caller handing anything else (a name, a value from elsewhere), or a function no caller in the run
 * calls, leaves it a boundary too.
 */
function handedToCallback(
  tracking: Tracking,
  value: Value,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  index: number,
  source: Source,
): boolean {
  if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier') return false;
  const binding = source.scopes.bindingOf(call.callee);
  const fn = binding?.kind === 'param' ? binding.declaration : undefined;
  if (!binding || !fn || !isFunction(fn)) return false;
  const position = fn.params.indexOf(binding.id as never);
  if (position === -1) return false;
  // `cb: (err: Error | null, state?: JourneyState) => void`: the callback's own type names what it is handed.
  const declared =
    binding.id.type === 'Identifier' && binding.id.typeAnnotation?.type === 'TSTypeAnnotation'
      ? binding.id.typeAnnotation.typeAnnotation
      : undefined;
  const handedType = declared?.type === 'TSFunctionType' ? declared.parameters[index] : undefined;
  if (handedType?.type === 'Identifier' && handedType.typeAnnotation?.type === 'TSTypeAnnotation')
    tracking.retype(source, handedType.typeAnnotation.typeAnnotation, value);
  const callers = tracking.functions.callersOf({ source, fn });
  let followedAll = callers.length > 0 && !runtimeEntry(source, fn);
  for (const caller of callers) {
    const handed = callbackOf(caller.source, caller.call.arguments[position]);
    const param = handed?.params[index];
    if (param && param.type !== 'RestElement') tracking.declare(value, param, caller.source);
    else followedAll = false;
  }
  if (!followedAll) tracking.boundary(source, call, value);
  return true;
}

/** Whether `node` is handed straight to `console.log` and its kin: shown, like a template literal, not read. */
function logged(source: Source, node: Node): boolean {
  const parent = source.parent(node);
  return (
    parent?.type === 'CallExpression' && parent.arguments.includes(node as never) && /^console\.\w+$/.test(source.ctx.text(parent.callee))
  );
}

/**
 * The answer handed to a function the codemod does not see (`TaskListSchema.parse(list)`, io-ts `decode`, a deep
 * copy) whose result is read in v1's shape: the codemod cannot show the function hands the answer back as it is, nor
 * rewrite those reads, so the flow stays on v1. Answers whether it did.
 */
function readBackEscapes(
  tracking: Tracking,
  value: Value,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  source: Source,
): boolean {
  const read = readBack(tracking.functions, source, call, value);
  if (!read) return false;
  const callee = source.ctx.text(call.callee);
  const reason = `the v1 answer is handed to ${callee}, which the codemod does not see, and what it returns is read in v1's shape (${read}): those reads cannot be rewritten`;
  tracking.refuse(source, call, value, ruleOf(value), reason, suggestionOf(value));
  return true;
}

/**
 * A part of the answer handed to a function the codemod does not see that picks by a path (`get(state,
 * 'data.process.flow')`, `Reflect.get(state, 'status')`, `R.path([…], state)`) whose result the code goes on to use:
 * that result may be any part of the answer in v1's shape, picked by a path the codemod cannot rewrite, so the flow
 * stays on v1. A result left unused (`logger.info(state);`), or one of a function given no path (`return
 * res.status(200).json(state)`, `expect(state)`, `isEmpty(state)`), keeps nothing on v1.
 */
function handedBackUnseen(
  tracking: Tracking,
  value: Value,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  index: number,
  source: Source,
): void {
  // A request the codemod plans is seen: its body is followed into that request, its answer is the request's own.
  if (
    !resultUsed(source, call) ||
    !picksByPath(tracking.functions, source, call, value, index) ||
    tracking.bodyOwner(source, call.arguments[index]?.start)
  )
    return;
  const callee = source.ctx.text(call.callee);
  const maker = makerOf(tracking.functions, source, call);
  // A function a call made got its path there (`const statusOf = fp.get('status')`): the reason names that call.
  const handed = !maker
    ? `${callee}, which the codemod does not see`
    : maker === 'unread'
      ? `${callee}, which a module of the project holds in a way the codemod does not read`
      : maker.call === call.callee
        ? `${callee}, a function made by a call the codemod does not follow`
        : `${callee} (${maker.source.ctx.text(maker.call)}), a function made by a call the codemod does not follow`;
  // A made function may read the answer by its maker's path or by none the codemod sees (`fp.isEqual(prev)`, a compiled schema).
  const read = maker
    ? "it may be read from the answer in v1's shape (by its maker's path, or unseen)"
    : "it may be a part of the answer in v1's shape (a field a path names)";
  const reason = `the v1 answer is handed to ${handed}, and what it returns is used here: ${read}, which the codemod cannot rewrite`;
  tracking.refuse(source, call, value, ruleOf(value), reason, suggestionOf(value));
}

/**
 * Whether the code uses what `call` returns: anything but a statement of its own (awaited or not) or `void`. An
 * arrow's body returns it into the call the arrow is handed to (`.then((state) => cb.call(null, null, state))`),
 * which uses it only if the code uses what that call returns.
 */
function resultUsed(source: Source, call: Node): boolean {
  let held = call;
  for (let parent = source.parent(held); parent && WRAPPERS.has(parent.type); parent = source.parent(held)) held = parent;
  const holder = source.parent(held);
  if (holder?.type === 'ArrowFunctionExpression' && holder.body === held) {
    const receiver = source.parent(holder);
    const handed =
      (receiver?.type === 'CallExpression' || receiver?.type === 'OptionalCallExpression') && receiver.arguments.includes(holder as never);
    return !handed || resultUsed(source, receiver);
  }
  return holder?.type !== 'ExpressionStatement' && !(holder?.type === 'UnaryExpression' && holder.operator === 'void');
}

/** An id of the flow sent to code the codemod cannot read: the calls made there with it may be v1, so the flow cannot be shown whole. */
function unfollowed(tracking: Tracking, value: Value, call: Node, source: Source): void {
  const callee = 'callee' in call ? source.ctx.text(call.callee) : source.ctx.text(call);
  idEscapes(tracking, value, call, source, {
    where: `sent to ${callee}, which the codemod cannot read`,
    reason: `the journey's id is sent to ${callee}, which the codemod cannot read (a method of a class it cannot see, a request whose URL it cannot resolve, an unknown callee): the calls made there with it may stay v1`,
    suggestion:
      'send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand',
  });
}

/** Where an id goes that the codemod cannot follow, and what the marker of a v1 flow says about it. */
export interface IdEscape {
  /** How the id leaves: `sent to sdk.resume, which the codemod cannot read`. */
  readonly where: string;
  readonly reason?: string;
  readonly suggestion?: string;
  /** Any file of the run may read it there (a session, a response): not only the files `node`'s imports reach. */
  readonly anywhere?: boolean;
}

/**
 * An id of the flow that leaves the code the codemod follows at `node`: the code that reads it there may make v1
 * calls with it. A v1 flow stays on v1, marked; a v2 start's instance fails `--check` while v1 remains where it may go.
 */
export function idEscapes(tracking: Tracking, value: Value, node: Node, source: Source, how: IdEscape): void {
  const { where } = how;
  if (value.operation === 'v2') {
    const [file, offset] = placeOf(value.origin);
    const startSource = tracking.sources.get(file);
    const start = startSource?.nodeAt(offset, 'CallExpression');
    // `journey-codemod-ignore` above the v2 start or above the call opts it out, as it does any other finding.
    if (source.optedOut(node) || (startSource && start && startSource.optedOut(start))) return;
    const text = `the instance of the v2 start at ${placeRef(file, offset)} is ${where}`;
    const reaches = how.anywhere ? tracking.sources.files() : importedBy(tracking, source);
    return void tracking.addV2Unfollowed({ file: source.file, offset: node.start ?? 0, text, reaches });
  }
  tracking.refuse(
    source,
    node,
    value,
    'codemod.unfollowed-instance',
    how.reason ?? `the journey's id is ${where}: the code that reads it there may call v1 with it`,
    how.suggestion ?? 'hand the id only to functions of the project, or migrate the code that reads it there with this flow by hand',
  );
}

/** `source`'s file and every file of the run it imports by a relative specifier, directly or through others. */
function importedBy(tracking: Tracking, source: Source): string[] {
  const files = new Set([source.file]);
  const pending = [source];
  for (let next = pending.pop(); next; next = pending.pop()) {
    for (const { specifier } of next.ctx.imports.values()) {
      const file = tracking.sources.modules.resolve(next.file, specifier);
      const imported = file === undefined || files.has(file) ? undefined : tracking.sources.get(file);
      if (!file || !imported) continue;
      files.add(file);
      pending.push(imported);
    }
  }
  return [...files];
}

/** What to do about a method whose instances a container or a library hands to code the codemod does not see. */
const HANDED_OVER_FORM =
  // Never the ignore comment's own words: a marker holding them would read as one on the next run.
  'migrate the code given the instance together with this method by hand; or, if every caller of the method is in the run, put the ignore comment of the journey-codemod docs above the line that hands it over, and run again';

/** Timers, which drop what their callback returns: called by name, unless the code binds that name itself. */
const TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask']);
/** Methods that add an event listener, whose result the emitter drops: `emitter.on('event', listener)`. */
const LISTENER_METHODS = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener', 'addEventListener']);

/**
 * Whether `call` drops what its callback `fn` returns: a timer (`setTimeout`, `globalThis.setTimeout`),
 * `process.nextTick`, a listener added for an event named in the call (`emitter.on('done', fn)`; not a project's
 * `on(fn)` or lodash's `once(fn)`, which hand the result back), or a promise chain's `finally`. Never a function
 * the project declares under that name (`hooks.on('done', fn)` of its own may hand the result back too).
 */
function dropsCallbackResult(tracking: Tracking, call: AnyCall, fn: Node, source: Source): boolean {
  const { callee } = call;
  if (callee.type === 'Identifier') return TIMERS.has(callee.name) && source.scopes.lookup(callee.name, call) === undefined;
  const name = isMember(callee) ? propertyName(callee) : undefined;
  if (name === undefined || !isMember(callee)) return false;
  const declared = call.type === 'CallExpression' && tracking.functions.calleesOf(source, call).length > 0;
  if (declared || tracking.unreadable.mayBeCalled(source, call).length > 0) return false;
  if (name === 'finally' || TIMERS.has(name)) return true;
  if (name === 'nextTick') return callee.object.type === 'Identifier' && callee.object.name === 'process';
  const [event, listener] = call.arguments;
  // The event named in the call: a string, or a constant holding one (`process.on(SIGNAL, fn)`, `bus.once(EVENTS.DONE, fn)`).
  const named = event?.type === 'StringLiteral' || event?.type === 'TemplateLiteral' || event?.type === 'Identifier' || isMember(event);
  return LISTENER_METHODS.has(name) && listener === fn && named;
}

/** A returned value reaches every call of the function, or leaves the code. */
export function returned(tracking: Tracking, value: Value, node: Node, source: Source): void {
  const fn = source
    .ancestors(node)
    .reverse()
    .find((ancestor) => isFunction(ancestor));
  if (!fn || !isFunction(fn)) return;
  const holder = source.parent(fn);
  // A callback returns into the call it was given to.
  if ((holder?.type === 'CallExpression' || holder?.type === 'OptionalCallExpression') && holder.arguments.includes(fn as never)) {
    const method = isMember(holder.callee) ? propertyName(holder.callee) : undefined;
    // A promise chain's `catch` answers what its callback returns, as `then` does.
    if (method === 'then' || method === 'catch') return void tracking.follow(value, holder, source);
    if (method === 'map') return void tracking.follow({ ...value, shape: mappedShape(value.shape) }, holder, source);
    if (method !== undefined && ARRAY_METHODS.has(method)) return;
    if (dropsCallbackResult(tracking, holder, fn, source)) return;
    if (isObjectShape(value.shape)) {
      tracking.refuse(
        source,
        node,
        value,
        ruleOf(value),
        `the answer is returned into ${source.ctx.text(holder.callee)}, which the codemod cannot follow`,
      );
    }
    // What that call does with it is unseen (a retry helper hands it to the caller): an id, a status or a decision
    // leaves the code here, as one handed to it would.
    return void tracking.boundary(source, holder, value);
  }
  // A generator's caller gets the generator, never what it returns: that reaches `.next()` alone, which for…of drops.
  if (fn.generator) return void generatorCallers(tracking, value, fn, node, source, false);
  const returnType = 'returnType' in fn && fn.returnType?.type === 'TSTypeAnnotation' ? fn.returnType.typeAnnotation : undefined;
  if (returnType) tracking.retype(source, returnType, value);
  tracking.jsdocTyped(source, fn, value, { tag: 'returns' }, node);
  // Callers see the overload signatures' return types, which must stay compatible with the implementation's.
  for (const signature of overloadsOf(source, fn)) {
    if (signature.returnType?.type === 'TSTypeAnnotation') tracking.retype(source, signature.returnType.typeAnnotation, value);
  }
  const callers = tracking.functions.callersOf({ source, fn });
  for (const caller of callers) tracking.follow(value, caller.call, caller.source);
  // A call by the method's name on a receiver of unknown class may read the answer in v1's shape: not followable.
  if (isObjectShape(value.shape)) {
    for (const unresolved of unresolvedCallersOf(tracking.functions, tracking.sources, source, fn)) {
      const where = `${unresolved.source.ctx.text(unresolved.call.callee)} at ${placeRef(unresolved.source.file, unresolved.call.start ?? 0)}`;
      tracking.refuse(
        source,
        node,
        value,
        ruleOf(value),
        `the answer may be returned to ${where}, whose receiver the codemod cannot resolve`,
        suggestionOf(value),
      );
      tracking.refuse(
        unresolved.source,
        unresolved.call,
        value,
        ruleOf(value),
        `this call may reach a method answering v1 (${placeRef(source.file, node.start ?? 0)}), on a receiver the codemod cannot resolve`,
        suggestionOf(value),
      );
    }
  }
  // An import of this module by its package name that the run cannot resolve may read the answer in v1's shape.
  const unseen = isObjectShape(value.shape) ? tracking.sources.modules.unresolvedPackageImportsOf(source.file)[0] : undefined;
  if (unseen) {
    const reason = `the answer may be returned to ${seenFrom(unseen.from, source.file)}, which requires this module as '${unseen.specifier}', a package the codemod cannot resolve`;
    tracking.refuse(source, node, value, ruleOf(value), reason, suggestionOf(value));
  }
  // So may a file that imports the function's name by a bare specifier leading nowhere the codemod can find (an alias).
  const aliased = isObjectShape(value.shape) && !unseen ? unresolvableImporterOf(tracking.sources, source, fn) : undefined;
  if (aliased) {
    const reason = `the answer may be returned to ${seenFrom(aliased.from, source.file)}, which imports it from '${aliased.specifier}', a path alias or package the codemod cannot resolve`;
    tracking.refuse(source, node, value, ruleOf(value), reason, suggestionOf(value));
  }
  // So may whoever a container or a library gives an instance of the method's class to.
  const escaped =
    isObjectShape(value.shape) && !unseen && !aliased ? escapedClassOf(tracking.functions, tracking.sources, source, fn) : undefined;
  if (escaped) {
    const reason = `the answer may be returned to code the codemod does not see: ${escaped}, and whoever gets an instance there calls this method unseen`;
    tracking.refuse(source, node, value, ruleOf(value), reason, HANDED_OVER_FORM);
  }
  // A function runtime calls its entry too, and hands what it returns out of the code: callers in the run are not all.
  if (callers.length === 0 || runtimeEntry(source, fn)) tracking.boundary(source, node, value, true);
}

/**
 * The function an argument hands over: written there (`(err, state) => …`), or named, when the name is bound once in
 * the file to one (`const settled = (err, state) => …`, `function settled(err, state) {…}`) and never assigned again.
 */
function callbackOf(
  source: Source,
  argument: Node | undefined,
): Extract<Node, { type: 'ArrowFunctionExpression' | 'FunctionExpression' | 'FunctionDeclaration' }> | undefined {
  if (argument?.type === 'ArrowFunctionExpression' || argument?.type === 'FunctionExpression') return argument;
  if (argument?.type !== 'Identifier') return undefined;
  const binding = source.scopes.bindingOf(argument);
  const assigned = (reference: Node) => {
    const parent = source.parent(reference);
    return parent?.type === 'AssignmentExpression' && parent.left === reference;
  };
  if (binding?.kind === 'function' && binding.declaration.type === 'FunctionDeclaration')
    return binding.references.some(assigned) ? undefined : binding.declaration;
  if (binding?.kind !== 'const' || binding.declaration.type !== 'VariableDeclarator' || binding.declaration.id !== binding.id)
    return undefined;
  const { init } = binding.declaration;
  return init?.type === 'ArrowFunctionExpression' || init?.type === 'FunctionExpression' ? init : undefined;
}

/**
 * Whether `fn` is the exported entry of a function runtime (AWS Lambda, a Step Functions task): exported as
 * `handler`, or taking the runtime's `event` first (`exports.pollStep = async (event) => …`). The runtime calls it
 * from outside the run and sends on what it returns (an API's response, a state machine's next input), whatever
 * the run's own callers (a local driver, a test) do with it.
 */
function runtimeEntry(source: Source, fn: Node): boolean {
  if (!isFunction(fn)) return false;
  const holder = source.parent(fn);
  let name: string | undefined;
  if (holder?.type === 'AssignmentExpression' && holder.right === fn)
    name = /^(?:module\.)?exports\.([\w$]+)$/.exec(source.ctx.text(holder.left))?.[1];
  else if (fn.type === 'FunctionDeclaration' && holder?.type === 'ExportNamedDeclaration') name = fn.id?.name;
  else if (holder?.type === 'VariableDeclarator' && holder.init === fn && holder.id.type === 'Identifier') {
    const declaration = source.parent(holder);
    if (declaration && source.parent(declaration)?.type === 'ExportNamedDeclaration') name = holder.id.name;
  }
  const [first] = fn.params;
  return name !== undefined && (name === 'handler' || (first?.type === 'Identifier' && first.name === 'event'));
}

/**
 * A value a generator yields reaches its callers only through their loops: `for (const x of gen())` and `for await`
 * bind it to `x`, followed from there. Anything else hands it out where the codemod does not follow it (`.next()`,
 * a spread, `yield*`, the generator kept in a name or passed on), and so does `yield*` of it here: a status or a
 * decision read there may take only v1's words, so the flow stays on v1.
 */
export function yielded(
  tracking: Tracking,
  value: Value,
  node: Node,
  yielding: Extract<Node, { type: 'YieldExpression' }>,
  source: Source,
): void {
  if (yielding.delegate) return void handedOut(tracking, value, node, source, 'hands it on with yield*');
  if (isObjectShape(value.shape)) return void handedOut(tracking, value, node, source, 'yields it from a generator');
  const fn = source
    .ancestors(node)
    .reverse()
    .find((ancestor) => isFunction(ancestor));
  if (fn) generatorCallers(tracking, value, fn, node, source, true);
}

/** The callers of generator `fn`, which hands out `value` at `node`: its values go to the variable of a for…of over a call. */
function generatorCallers(tracking: Tracking, value: Value, fn: Node, node: Node, source: Source, iterated: boolean): void {
  if (!isFunction(fn)) return;
  const callers = tracking.functions.callersOf({ source, fn });
  for (const { call, source: callerSource } of callers) {
    const loop = callerSource.parent(call);
    if (loop?.type === 'ForOfStatement' && loop.right === call) {
      const left = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : loop.left;
      if (iterated && left) tracking.declare(value, left, callerSource);
      continue;
    }
    const how = `reads what ${callerSource.ctx.text(call.callee)} ${iterated ? 'yields' : 'returns'} other than in a for…of loop`;
    handedOut(tracking, value, call, callerSource, how);
  }
  if (callers.length === 0) tracking.boundary(source, node, value, true);
}

/** A part of the answer handed out where the codemod does not follow it (`how` says where): the flow stays on v1. */
function handedOut(tracking: Tracking, value: Value, node: Node, source: Source, how: string): void {
  if (isObjectShape(value.shape)) {
    const reason = `the v1 answer of ${value.operation} goes where the codemod cannot follow it: this code ${how}`;
    tracking.refuse(source, node, value, ruleOf(value), reason, suggestionOf(value));
  } else if (carriesDecision(value.shape)) decisionEscapes(tracking, value, node, source);
  else if (carriesStatus(value.shape)) statusMatched(tracking, value, node, source, how);
  // An instance id: it leaves the code the codemod follows, and may reach v1 calls whose id it cannot tie to a start.
  else if (carriesId(value.shape))
    tracking.idLeaves(source, node, value, `handed on where the codemod does not follow it: this code ${how}`);
}
