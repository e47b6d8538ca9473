import { basename } from 'node:path';
import { type CallExpression, type ImportDeclaration, isFunction, type Node, type ObjectExpression } from '@babel/types';
import { DEFAULT_DECISION_OUTCOMES, FAILURE_STATUSES, RESULT_PATHS } from '@journey-bridge/contract';
import { evaluate } from '../analysis/evaluate.js';
import { lineRef } from '../edits/line-refs.js';
import { isMember, keyName, propertyName, walk } from '../parse/walk.js';
import type { V2Call } from '../plan/call-sites.js';
import { removeImportSpecifier } from '../plan/import-edits.js';
import { INTERCEPTOR_FORM } from '../plan/response-interceptors.js';
import type { RuleId } from '../plan/rules.js';
import { SiteBuilder } from '../plan/site-builder.js';
import { type Site, settle } from '../plan/types.js';
import { answerOf } from './answers.js';
import type { Functions } from './functions.js';
import type { Binding } from './scopes.js';
import type { Source, Sources } from './sources.js';
import { retype } from './type-annotations.js';
import type { UnreadableCalls } from './unreadable-calls.js';
import { unresolvedCallersOf } from './unresolved-callers.js';
import { PENDING, REPEATABLE, readEither, ruleOf, suggestionOf, TASK_FORM, TASK_WITHOUT_HELPERS } from './v2-forms.js';
import {
  carriesDecision,
  carriesId,
  carriesStatus,
  elementOf,
  isObjectShape,
  mappedShape,
  type Shape,
  shapeKey,
  type Value,
} from './values.js';

/** A call's body as written in the code, so ids written into it tie that call to the flow they come from. */
export interface BodyOwner {
  readonly id: string;
  /** Whether it is a v1 task update (its `taskId` names the interaction whose participants it submits). */
  readonly update: boolean;
}

/** What following every answer found. */
export interface Followed {
  /** Reads of the answers: rewritten, refused, or retyped. */
  readonly sites: Site[];
  /** Pairs of calls that belong to one flow: an id one answered is sent by the other. */
  readonly links: [string, string][];
  /** Synchronous starts whose answer is read as the journey's state. */
  readonly readAsState: ReadonlySet<string>;
  /** For a task update, the expression of the interaction its task came from, where the update can read it. */
  readonly interactions: ReadonlyMap<string, string>;
  /** For a call, where its answer leaves the code the run was given (`file:line`, the line a `lineRef` until the run names it). */
  readonly boundaries: ReadonlyMap<string, string[]>;
  /** Where the instance of a v2 start is sent to code the codemod cannot read, which may call v1 with it. */
  readonly v2Unfollowed: readonly V2Unfollowed[];
}

/** The instance of a v2 start sent where the codemod cannot follow it, at `offset` of `file`: `text` names the call. */
export interface V2Unfollowed {
  readonly file: string;
  readonly offset: number;
  readonly text: string;
  /** The call's file and the files it imports, directly or not: where the code it calls may make its v1 calls. */
  readonly reaches: readonly string[];
}

type Member = Extract<Node, { type: 'MemberExpression' | 'OptionalMemberExpression' }>;
type AnyCall = CallExpression | Extract<Node, { type: 'OptionalCallExpression' }>;

const [FAILED, ERROR] = FAILURE_STATUSES;
const V1_DECISIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(DEFAULT_DECISION_OUTCOMES).map(([v2, v1]) => [v1, v2]),
);
/** The flow key of the decision entry in the specification's dialect. */
const DECISION_KEY = 'decision';
const ARRAY_METHODS = new Set(['map', 'filter', 'find', 'findLast', 'some', 'every', 'forEach', 'findIndex', 'sort', 'slice', 'reverse']);
/**
 * Methods that test whether a list holds a value: a status tested so is compared with each listed spelling
 * (`indexOf` only where its result is compared with -1 or 0 to ask just that).
 */
const MEMBERSHIP_METHODS = new Set(['includes', 'has', 'indexOf']);
const HARMLESS_CALLEES = /^(console\.\w+|JSON\.stringify|String|Number|Boolean|Array\.isArray|encodeURIComponent|Object\.freeze)$/;
/** Why a call answering what an unreadable response interceptor made of the response stays v1. */
const OPAQUE_CALL =
  'it answers what a response interceptor the codemod cannot read made of the axios response, so no read of its answer can be rewritten';
/** An imported type the answers' annotations name: where, and the annotations retyped. */
interface TypeImport {
  readonly source: Source;
  readonly retyped: { node: Node; site: SiteBuilder }[];
}

/** What makes the kind of a client the codemod cannot tell known to it. */
const UNKNOWN_CLIENT_FORM =
  'type the receiver (http: AxiosInstance, ReturnType<typeof createHttp>) or pass it an instance made by axios.create({ baseURL }) or by a function of the project that returns one, and run again';

/**
 * Follows what each v1 call answers through the code, across functions and files: into variables and
 * destructuring, through `await`, `.then`, returns (to every caller), arguments (to the parameter), `this.x`,
 * objects the code wraps around it, and array callbacks. Each read of the answer is rewritten to where v2 puts
 * it, or refused with the reason; a place the codemod cannot follow the answer into is refused too, so the flow
 * stays whole on v1. Where the answer leaves the code the run was given, that place is recorded.
 */
export class Tracker {
  private readonly reads = new Map<string, { builder: SiteBuilder; origins: Set<string> }>();
  /** Types of a synchronous start's answer: retyped only if the answer turns out to be read as the state. */
  private readonly startTypes = new Set<string>();
  /** Imported v1 types the retyping replaces, and the retyped annotations: an import left unused goes. */
  private readonly typeImports = new Map<Binding, TypeImport>();
  private readonly visited = new Set<string>();
  private readonly links: [string, string][] = [];
  private readonly readAsState = new Set<string>();
  private readonly interactions = new Map<string, string>();
  private readonly boundaries = new Map<string, string[]>();
  private readonly v2Unfollowed: V2Unfollowed[] = [];

  constructor(
    private readonly sources: Sources,
    private readonly functions: Functions,
    private readonly bodies: ReadonlyMap<string, BodyOwner>,
    private readonly helpers: boolean,
    private readonly unreadable: UnreadableCalls,
  ) {}

  /** Follows what the call of a v1 site answers. */
  track(site: Site): void {
    const source = this.sources.get(site.file);
    const facts = site.call;
    if (!source || !facts || !site.operation) return;
    const call = source.nodeAt(facts.start, 'CallExpression', facts.end);
    if (!call) return;
    const synchronous = site.deferred?.kind === 'start' && site.deferred.synchronous;
    const unknown = facts.style === 'callee' ? this.unknownClient(source, call) : undefined;
    const shape: Shape = unknown ? { kind: 'opaque' } : this.answerShape(source, call, facts.style);
    if (unknown && !site.refusal) {
      site.refusal = {
        rule: 'codemod.unknown-client',
        reason: `it goes through ${unknown}, whose kind the codemod cannot tell (an axios instance answers { data }, a client that unwraps it the body), so no read of its answer can be rewritten`,
        suggestion: UNKNOWN_CLIENT_FORM,
      };
      settle(site);
    }
    // The call answers what an interceptor made of the response: no read of it can be rewritten with confidence.
    if (shape.kind === 'opaque' && !site.refusal) {
      site.refusal = { rule: 'codemod.response-interceptor', reason: OPAQUE_CALL, suggestion: INTERCEPTOR_FORM };
      settle(site);
    }
    const value: Value = {
      shape,
      operation: site.operation,
      origin: site.id,
      ...(synchronous ? { startAsState: true } : {}),
    };
    const typeArgument = call.typeParameters?.params[0];
    // `http.post<T>(…)` of axios types the body its response carries, as a call answering the body types that body.
    const typesBody = value.shape.kind === 'body' || (value.shape.kind === 'response' && value.shape.style === 'axios');
    if (typeArgument && typesBody) this.retype(source, typeArgument, { ...value, shape: { kind: 'body' } });
    this.follow(value, call, source);
  }

  /** Follows the instance a v2 start answers, to find the v1 calls that use it (a half-migrated flow). */
  trackV2Start(file: string, v2Call: V2Call): void {
    const source = this.sources.get(file);
    const call = source?.nodeAt(v2Call.start, 'CallExpression', v2Call.end);
    if (!source || !call) return;
    const shape = this.answerShape(source, call, v2Call.style);
    // What an interceptor made of the response holds no id the codemod can find.
    if (shape.kind === 'opaque') return;
    this.follow({ shape, operation: 'v2', origin: v2Call.id }, call, source);
  }

  result(): Followed {
    // The imports whose every use was retyped, by their import statement: removed together, never overlapping.
    const removable = new Map<ImportDeclaration, { source: Source; specifiers: Set<Node>; entries: [Binding, TypeImport][] }>();
    for (const [binding, entry] of this.typeImports) {
      const { source, retyped } = entry;
      const inside = (id: Node) => retyped.some(({ node }) => (node.start ?? 0) <= (id.start ?? 0) && (id.end ?? 0) <= (node.end ?? 0));
      const declaration = source.parent(binding.declaration);
      if (declaration?.type !== 'ImportDeclaration' || ![...binding.references, ...binding.typeReferences].every(inside)) continue;
      const group = removable.get(declaration) ?? { source, specifiers: new Set<Node>(), entries: [] };
      group.specifiers.add(binding.declaration);
      group.entries.push([binding, entry]);
      removable.set(declaration, group);
    }
    for (const [declaration, { source, specifiers, entries }] of removable) {
      for (const [binding, { retyped }] of entries) {
        const removal = removeImportSpecifier(source.ctx, declaration, binding.declaration, specifiers);
        for (const { site } of retyped) {
          site.edits.push(removal);
          // One edit may take several names out of the statement: their annotations move together.
          if (specifiers.size > 1) site.pieces.push(`type-imports:${source.file}:${declaration.start}`);
        }
      }
    }
    const sites = [...this.reads]
      .filter(([key, { origins }]) => !this.startTypes.has(key) || [...origins].some((origin) => this.readAsState.has(origin)))
      .map(([, { builder, origins }]) => builder.build([...origins]));
    return {
      sites,
      links: this.links,
      readAsState: this.readAsState,
      interactions: this.interactions,
      boundaries: this.boundaries,
      v2Unfollowed: this.v2Unfollowed,
    };
  }

  /**
   * The receiver of a method call made on what the codemod cannot tell the kind of: a parameter with no type
   * (`http.post(…)` in `start(http, …)`), which is neither an HTTP library's instance it knows nor an object or
   * class of the project. A typed one answers what its type says (`client: Client` whose `request` returns `T`).
   */
  private unknownClient(source: Source, call: CallExpression): string | undefined {
    const { callee } = call;
    if (!isMember(callee) || callee.object.type !== 'Identifier' || this.functions.calleeOf(source, call)) return undefined;
    const binding = source.scopes.bindingOf(callee.object);
    return binding?.kind === 'param' && !binding.id.typeAnnotation ? callee.object.name : undefined;
  }

  private answerShape(source: Source, call: CallExpression, style: string): Shape {
    if (style === 'fetch' || style === 'axios' || style === 'superagent' || style === 'ky') return { kind: 'response', style };
    if (style === 'axios-intercepted') return { kind: 'opaque' };
    if (style !== 'callee') return { kind: 'body' };
    const answer = answerOf(this.functions, source, call);
    if (answer === 'opaque') return { kind: 'opaque' };
    return answer === 'body' ? { kind: 'body' } : { kind: 'response', style: answer };
  }

  /** A read site at `node` for `value`'s call; one per place and rule, whatever number of calls reach it. */
  private site(source: Source, node: Node, value: Value, rule: RuleId, description: string): SiteBuilder {
    const key = `${source.file}:${node.start}:${node.end}:${rule}`;
    let entry = this.reads.get(key);
    if (!entry) {
      const builder = new SiteBuilder(
        source.ctx,
        node,
        source.ancestors(node),
        rule,
        description,
        'read',
        undefined,
        `${node.end}:${rule}`,
      );
      entry = { builder, origins: new Set() };
      this.reads.set(key, entry);
    }
    entry.origins.add(value.origin);
    return entry.builder;
  }

  private refuse(source: Source, node: Node, value: Value, rule: RuleId, reason: string, suggestion?: string): void {
    // A v2 answer is followed only for the ids that tie v1 calls to its flow: none of its reads is v1 code.
    if (value.operation === 'v2') return;
    this.site(source, node, value, rule, reason).refuse(rule, reason, suggestion);
  }

  private refuseState(source: Source, node: Node, value: Value, reason: string): void {
    this.refuse(source, node, value, 'response.state-result', reason, suggestionOf(value));
  }

  /** The answer leaves the code the run was given here; a decision in v2's words cannot (its readers expect v1's). */
  private boundary(source: Source, node: Node, value: Value): void {
    if (carriesDecision(value.shape)) return void this.decisionEscapes(value, node, source);
    if (carriesStatus(value.shape)) return void this.statusEscapes(value, node, source);
    if (!isObjectShape(value.shape)) return;
    const where = `${source.file}:${lineRef(source.file, node.start ?? 0)}`;
    const list = this.boundaries.get(value.origin) ?? [];
    if (!list.includes(where)) list.push(where);
    this.boundaries.set(value.origin, list);
  }

  private retype(source: Source, type: Node, value: Value): void {
    const edit = retype(source, type, value);
    if (!edit) return;
    const site = this.site(source, type, value, ruleOf(value), 'a v1 type → the v2 one');
    if (value.operation === 'journey/start') this.startTypes.add(`${source.file}:${type.start}:${type.end}:${ruleOf(value)}`);
    if (!this.helpers) {
      site.refuse(ruleOf(value), `${source.ctx.text(type)} describes the v1 answer and helpers are off (--no-helpers)`, edit.name);
      return;
    }
    site.edit(type.start ?? 0, type.end ?? 0, edit.text);
    site.helpers.push(edit.name);
    for (const node of edit.replaced) {
      if (node.type !== 'TSTypeReference' || node.typeName.type !== 'Identifier') continue;
      const binding = source.scopes.lookup(node.typeName.name, node);
      if (binding?.kind !== 'import') continue;
      const entry = this.typeImports.get(binding) ?? { source, retyped: [] };
      entry.retyped.push({ node, site });
      this.typeImports.set(binding, entry);
      // The annotations of one imported type move together: its import can only go with all of them.
      site.pieces.push(`type-import:${source.file}:${binding.id.start}`);
    }
  }

  /** Where the expression `node`, holding `value`, goes next. */
  private follow(value: Value, node: Node, source: Source): void {
    const key = `${value.origin}|${source.file}:${node.start}:${node.end}|${shapeKey(value.shape)}`;
    if (this.visited.has(key)) return;
    this.visited.add(key);
    const parent = source.parent(node);
    if (!parent) return;
    const objectValue = isObjectShape(value.shape);
    switch (parent.type) {
      case 'ParenthesizedExpression':
      case 'TSNonNullExpression':
      case 'TSSatisfiesExpression':
      case 'AwaitExpression':
        return void this.follow(value, parent, source);
      case 'TSAsExpression':
      case 'TSTypeAssertion':
        this.retype(source, parent.typeAnnotation, value);
        return void this.follow(value, parent, source);
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        if (parent.object === node) this.member(value, parent, source);
        else if (carriesDecision(value.shape))
          this.decisionMatched(value, parent, source, `looks it up in ${source.ctx.text(parent.object)}`);
        else if (carriesStatus(value.shape)) this.statusMatched(value, parent, source, `looks it up in ${source.ctx.text(parent.object)}`);
        return;
      case 'CallExpression':
      case 'OptionalCallExpression':
      case 'NewExpression':
        if (parent.callee === node) {
          if (objectValue) this.refuse(source, parent, value, ruleOf(value), 'the answer is called as a function');
          return;
        }
        return void this.argument(value, parent, parent.arguments.indexOf(node as never), source);
      case 'VariableDeclarator':
        if (parent.init === node) this.declare(value, parent.id, source);
        return;
      case 'AssignmentExpression':
        if (parent.right === node && parent.operator === '=') this.assign(value, parent.left, source);
        return;
      case 'LogicalExpression':
        if (parent.operator !== '&&' || parent.right === node) this.follow(value, parent, source);
        return;
      case 'ConditionalExpression':
        if (parent.test !== node) this.follow(value, parent, source);
        return;
      case 'SequenceExpression':
        if (parent.expressions[parent.expressions.length - 1] === node) this.follow(value, parent, source);
        return;
      case 'ReturnStatement':
        return void this.returned(value, node, source);
      case 'ArrowFunctionExpression':
        if (parent.body === node) this.returned(value, node, source);
        return;
      case 'ForOfStatement':
        if (parent.right === node) this.iterated(value, node, parent, source);
        return;
      case 'ObjectProperty':
        if (parent.value === node) this.stored(value, parent, source);
        else if (carriesDecision(value.shape)) this.decisionMatched(value, parent, source, 'makes it the key of an object');
        else if (carriesStatus(value.shape)) this.statusMatched(value, parent, source, 'makes it the key of an object');
        return;
      case 'BinaryExpression':
        return void this.compared(value, parent, node, source);
      case 'SwitchStatement':
        return void this.switched(value, parent, source);
      case 'UnaryExpression':
      case 'IfStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'ForStatement':
      case 'ExpressionStatement':
      case 'TemplateLiteral':
      case 'ThrowStatement':
      case 'TSInstantiationExpression':
        return;
      default:
        if (objectValue) {
          this.refuse(
            source,
            node,
            value,
            ruleOf(value),
            `the v1 answer of ${value.operation} goes where the codemod cannot follow it (${parent.type})`,
            suggestionOf(value),
          );
        } else if (carriesDecision(value.shape)) this.decisionEscapes(value, node, source);
        // A status handed to a component (`<Badge status={state.status} />`) reaches code the codemod does not see.
        else if (carriesStatus(value.shape) && parent.type === 'JSXExpressionContainer' && !renderedAsText(parent, source))
          this.statusEscapes(value, node, source);
    }
  }

  /** `node.name` (or `node[index]`) read from a value. */
  private member(value: Value, member: Member, source: Source): void {
    const { shape } = value;
    const name =
      propertyName(member) ?? (member.computed && member.property.type === 'NumericLiteral' ? String(member.property.value) : undefined);
    const call = source.parent(member);
    const called =
      (call?.type === 'CallExpression' || call?.type === 'OptionalCallExpression') && call.callee === member ? call : undefined;
    const from = (next: Shape) => this.follow({ ...value, shape: next }, member, source);
    // Promises of an answer: what `.then` receives is the answer; `.catch` and `.finally` pass it on.
    if (called && (shape.kind === 'body' || shape.kind === 'response' || shape.kind === 'opaque')) {
      if (name === 'then') return void this.callback(value, called, source, 'then');
      if (name === 'catch' || name === 'finally') return void this.follow(value, called, source);
    }
    switch (shape.kind) {
      case 'record':
        if (name === shape.key) return void from(shape.inner);
        return;
      case 'response':
        if (shape.style === 'axios' && name === 'data') return void from({ kind: 'body' });
        if (shape.style === 'superagent' && name === 'body') return void from({ kind: 'body' });
        if ((shape.style === 'fetch' || shape.style === 'ky') && name === 'json' && called) {
          // The body of a failed answer is v1's error body: the error reads of the call rewrite it.
          if (inFailureBranch(source, member.object, called)) return;
          const typeArgument = called.typeParameters?.params[0];
          if (typeArgument) this.retype(source, typeArgument, { ...value, shape: { kind: 'body' } });
          return void this.follow({ ...value, shape: { kind: 'body' } }, called, source);
        }
        if (shape.style === 'superagent' && called) return void this.follow(value, called, source);
        return;
      case 'body':
        return void this.bodyMember(value, member, name, source);
      case 'opaque':
        // A read of it is a part of the flow, kept on v1 with the call; what it reads is followed on, ids included.
        this.site(source, member, value, ruleOf(value), 'a read of an intercepted answer');
        return void from(shape);
      case 'data':
        if (name === 'process') return void from({ kind: 'process', root: shape.root });
        if (name === 'context') return void from({ kind: 'context', root: shape.root });
        return void this.refuseState(source, member, value, `data.${name ?? '[…]'} of a v1 state has no v2 counterpart`);
      case 'context':
        if (name === 'process') return void from({ kind: 'process', root: shape.root });
        return void this.refuseState(source, member, value, `data.context.${name ?? '[…]'} of a v1 state has no v2 counterpart`);
      case 'process':
        if (name === 'flow') return void this.flow(value, member, shape.root, source);
        return void this.refuseState(source, member, value, `process.${name ?? '[…]'} of a v1 state has no v2 counterpart`);
      case 'decision-entry':
        if (name === 'result') return void from({ kind: 'decision-result', root: shape.root });
        return void this.refuseState(source, member, value, 'the decision entry of a v1 flow has only a result');
      case 'decision-result':
        if (name !== 'outcome')
          return void this.refuseState(source, member, value, 'the decision entry of a v1 flow has only result.outcome');
        return void this.decision(value, member, shape.root, source);
      case 'entries':
        if (name === 'length') return;
        if (called && name !== undefined && ARRAY_METHODS.has(name))
          return void this.arrayMethod(value, { kind: 'entry' }, name, called, source);
        if (member.computed && member.property.type === 'NumericLiteral') return void from({ kind: 'entry' });
        return void this.refuseState(source, member, value, `${name ?? 'this use'} of the v1 flow's entries has no v2 counterpart`);
      case 'entry':
        if (name === 'result') return void from({ kind: 'entry-result' });
        if (name === '_ggo')
          return void this.refuseState(
            source,
            member,
            value,
            'v2 steps carry no _ggo: the codemod cannot tell which steps the decision engine marked',
          );
        return void this.refuseState(source, member, value, `${name ?? 'this field'} of a v1 flow entry has no v2 counterpart on a step`);
      case 'entry-result':
        if (name === 'outcome') return void from({ kind: 'leaf', leaf: 'outcome' });
        if (name === 'status') return void from({ kind: 'leaf', leaf: 'other' });
        return void this.refuseState(source, member, value, `result.${name ?? '[…]'} of a v1 flow entry has no v2 counterpart on a step`);
      case 'strings':
        if (called && name !== undefined && ARRAY_METHODS.has(name))
          return void this.arrayMethod(value, { kind: 'leaf', leaf: shape.of }, name, called, source);
        return;
      case 'tasks':
        return void this.tasksMember(value, shape, member, name, source);
      case 'task':
        if (name === 'taskId') {
          this.site(source, member, value, 'endpoint.task-list', 'v1 task → the v2 interaction').replace(
            member,
            source.ctx.text(member.object),
          );
          return void from({ kind: 'leaf', leaf: 'taskId' });
        }
        // The task becomes the interaction's id, a string: a variantId read from it could only be undefined.
        if (name === 'variantId') {
          return void this.refuse(
            source,
            member,
            value,
            'response.variant-id',
            `${source.ctx.text(member)} has no v2 counterpart: the task becomes the interaction's id`,
            'read the interaction fetch response (interaction.resource.id, collects)',
          );
        }
        return void this.refuse(
          source,
          member,
          value,
          'endpoint.task-list',
          `task.${name ?? '[…]'} has no v2 counterpart on an interaction`,
        );
      case 'leaf':
        if (shape.leaf === 'outcome' && called && /^(startsWith|includes|endsWith)$/.test(name ?? ''))
          return void this.outcomeTest(value, called, source);
        if (shape.leaf === 'decision' && called) this.decisionEscapes(value, called, source);
        if (shape.leaf === 'status')
          this.statusMatched(value, called ?? member, source, `reads it through .${name ?? '[…]'}${called ? '()' : ''}`);
        return;
    }
  }

  /** A member of a call's answer body, by operation. */
  private bodyMember(value: Value, member: Member, name: string | undefined, source: Source): void {
    const from = (next: Shape) => this.follow({ ...value, shape: next }, member, source);
    const root = REPEATABLE.test(source.ctx.text(member.object)) ? source.ctx.text(member.object) : undefined;
    switch (value.operation) {
      case 'journey/task/list':
      case 'journey/task/list/schema':
        if (name === 'instanceId') return void from({ kind: 'leaf', leaf: 'instanceId' });
        if (name === 'status') {
          // v2 reports the journey's status on the interaction.
          const accessor = source.ctx.source.slice(member.object.end ?? 0, member.property.start ?? 0);
          this.site(source, member, value, 'endpoint.task-list', 'v1 task list status → the journey status').edit(
            member.object.end ?? 0,
            member.end ?? 0,
            `${accessor}journey?.status`,
          );
          return void from({ kind: 'leaf', leaf: 'status' });
        }
        if (name === 'tasks') {
          // The end interaction has an interactionId too: a task is an interaction that collects data.
          if (!this.helpers) return void this.refuse(source, member, value, 'endpoint.task-list', TASK_WITHOUT_HELPERS, TASK_FORM);
          const id = `${PENDING}(${source.ctx.text(member.object)})`;
          return void from({ kind: 'tasks', id, repeatable: root !== undefined, helper: true });
        }
        return void this.refuse(
          source,
          member,
          value,
          value.operation === 'journey/task/list' ? 'endpoint.task-list' : 'endpoint.task-list-schema',
          `${name ?? 'this field'} of a v1 task list has no v2 counterpart on an interaction`,
          'interaction.collects[] { ref, spec } and outstanding[]',
        );
      case 'journey/state/fetch':
        return void this.stateMember(value, member, name, root, source);
      case 'journey/start':
        if (name === 'instanceId') return void from({ kind: 'leaf', leaf: 'instanceId' });
        if (value.startAsState) {
          this.readAsState.add(value.origin);
          return void this.stateMember(value, member, name, root, source);
        }
        return void this.refuse(
          source,
          member,
          value,
          'response.start',
          `a v1 start answered { instanceId }: ${name ?? 'this field'} is not in it`,
        );
      case 'v2':
        if (name === 'instanceId') return void from({ kind: 'leaf', leaf: 'instanceId' });
        return;
      default:
        return void this.refuse(
          source,
          member,
          value,
          value.operation === 'journey/task/update' ? 'endpoint.task-update' : 'endpoint.task-schema',
          `the v1 answer of ${value.operation} has no v2 counterpart for ${name ?? 'this read'}`,
          value.operation === 'journey/task/update' ? "{ status: 'success' }" : 'interaction.collects[] and outstanding[]',
        );
    }
  }

  private stateMember(value: Value, member: Member, name: string | undefined, root: string | undefined, source: Source): void {
    const from = (next: Shape) => this.follow({ ...value, shape: next }, member, source);
    if (name === 'instanceId') return void from({ kind: 'leaf', leaf: 'instanceId' });
    if (name === 'status') return void from({ kind: 'leaf', leaf: 'status' });
    if (name === 'data') return void from({ kind: 'data', root });
    if (name === 'metaData') {
      return void this.refuse(
        source,
        member,
        value,
        'response.state-metadata',
        'v2 states have no metaData',
        'context.process.journey.startedAt and the steps',
      );
    }
    return void this.refuseState(source, member, value, `${name ?? 'this field'} of a v1 state has no v2 counterpart`);
  }

  /** `X.data.process.flow`: the flow's entries become the module steps; a keyed entry the step with that nodeId; `decision` the decision. */
  private flow(value: Value, flow: Node, root: string | undefined, source: Source): void {
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
      return void this.refuseState(
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
      const site = this.site(source, flow, value, 'response.state-result', 'v1 flow → v2 steps');
      if (this.helpers) site.replace(values, `moduleSteps(${root})`).helpers.push('moduleSteps');
      else site.replace(values, `${steps}.filter((${ts ? 'step: { result?: unknown }' : 'step'}) => step.result != null)`);
      return void this.follow({ ...value, shape: { kind: 'entries' } }, values, source);
    }
    if (isMember(parent) && parent.object === flow) {
      const name = propertyName(parent);
      if (name === DECISION_KEY) return void this.follow({ ...value, shape: { kind: 'decision-entry', root } }, parent, source);
      const key = parent.computed ? source.ctx.text(parent.property) : source.ctx.str(name ?? '');
      const site = this.site(source, flow, value, 'response.state-result', 'v1 flow entry → v2 step');
      if (this.helpers) site.replace(parent, `moduleSteps(${root}).find((step) => step.nodeId === ${key})`).helpers.push('moduleSteps');
      else site.replace(parent, `${steps}.find((${ts ? 'step: { nodeId?: string }' : 'step'}) => step.nodeId === ${key})`);
      site.needsReview('response.variant-id', 'v1 variantIds and v2 step nodeIds differ', 'find the step by its v2 nodeId');
      return void this.follow({ ...value, shape: { kind: 'entry' } }, parent, source);
    }
    this.refuseState(source, flow, value, 'this use of the v1 flow has no direct v2 counterpart');
  }

  /** The decision entry's outcome: `decisionOf(state)` from the generated module, in v2's words. */
  private decision(value: Value, outcome: Node, root: string | undefined, source: Source): void {
    if (root === undefined) return void this.refuseState(source, outcome, value, 'the state is not read from a name the codemod can write');
    const site = this.site(source, outcome, value, 'response.decision-wording', 'v1 decision → v2 decision');
    if (!this.helpers)
      return void site.refuse('response.decision-wording', 'the decision is read with decisionOf and helpers are off (--no-helpers)');
    site.replace(outcome, `decisionOf(${root})`);
    site.helpers.push('decisionOf');
    this.follow({ ...value, shape: { kind: 'leaf', leaf: 'decision' } }, outcome, source);
  }

  /** A decision that leaves the code as a value: whoever reads it expects v1's words. */
  private decisionEscapes(value: Value, node: Node, source: Source): void {
    this.refuse(
      source,
      node,
      value,
      'response.state-result',
      'v2 keeps the overall decision in context.result, with other outcome words',
      "decisionOf(state) of the generated journey-v2 module ('Accept' | 'Reject' | 'Manual review'), compared where it is read",
    );
  }

  /** A site that writes the id of a task list's interaction that collects data, with the helper it calls. */
  private taskSite(source: Source, node: Node, value: Value, shape: Extract<Shape, { kind: 'tasks' }>, description: string): SiteBuilder {
    const site = this.site(source, node, value, 'endpoint.task-list', description);
    if (shape.helper) site.helpers.push(PENDING);
    return site;
  }

  /** `tasks.length`, `tasks[0]`, `tasks[0].taskId` of a task list: v2 has one interaction that collects data, or none. */
  private tasksMember(
    value: Value,
    shape: Extract<Shape, { kind: 'tasks' }>,
    member: Member,
    name: string | undefined,
    source: Source,
  ): void {
    const parent = source.parent(member);
    const site = () => this.taskSite(source, member, value, shape, 'v1 task → the v2 interaction');
    if (name === 'length') {
      const zero =
        parent?.type === 'BinaryExpression' &&
        [parent.left, parent.right].some((side) => side.type === 'NumericLiteral' && side.value === 0);
      if (parent?.type === 'BinaryExpression' && zero && ['===', '==', '<='].includes(parent.operator))
        return void site().replace(parent, `${shape.id} === undefined`);
      if (parent?.type === 'BinaryExpression' && zero && ['!==', '!=', '>'].includes(parent.operator))
        return void site().replace(parent, `${shape.id} !== undefined`);
      if (parent?.type === 'UnaryExpression' && parent.operator === '!') return void site().replace(parent, `${shape.id} === undefined`);
    }
    if (name === '0' && member.computed) {
      if (isMember(parent) && parent.object === member && propertyName(parent) === 'taskId') {
        site().replace(parent, shape.id);
        return void this.follow({ ...value, shape: { kind: 'leaf', leaf: 'taskId' } }, parent, source);
      }
      if (parent?.type === 'VariableDeclarator' && parent.init === member) {
        site().replace(member, shape.id);
        return void this.declare({ ...value, shape: { kind: 'task' } }, parent.id, source);
      }
    }
    this.refuse(
      source,
      member,
      value,
      'endpoint.task-list',
      'v2 has one active interaction, not a list of tasks',
      `${shape.id} (undefined while modules run and once the journey has ended)`,
    );
  }

  /** `for (const x of value)`: each element is bound to `x`. */
  private iterated(value: Value, node: Node, loop: Extract<Node, { type: 'ForOfStatement' }>, source: Source): void {
    const left = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : loop.left;
    const element = elementOf(value.shape);
    if (value.shape.kind === 'tasks') {
      if (!value.shape.repeatable) {
        return void this.refuse(
          source,
          node,
          value,
          'endpoint.task-list',
          'the task list is not read from a name the codemod can write twice',
        );
      }
      const id = value.shape.id;
      // TypeScript does not narrow a call by the test of an earlier one: the element is asserted defined.
      const element = value.shape.helper && source.ctx.isTypeScript ? `${id}!` : id;
      this.taskSite(source, node, value, value.shape, 'v1 tasks → the v2 interaction').replace(
        node,
        `(${id} === undefined ? [] : [${element}])`,
      );
    }
    if (!element || !left) {
      if (isObjectShape(value.shape))
        this.refuse(source, node, value, ruleOf(value), 'the v1 answer is iterated, and has no v2 counterpart as a list');
      return;
    }
    this.declare({ ...value, shape: element }, left, source);
  }

  /** `value.map(callback)` and its kin: the callback receives an element; the result is elements, one, or none. */
  private arrayMethod(value: Value, element: Shape, method: string, call: AnyCall, source: Source): void {
    this.callback({ ...value, shape: element }, call, source, method);
    if (method === 'filter' || method === 'sort' || method === 'slice' || method === 'reverse') this.follow(value, call, source);
    if (method === 'find' || method === 'findLast') this.follow({ ...value, shape: element }, call, source);
  }

  /** The function passed as the first argument of `call` receives `value` as its first parameter. */
  private callback(value: Value, call: AnyCall, source: Source, method: string): void {
    const fn = call.arguments[0];
    if (!fn) return;
    if (fn.type === 'Identifier') {
      // React: `.then(setState)` puts the answer in the state `useState` gave with that setter.
      const state = stateOfSetter(source, fn);
      if (state) return void this.declare(value, state, source);
    }
    if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') {
      if (isObjectShape(value.shape))
        this.refuse(
          source,
          fn,
          value,
          ruleOf(value),
          `the answer is handed to ${source.ctx.text(fn)} by .${method}, which the codemod cannot follow`,
        );
      return;
    }
    const [param] = fn.params;
    if (param) this.declare(value, param, source);
  }

  /** `const x = value`, `const { a } = value`, a parameter: follows each name bound. */
  private declare(value: Value, target: Node, source: Source): void {
    if (target.type === 'Identifier') {
      const annotation = target.typeAnnotation?.type === 'TSTypeAnnotation' ? target.typeAnnotation.typeAnnotation : undefined;
      if (annotation) this.retype(source, annotation, value);
      const binding = source.scopes.bindingOf(target);
      if (!binding) return;
      const list =
        value.shape.kind === 'body' && (value.operation === 'journey/task/list' || value.operation === 'journey/task/list/schema')
          ? { file: source.file, binding }
          : value.list;
      for (const reference of binding.references) {
        const parent = source.parent(reference);
        if (parent?.type === 'AssignmentExpression' && parent.left === reference) continue;
        this.follow({ ...value, ...(list ? { list } : {}) }, reference, source);
      }
      return;
    }
    if (target.type === 'AssignmentPattern') return void this.declare(value, target.left, source);
    if (target.type === 'TSParameterProperty') return void this.declare(value, target.parameter, source);
    if (target.type === 'ObjectPattern') return void this.destructured(value, target, source);
    if (target.type === 'ArrayPattern') return void this.destructuredArray(value, target, source);
    if (isObjectShape(value.shape))
      this.refuse(source, target, value, ruleOf(value), 'the v1 answer is bound in a way the codemod cannot follow');
  }

  /** `const { a, b: c } = value`. */
  private destructured(value: Value, pattern: Extract<Node, { type: 'ObjectPattern' }>, source: Source): void {
    const { shape } = value;
    for (const property of pattern.properties) {
      if (property.type === 'RestElement') {
        if (isObjectShape(shape)) this.refuse(source, property, value, ruleOf(value), 'the rest of a v1 answer has no v2 counterpart');
        continue;
      }
      const name = keyName(property);
      const next = name === undefined ? undefined : destructuredShape(value, name);
      if (next === 'tasks') {
        this.tasksPattern(value, property, source);
        continue;
      }
      if (next === undefined) {
        if (isObjectShape(shape)) {
          this.refuse(
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
      if (next !== 'ignore') this.declare({ ...value, shape: next }, property.value, source);
    }
  }

  /**
   * `const { tasks } = list`: the binding now holds the id of the interaction that collects data
   * (`const tasks = pendingInteractionId(list)`), which a pattern cannot compute: only a declaration of `tasks` alone moves.
   */
  private tasksPattern(value: Value, property: Extract<Node, { type: 'ObjectProperty' }>, source: Source): void {
    if (!this.helpers) return void this.refuse(source, property, value, 'endpoint.task-list', TASK_WITHOUT_HELPERS, TASK_FORM);
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
      return void this.refuse(
        source,
        property,
        value,
        'endpoint.task-list',
        'the task list is destructured in a way the codemod cannot rewrite',
        TASK_FORM,
      );
    }
    this.site(source, declarator, value, 'endpoint.task-list', 'v1 tasks → the v2 interaction')
      .replace(declarator, `${target.name} = ${PENDING}(${source.ctx.text(declarator.init)})`)
      .helpers.push(PENDING);
    const binding = source.scopes.bindingOf(target);
    if (!binding) return;
    for (const reference of binding.references)
      this.follow({ ...value, shape: { kind: 'tasks', id: target.name, repeatable: true, helper: false } }, reference, source);
  }

  /** `const [first] = value`: of tasks, the interactionId; of entries, an entry. */
  private destructuredArray(value: Value, pattern: Extract<Node, { type: 'ArrayPattern' }>, source: Source): void {
    const declarator = source.parent(pattern);
    const [first] = pattern.elements;
    if (
      value.shape.kind === 'tasks' &&
      pattern.elements.length === 1 &&
      first?.type === 'Identifier' &&
      declarator?.type === 'VariableDeclarator'
    ) {
      this.taskSite(source, declarator, value, value.shape, 'v1 task → the v2 interaction').replace(
        declarator,
        `${first.name} = ${value.shape.id}`,
      );
      return void this.declare({ ...value, shape: { kind: 'task' } }, first, source);
    }
    const element = elementOf(value.shape);
    if (element && value.shape.kind !== 'tasks') {
      for (const item of pattern.elements) if (item) this.declare({ ...value, shape: element }, item, source);
      return;
    }
    if (isObjectShape(value.shape))
      this.refuse(source, pattern, value, ruleOf(value), 'the v1 answer is destructured in a way the codemod cannot rewrite');
  }

  /** `x = value`: a variable (all its reads), or `this.x` (its reads in the class). */
  private assign(value: Value, target: Node, source: Source): void {
    if (target.type === 'Identifier') {
      const binding = source.scopes.bindingOf(target);
      if (!binding) return;
      for (const reference of binding.references) {
        const parent = source.parent(reference);
        if (parent?.type === 'AssignmentExpression' && parent.left === reference) continue;
        this.follow(value, reference, source);
      }
      return;
    }
    if (isMember(target) && target.object.type === 'ThisExpression' && !target.computed) {
      const name = propertyName(target);
      const body = source
        .ancestors(target)
        .reverse()
        .find((node) => node.type === 'ClassBody');
      if (!body || name === undefined) return;
      for (const read of thisReads(source, body, name)) this.follow(value, read, source);
      return;
    }
    if (isObjectShape(value.shape)) {
      this.refuse(source, target, value, ruleOf(value), 'the v1 answer is stored where the codemod cannot follow it', suggestionOf(value));
    }
  }

  /**
   * `{ key: value }`: an id in a call's body ties that call to the flow; anything else makes the object carry
   * the value, and its reads of `key` are followed.
   */
  private stored(value: Value, property: Extract<Node, { type: 'ObjectProperty' }>, source: Source): void {
    const object = source.parent(property) as ObjectExpression | undefined;
    if (value.shape.kind === 'leaf' && object) {
      const owner = this.bodies.get(`${source.file}:${object.start}`);
      if (owner && (value.shape.leaf === 'instanceId' || value.shape.leaf === 'taskId')) {
        this.links.push([value.origin, owner.id]);
        const list = value.list;
        if (owner.update && value.shape.leaf === 'taskId' && keyName(property) === 'taskId' && list) {
          if (this.sources.get(list.file) === source && source.scopes.lookup(list.binding.name, object) === list.binding)
            this.interactions.set(owner.id, list.binding.name);
        }
        return;
      }
    }
    const key = keyName(property);
    // Objects built around objects built around the answer, again and again (`acc = { prev: acc, state }`): let go.
    if (depthOf(value.shape) >= MAX_RECORD_DEPTH) {
      if (isObjectShape(value.shape))
        this.refuse(source, property, value, ruleOf(value), 'the v1 answer is nested in objects deeper than the codemod follows');
      return;
    }
    if (!object || key === undefined) {
      if (isObjectShape(value.shape))
        this.refuse(source, property, value, ruleOf(value), 'the v1 answer is stored under a computed key', suggestionOf(value));
      return;
    }
    this.follow({ ...value, shape: { kind: 'record', key, inner: value.shape } }, object, source);
  }

  /** An argument: into the parameter of a function of the project; out of the code otherwise. */
  private argument(value: Value, call: AnyCall | Extract<Node, { type: 'NewExpression' }>, index: number, source: Source): void {
    const callee = source.ctx.text(call.callee);
    if (callee === 'Object.values' || callee === 'Object.keys' || callee === 'Object.entries') {
      if (isObjectShape(value.shape))
        this.refuse(source, call, value, ruleOf(value), `${callee} of the v1 answer has no v2 counterpart`, suggestionOf(value));
      return;
    }
    const owner = carriesId(value.shape) ? this.bodies.get(`${source.file}:${call.arguments[index]?.start}`) : undefined;
    if (owner) return void this.links.push([value.origin, owner.id]);
    // The text of a body carries its ids: `body: JSON.stringify(body)` is followed into the request.
    if (callee === 'JSON.stringify' && carriesId(value.shape)) return void this.follow(value, call, source);
    if (HARMLESS_CALLEES.test(callee)) return;
    if (value.shape.kind === 'leaf' && value.shape.leaf === 'status' && index === 0 && isMember(call.callee)) {
      const method = propertyName(call.callee);
      // An index is a position in the list, which gaining 'Error' shifts: only whether the status is listed may be asked.
      if (method === 'indexOf' && !testsPresence(source, call))
        return void this.statusMatched(
          value,
          call,
          source,
          `takes its position in ${source.ctx.text(call.callee.object)} (an added '${ERROR}' would shift the positions after it)`,
        );
      if (method !== undefined && MEMBERSHIP_METHODS.has(method)) return void this.statusListed(value, call.callee.object, call, source);
    }
    if (callee === 'Promise.resolve') return void this.follow(value, call, source);
    if (call.callee.type === 'Identifier') {
      const state = stateOfSetter(source, call.callee);
      if (state) return void this.declare(value, state, source);
    }
    const target = call.type === 'OptionalCallExpression' ? undefined : this.functions.calleeOf(source, call);
    const param = target?.fn.params[index];
    if (target && param && param.type !== 'RestElement') return void this.declare(value, param, target.source);
    if (target) return;
    if (carriesId(value.shape) && this.unreadable.blocks(source, call)) {
      // Any method of that name a candidate declares may be the one called: the id goes into each, so a v1 call made
      // there joins this flow and stays v1 with it rather than migrating alone.
      for (const { source: declaredIn, fn } of this.unreadable.mayBeCalled(source, call)) {
        const declared = fn.params[index];
        if (declared && declared.type !== 'RestElement') this.declare(value, declared, declaredIn);
      }
      return void this.unfollowed(value, call, source);
    }
    this.boundary(source, call, value);
  }

  /** An id of the flow sent to code the codemod cannot read: the calls made there with it may be v1, so the flow cannot be shown whole. */
  private unfollowed(value: Value, call: Node, source: Source): void {
    const callee = 'callee' in call ? source.ctx.text(call.callee) : source.ctx.text(call);
    if (value.operation === 'v2') {
      const at = value.origin.lastIndexOf(':');
      const file = value.origin.slice(0, at);
      const startSource = this.sources.get(file);
      const start = startSource?.nodeAt(Number(value.origin.slice(at + 1)), 'CallExpression');
      // `journey-codemod-ignore` above the v2 start or above the call opts it out, as it does any other finding.
      if (optedOut(source, call) || (startSource && start && optedOut(startSource, start))) return;
      const started = lineRef(file, Number(value.origin.slice(at + 1)));
      const text = `the instance of the v2 start at line ${started} of ${basename(file)} is sent to ${callee}, which the codemod cannot read`;
      return void this.v2Unfollowed.push({ file: source.file, offset: call.start ?? 0, text, reaches: this.importedBy(source) });
    }
    this.refuse(
      source,
      call,
      value,
      'codemod.unfollowed-instance',
      `the journey's id is sent to ${callee}, which the codemod cannot read (a method of a class it cannot see, a request whose URL it cannot resolve, an unknown callee): the calls made there with it may stay v1`,
      'send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand',
    );
  }

  /** `source`'s file and every file of the run it imports by a relative specifier, directly or through others. */
  private importedBy(source: Source): string[] {
    const files = new Set([source.file]);
    const pending = [source];
    for (let next = pending.pop(); next; next = pending.pop()) {
      for (const { specifier } of next.ctx.imports.values()) {
        const file = this.sources.modules.resolve(next.file, specifier);
        const imported = file === undefined || files.has(file) ? undefined : this.sources.get(file);
        if (!file || !imported) continue;
        files.add(file);
        pending.push(imported);
      }
    }
    return [...files];
  }

  /** A returned value reaches every call of the function, or leaves the code. */
  private returned(value: Value, node: Node, source: Source): void {
    const fn = source
      .ancestors(node)
      .reverse()
      .find((ancestor) => isFunction(ancestor));
    if (!fn || !isFunction(fn)) return;
    const holder = source.parent(fn);
    // A callback returns into the call it was given to.
    if ((holder?.type === 'CallExpression' || holder?.type === 'OptionalCallExpression') && holder.arguments.includes(fn as never)) {
      const method = isMember(holder.callee) ? propertyName(holder.callee) : undefined;
      if (method === 'then') return void this.follow(value, holder, source);
      if (method === 'map') return void this.follow({ ...value, shape: mappedShape(value.shape) }, holder, source);
      if (method !== undefined && ARRAY_METHODS.has(method)) return;
      if (isObjectShape(value.shape)) {
        this.refuse(
          source,
          node,
          value,
          ruleOf(value),
          `the answer is returned into ${source.ctx.text(holder.callee)}, which the codemod cannot follow`,
        );
      }
      return;
    }
    const returnType = 'returnType' in fn && fn.returnType?.type === 'TSTypeAnnotation' ? fn.returnType.typeAnnotation : undefined;
    if (returnType) this.retype(source, returnType, value);
    const callers = this.functions.callersOf({ source, fn });
    for (const caller of callers) this.follow(value, caller.call, caller.source);
    // A call by the method's name on a receiver of unknown class may read the answer in v1's shape: not followable.
    if (isObjectShape(value.shape)) {
      for (const unresolved of unresolvedCallersOf(this.functions, this.sources, source, fn)) {
        const where = `${unresolved.source.ctx.text(unresolved.call.callee)} at line ${lineRef(unresolved.source.file, unresolved.call.start ?? 0)} of ${basename(unresolved.source.file)}`;
        this.refuse(
          source,
          node,
          value,
          ruleOf(value),
          `the answer may be returned to ${where}, whose receiver the codemod cannot resolve`,
          suggestionOf(value),
        );
        this.refuse(
          unresolved.source,
          unresolved.call,
          value,
          ruleOf(value),
          `this call may reach a method answering v1 (line ${lineRef(source.file, node.start ?? 0)} of ${basename(source.file)}), on a receiver the codemod cannot resolve`,
          suggestionOf(value),
        );
      }
    }
    if (callers.length === 0) this.boundary(source, node, value);
  }

  /** `status === 'Failed'`, a decision or a flow entry's outcome compared with a literal. */
  private compared(value: Value, comparison: Extract<Node, { type: 'BinaryExpression' }>, node: Node, source: Source): void {
    if (value.shape.kind !== 'leaf') return;
    const equality = ['===', '==', '!==', '!='].includes(comparison.operator);
    const other = comparison.left === node ? comparison.right : comparison.left;
    if (value.shape.leaf === 'decision' && other.type !== 'StringLiteral' && comparison.operator !== '+') {
      // Only a literal can be rewritten in v2's words; a name, a member or `in` may hold v1's, and joining text is display.
      const how = comparison.operator === 'in' ? `looks it up in ${source.ctx.text(other)}` : `compares it with ${source.ctx.text(other)}`;
      if (!(equality && isAbsent(other))) this.decisionMatched(value, comparison, source, how);
      return;
    }
    if (value.shape.leaf === 'status') return void this.statusCompared(value, comparison, other, node, source);
    if (!equality || other.type !== 'StringLiteral') return;
    const { leaf: kind } = value.shape;
    if (kind === 'decision') return void this.decisionLiteral(value, other, source);
    if (kind === 'outcome' && other.value.startsWith('Decision') && !comparison.operator.startsWith('!')) {
      this.refuseState(source, comparison, value, 'this code picks the decision among the flow entries; v2 keeps it in the result');
    }
  }

  /**
   * A status compared: with `'Failed'`, or a constant the codemod knows holds it, the comparison takes `'Error'`
   * too; with anything it cannot read (a parameter, a member, `in` a table), the flow stays on v1.
   */
  private statusCompared(
    value: Value,
    comparison: Extract<Node, { type: 'BinaryExpression' }>,
    other: Node,
    node: Node,
    source: Source,
  ): void {
    if (comparison.operator === 'in' && comparison.left === node)
      return void this.statusMatched(value, comparison, source, `looks it up in ${source.ctx.text(other)}`);
    if (!['===', '==', '!==', '!='].includes(comparison.operator) || isAbsent(other)) return;
    const known = knownString(other, source);
    if (known === undefined) return void this.statusMatched(value, comparison, source, `compares it with ${source.ctx.text(other)}`);
    if (known !== FAILED) return;
    const error =
      other.type === 'StringLiteral'
        ? `${source.ctx.source[other.start ?? 0] ?? "'"}${ERROR}${source.ctx.source[other.start ?? 0] ?? "'"}`
        : source.ctx.str(ERROR);
    const holder = source.parent(comparison);
    // Already taking both spellings (a run before this one).
    if (holder?.type === 'LogicalExpression' && source.ctx.text(holder).includes(error)) return;
    // The second comparison evaluates the status again: a call in it (`(await fetchState()).status`) would run twice.
    if (!REPEATABLE.test(source.ctx.text(node))) {
      return void this.refuse(
        source,
        comparison,
        value,
        'status.failure-spelling',
        `a failed journey's status would read '${FAILED}' or '${ERROR}' on v2, and comparing ${source.ctx.text(node)} with both would evaluate it twice`,
        `assign the status to a variable first (const status = …), compare that with '${FAILED}', then run again`,
      );
    }
    // The status itself may be rewritten (a task list's `list.status`): the comparison is added to, never replaced.
    const subject = this.rewritten(source, node);
    const { operator } = comparison;
    const bare = /^(IfStatement|WhileStatement|ReturnStatement|VariableDeclarator)$/.test(holder?.type ?? '');
    const site = this.site(source, comparison, value, 'status.failure-spelling', `'${FAILED}' also spelled '${ERROR}' on v2`);
    if (!bare) site.edit(comparison.start ?? 0, comparison.start ?? 0, '(');
    site.edit(
      comparison.end ?? 0,
      comparison.end ?? 0,
      `${operator.startsWith('!') ? ' &&' : ' ||'} ${subject} ${operator} ${error}${bare ? '' : ')'}`,
    );
  }

  /** The text of `node` once the read sites planned inside it so far are applied. */
  private rewritten(source: Source, node: Node): string {
    const start = node.start ?? 0;
    const end = node.end ?? 0;
    const inside = [...this.reads.values()]
      .flatMap(({ builder }) => builder.edits)
      .filter((edit) => edit.file === source.file && start <= edit.start && edit.end <= end)
      .sort((a, b) => b.start - a.start);
    let text = source.ctx.text(node);
    for (const edit of inside) text = text.slice(0, edit.start - start) + edit.text + text.slice(edit.end - start);
    return text;
  }

  /**
   * `['Completed', 'Failed'].includes(status)`, `new Set([…]).has(status)`: a list written inline gains `'Error'`
   * beside `'Failed'`; a list held elsewhere (a constant, a parameter) may be shared or built at run time, so the
   * flow stays on v1 and the marker says where to add it.
   */
  private statusListed(value: Value, list: Node, call: Node, source: Source): void {
    const inline =
      list.type === 'ArrayExpression'
        ? list
        : list.type === 'NewExpression' && source.ctx.text(list.callee) === 'Set' && list.arguments[0]?.type === 'ArrayExpression'
          ? list.arguments[0]
          : undefined;
    const literals = inline?.elements.every((element) => element?.type === 'StringLiteral') ? inline.elements : undefined;
    if (!literals) return void this.statusMatched(value, call, source, `matches it against ${source.ctx.text(list)}`);
    const failed = literals.find((element) => element?.type === 'StringLiteral' && element.value === FAILED);
    if (!failed || literals.some((element) => element?.type === 'StringLiteral' && element.value === ERROR)) return;
    const quote = source.ctx.source[failed.start ?? 0] ?? "'";
    this.site(source, list, value, 'status.failure-spelling', `'${FAILED}' also spelled '${ERROR}' on v2`).edit(
      failed.end ?? 0,
      failed.end ?? 0,
      `, ${quote}${ERROR}${quote}`,
    );
  }

  /** A status matched in a way the codemod cannot rewrite to take v2's second spelling: the flow stays on v1. */
  private statusMatched(value: Value, node: Node, source: Source, how: string): void {
    this.refuse(
      source,
      node,
      value,
      'status.failure-spelling',
      `a failed journey's status would read '${FAILED}' or '${ERROR}' on v2, and this code ${how}, which the codemod cannot show takes both`,
      `treat '${ERROR}' as '${FAILED}' here (a table gets an '${ERROR}' key, a list both, a case-folded compare 'error' too), then run again`,
    );
  }

  /** A status that leaves the code as a value: whoever reads it may compare it with `'Failed'` only. */
  private statusEscapes(value: Value, node: Node, source: Source): void {
    this.refuse(
      source,
      node,
      value,
      'status.failure-spelling',
      `a failed journey's status would read '${FAILED}' or '${ERROR}' on v2, and it is handed to code the codemod does not see`,
      `make the code that reads it treat '${ERROR}' as '${FAILED}', then run again`,
    );
  }

  /** `switch (status)` gains `case 'Error':` beside `case 'Failed':`; `switch (decision)` compares v2's words. */
  private switched(value: Value, statement: Extract<Node, { type: 'SwitchStatement' }>, source: Source): void {
    if (value.shape.kind !== 'leaf') return;
    const { leaf: kind } = value.shape;
    for (const entry of statement.cases) {
      if (kind === 'decision' && entry.test && entry.test.type !== 'StringLiteral' && !isAbsent(entry.test))
        this.decisionMatched(value, entry.test, source, `compares it with case ${source.ctx.text(entry.test)}`);
      if (entry.test?.type !== 'StringLiteral') continue;
      if (kind === 'decision') this.decisionLiteral(value, entry.test, source);
      if (kind === 'status' && entry.test.value === FAILED) {
        if (statement.cases.some((item) => item.test?.type === 'StringLiteral' && item.test.value === ERROR)) continue;
        const quote = source.ctx.source[entry.test.start ?? 0] ?? "'";
        const indent = source.ctx.source.slice(source.ctx.lineStart(entry.start ?? 0), entry.start ?? 0);
        this.site(source, entry, value, 'status.failure-spelling', `'${FAILED}' also spelled '${ERROR}' on v2`).edit(
          entry.start ?? 0,
          entry.start ?? 0,
          `case ${quote}${ERROR}${quote}:${source.ctx.eol}${indent}`,
        );
      }
    }
  }

  /**
   * The decision matched against values that are not literals (a table keyed by wordings, a constant, `in`):
   * they may hold v1's words, which the v2 decision never equals, so the flow stays on v1.
   */
  private decisionMatched(value: Value, node: Node, source: Source, how: string): void {
    this.refuse(
      source,
      node,
      value,
      'response.decision-wording',
      `the decision would be in v2's words (${Object.keys(DEFAULT_DECISION_OUTCOMES).join(', ')}), and this code ${how}, whose words the codemod cannot rewrite`,
      "match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)",
    );
  }

  /** A v1 decision wording compared with the decision: the v2 word it stands for, when the register knows it. */
  private decisionLiteral(value: Value, literal: Extract<Node, { type: 'StringLiteral' }>, source: Source): void {
    // Already one of v2's words.
    if (literal.value in DEFAULT_DECISION_OUTCOMES) return;
    const word = V1_DECISIONS[literal.value];
    if (word === undefined) {
      return void this.refuse(
        source,
        literal,
        value,
        'response.decision-wording',
        `"${literal.value}" is not a decision wording the change register maps (${Object.values(DEFAULT_DECISION_OUTCOMES).join(', ')})`,
        "compare decisionOf(state) with 'Accept', 'Reject' or 'Manual review'",
      );
    }
    const quote = source.ctx.source[literal.start ?? 0] ?? "'";
    this.site(source, literal, value, 'response.decision-wording', 'v1 decision wording → v2').replace(literal, `${quote}${word}${quote}`);
  }

  /** `outcome.startsWith('Decision…')`: leaving decisions out of the steps is kept; picking the decision from them is not. */
  private outcomeTest(value: Value, call: AnyCall, source: Source): void {
    const [argument] = call.arguments;
    if (argument?.type !== 'StringLiteral' || !argument.value.startsWith('Decision')) return;
    if (source.parent(call)?.type === 'UnaryExpression') return;
    this.refuseState(source, call, value, 'this code picks the decision among the flow entries; v2 keeps it in the result');
  }
}

/** How deep objects the code writes around an answer are followed. */
const MAX_RECORD_DEPTH = 4;
const depthOf = (shape: Shape): number => (shape.kind === 'record' ? 1 + depthOf(shape.inner) : 0);

const isEmptyObject = (node: Node): boolean => node.type === 'ObjectExpression' && node.properties.length === 0;

/** `undefined`, `null` or `void 0`: what a decision is compared with to ask whether there is one, in any version. */
const isAbsent = (node: Node): boolean =>
  (node.type === 'Identifier' && node.name === 'undefined') ||
  node.type === 'NullLiteral' ||
  (node.type === 'UnaryExpression' && node.operator === 'void');

/** `<p>{status}</p>`: shown as text, like a template literal, rather than handed to a component. */
const renderedAsText = (container: Node, source: Source): boolean =>
  container.type === 'JSXExpressionContainer' && /^JSX(Element|Fragment)$/.test(source.parent(container)?.type ?? '');

/** The string `node` holds when the code shows it (a literal, a constant of the file, an imported one). */
function knownString(node: Node, source: Source): string | undefined {
  const known = evaluate(node, source.ctx);
  if (known.kind !== 'string' || known.parts.some((part) => part.kind === 'hole')) return undefined;
  return known.parts.map((part) => (part.kind === 'text' ? part.value : '')).join('');
}

/** The shape under `name` in a destructuring, `tasks` for a task list's tasks, `ignore` for a field nobody follows. */
function destructuredShape(value: Value, name: string): Shape | 'tasks' | 'ignore' | undefined {
  const { shape, operation } = value;
  if (shape.kind === 'record') return name === shape.key ? shape.inner : 'ignore';
  if (shape.kind === 'response') return shape.style === 'axios' && name === 'data' ? { kind: 'body' } : 'ignore';
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

/** The sides of a comparison with a number that ask whether an index was found: `>= 0`, `< 0`, `> -1`, `=== -1` and their kin. */
const PRESENCE_TESTS: Readonly<Record<string, readonly string[]>> = {
  '-1': ['===', '!==', '==', '!=', '>', '<='],
  '0': ['>=', '<'],
};
const FLIPPED: Readonly<Record<string, string>> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

/** Whether `call`'s result (an index) is only compared with -1 or 0, which asks whether the value is listed at all. */
function testsPresence(source: Source, call: Node): boolean {
  const comparison = source.parent(call);
  if (comparison?.type !== 'BinaryExpression') return false;
  const left = comparison.left === call;
  const other = left ? comparison.right : comparison.left;
  const number =
    other.type === 'NumericLiteral'
      ? other.value
      : other.type === 'UnaryExpression' && other.operator === '-' && other.argument.type === 'NumericLiteral'
        ? -other.argument.value
        : undefined;
  const operator = left ? comparison.operator : (FLIPPED[comparison.operator] ?? comparison.operator);
  return number !== undefined && (PRESENCE_TESTS[String(number)] ?? []).includes(operator);
}

/** Whether a `journey-codemod-ignore` comment opts out the statement that holds `node`. */
function optedOut(source: Source, node: Node): boolean {
  const statement = source.ctx.statementOf(node, source.ancestors(node));
  return source.ctx.ignored(source.ctx.anchor(statement), statement);
}

/** `this.name` read (not assigned) inside a class body. */
function thisReads(source: Source, body: Node, name: string): Node[] {
  const reads: Node[] = [];
  walk(body, (node) => {
    if (!isMember(node) || node.object.type !== 'ThisExpression' || propertyName(node) !== name) return;
    const parent = source.parent(node);
    if (!(parent?.type === 'AssignmentExpression' && parent.left === node)) reads.push(node);
  });
  return reads;
}

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

/** The state a React `useState` setter sets: `x` of `const [x, setX] = useState(…)`. */
function stateOfSetter(source: Source, setter: Extract<Node, { type: 'Identifier' }>): Node | undefined {
  const declaration = source.scopes.bindingOf(setter)?.declaration;
  if (declaration?.type !== 'VariableDeclarator' || declaration.id.type !== 'ArrayPattern') return undefined;
  const [state, set] = declaration.id.elements;
  const init = declaration.init;
  const callee = init?.type === 'CallExpression' ? source.ctx.text(init.callee) : '';
  return set?.type === 'Identifier' && set.name === setter.name && /^(React\.)?useState$/.test(callee) ? (state ?? undefined) : undefined;
}
