import type { CallExpression, ImportDeclaration, Node } from '@babel/types';
import { lineRef, placeRef } from '../edits/line-refs.js';
import { isGeneratedHelper } from '../emit/helper-module.js';
import { isCheckedJavaScript } from '../files/checked-javascript.js';
import { isMember, propertyName } from '../parse/walk.js';
import type { V2Call } from '../plan/call-sites.js';
import { removeImportSpecifier } from '../plan/import-edits.js';
import { INTERCEPTOR_FORM } from '../plan/response-interceptors.js';
import type { RuleId } from '../plan/rules.js';
import { SiteBuilder } from '../plan/site-builder.js';
import { type Site, settle } from '../plan/types.js';
import { answerOf } from './answers.js';
import { assign, declare, stored } from './bindings.js';
import { placeOf } from './call-ids.js';
import { argument, returned, yielded } from './calls-and-returns.js';

import { fallenBackTo } from './fallbacks.js';
import type { FunctionRef, Functions } from './functions.js';
import { type JsdocTypeSite, jsdocType } from './jsdoc-types.js';
import { iterated } from './lists.js';
import { member } from './member-reads.js';
import type { Binding } from './scopes.js';
import type { Source, Sources } from './sources.js';
import {
  compared,
  decisionEscapes,
  decisionTyped,
  statusEscapes,
  statusTyped,
  switched,
  wordingUnfollowed,
} from './status-and-decision.js';
import { IN_TEXT, idUnfollowed, renderedAsText, turnedIntoText, unlessShown } from './text-uses.js';
import type { Tracking } from './tracking.js';
import { idRetype, retype, takesAnyString, v2TypeOf } from './type-annotations.js';
import { filesLoadedUnlisted } from './unlisted-loads.js';
import type { UnreadableCalls } from './unreadable-calls.js';
import { isV1Only, namesV1OnlyMember, v1Guard } from './v1-guards.js';
import { ruleOf, suggestionOf, TASK_FORM } from './v2-forms.js';
import {
  carriesDecision,
  carriesInstanceId,
  carriesStatus,
  carriesTasks,
  isObjectShape,
  isWholeAnswer,
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

/** Whether `node` is text written in the code: a string literal, a template without holes, or a `const` bound to one. */
function literalText(source: Source, node: Node | undefined): boolean {
  if (node?.type === 'StringLiteral' || (node?.type === 'TemplateLiteral' && node.expressions.length === 0)) return true;
  if (node?.type !== 'Identifier') return false;
  const binding = source.scopes.bindingOf(node);
  const declared = binding?.kind === 'const' ? binding.declaration : undefined;
  return declared?.type === 'VariableDeclarator' && declared.init != null && declared.init !== node && literalText(source, declared.init);
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
  /** Where an instance id a call answered leaves the code the codemod follows. */
  readonly idLeaves: readonly IdLeave[];
  /**
   * The calls (site ids) that ids from outside may reach too: the ids some calls answered go into a parameter of a
   * function that is also given ids from elsewhere (another caller's request parameter, a queue's job; or it is
   * handed on as a value, and whoever is given it may call it with anything), and reach these calls from there.
   */
  readonly reachedFromOutside: ReadonlyMap<string, string>;
}

/**
 * The instance id the call `origin` answered, alone or in an object the code wrote, leaving the code the codemod
 * follows at `offset` of `file`: handed to a function it does not see (`res.json({ instanceId })`, `cb(null, id)`)
 * or returned to no caller in the run. `how` says which. Code outside may hand it back to v1 calls the run cannot
 * tie to a start.
 */
export interface IdLeave {
  readonly origin: string;
  readonly file: string;
  readonly offset: number;
  readonly how: string;
  /** `journey-codemod-ignore` opts out the statement where it leaves. */
  readonly ignored: boolean;
}

/** The instance of a v2 start sent where the codemod cannot follow it, or a v2 state read as a v1 one, at `offset` of `file`: `text` says which. */
export interface V2Unfollowed {
  readonly file: string;
  readonly offset: number;
  readonly text: string;
  /** The call's file and the files it imports, directly or not: where the code it calls may make its v1 calls. */
  readonly reaches: readonly string[];
  /** Only these v1 calls (by site id) may be its flow's, wherever they are, marked or not: those no start's id reaches. */
  readonly only?: readonly string[];
}

/** Array methods that answer whether or where a value is listed, never the values. */
const LIST_TESTS = new Set(['includes', 'indexOf', 'lastIndexOf', 'some', 'every', 'findIndex']);

/**
 * Whether the array literal `array` is only asked whether it lists a value (`[id].includes(x)`). Anything else done
 * with it (`[base, id].join('/')`, `[id].map(…)`, `for (… of [id])`, a name) may hand the id on.
 */
function onlyAskedWhetherListed(source: Source, array: Node): boolean {
  const holder = source.parent(array);
  return array.type === 'ArrayExpression' && isMember(holder) && holder.object === array && LIST_TESTS.has(propertyName(holder) ?? '');
}

/** Why a call answering what an unreadable response interceptor made of the response stays v1. */
const OPAQUE_CALL =
  'it answers what a response interceptor the codemod cannot read made of the axios response, so no read of its answer can be rewritten';
/** Why a got call whose options the code does not show stays v1. */
const GOT_UNKNOWN_CALL =
  'its got options (resolveBodyOnly, responseType) are not all in the code, or handlers or hooks after the request may change what it answers, so whether it answers the response or the body is unknown and no read of its answer can be rewritten';
const GOT_OPTIONS_FORM =
  'write resolveBodyOnly and responseType in got.extend({ … }) or in the call’s own options, with hooks run before the request only, and run again';
/** Why a ky call whose options may change its answer, or are not all in the code, stays v1. */
const KY_UNKNOWN_CALL =
  'its ky options (its own or its instance’s) are not all in the code, or a parseJson or an afterResponse or beforeError hook may change what it answers, so no read of its answer can be rewritten';
const KY_OPTIONS_FORM =
  'write the options out in ky.create({ … }) or in the call, with hooks run before the request only (beforeRequest, beforeRetry), and run again';
/** An imported type the answers' annotations name: where, and the annotations retyped. */
interface TypeImport {
  readonly source: Source;
  readonly retyped: { node: Node; site: SiteBuilder }[];
}

/** Assignment operators that may store their right side in their left. */
const ASSIGNING = new Set(['=', '??=', '||=', '&&=']);

/** What makes the kind of a client the codemod cannot tell known to it. */
const UNKNOWN_CLIENT_FORM =
  'type the receiver (http: AxiosInstance, ReturnType<typeof createHttp>) or pass it an instance made by axios.create({ baseURL }) or by a function of the project that returns one, and run again';

/**
 * Follows what each v1 call answers through the code, across functions and files: into variables and
 * destructuring, through `await`, `.then`, returns (to every caller), yields (to a for…of over the generator's
 * calls), arguments (to the parameter), `this.x`, objects the code wraps around it, and array callbacks. Each read of the answer is rewritten to where v2 puts
 * it, or refused with the reason; a place the codemod cannot follow the answer into is refused too, so the flow
 * stays whole on v1. Where the answer leaves the code the run was given, that place is recorded.
 */
export class Tracker implements Tracking {
  private readonly reads = new Map<string, { builder: SiteBuilder; origins: Set<string> }>();
  /** The calls a `journey-codemod-ignore` comment opts out. */
  private readonly optedOut = new Set<string>();
  /** Types of a synchronous start's answer: retyped only if the answer turns out to be read as the state. */
  private readonly startTypes = new Set<string>();
  /** Imported v1 types the retyping replaces, and the retyped annotations: an import left unused goes. */
  private readonly typeImports = new Map<Binding, TypeImport>();
  private readonly visited = new Set<string>();
  /** Checks that ask what was followed, run once everything is. */
  private readonly afterwards: (() => void)[] = [];
  /** Whether the config governing a directory has TypeScript check its JavaScript (`checkJs`). */
  private readonly checkJs = new Map<string, boolean>();
  private readonly links: [string, string][] = [];
  private readonly readAsState = new Set<string>();
  private readonly interactions = new Map<string, string>();
  private readonly boundaries = new Map<string, string[]>();
  private readonly v2Unfollowed: V2Unfollowed[] = [];
  private readonly leftIds: IdLeave[] = [];
  /** By function and parameter: the function, the calls that give it an instance id a call answered, and those calls' origins. */
  private readonly fed = new Map<string, { target: FunctionRef; index: number; calls: Set<string>; origins: Set<string> }>();

  constructor(
    readonly sources: Sources,
    readonly functions: Functions,
    private readonly bodies: ReadonlyMap<string, BodyOwner>,
    readonly helpersOff: string | undefined,
    readonly unreadable: UnreadableCalls,
  ) {}

  /** Follows what the call of a v1 site answers. */
  track(site: Site): void {
    if (site.ignored) this.optedOut.add(site.id);
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
    // The call answers what an interceptor made of the response, or what got options the code does not show ask for:
    // no read of it can be rewritten with confidence.
    if (shape.kind === 'opaque' && !site.refusal) {
      site.refusal =
        facts.style === 'got-unknown'
          ? { rule: 'codemod.unknown-client', reason: GOT_UNKNOWN_CALL, suggestion: GOT_OPTIONS_FORM }
          : facts.style === 'ky-unknown'
            ? { rule: 'codemod.unknown-client', reason: KY_UNKNOWN_CALL, suggestion: KY_OPTIONS_FORM }
            : { rule: 'codemod.response-interceptor', reason: OPAQUE_CALL, suggestion: INTERCEPTOR_FORM };
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

  /** Follows what a v2 start or state fetch answers: to the v1 calls that use its instance, the code reading it as a v1 state (a half-migrated flow). */
  trackV2Start(file: string, v2Call: V2Call): void {
    const source = this.sources.get(file);
    const call = source?.nodeAt(v2Call.start, 'CallExpression', v2Call.end);
    if (!source || !call) return;
    const shape = this.answerShape(source, call, v2Call.style);
    // What an interceptor made of the response holds no id the codemod can find.
    if (shape.kind === 'opaque') return;
    this.follow({ shape, operation: 'v2', origin: v2Call.id }, call, source);
  }

  /**
   * Follows what a request to a v1 URL the codemod does not recognise answers (`send(t, new URL('start', BASE))`),
   * only for the instance ids it sends on: the calls that use them join its flow, which stays v1 with it.
   */
  trackUnrecognized(site: Site): void {
    const source = this.sources.get(site.file);
    const facts = site.call;
    const call = facts && source?.nodeAt(facts.start, 'CallExpression', facts.end);
    if (!source || !facts || !call) return;
    const shape = this.answerShape(source, call, facts.style);
    // What an interceptor made of the response holds no id the codemod can find.
    if (shape.kind === 'opaque') return;
    this.follow({ shape, operation: 'v1-unrecognized', origin: site.id }, call, source);
  }

  result(): Followed {
    for (const check of this.afterwards) check();
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
      // A read of what only opted-out calls answer is theirs: the call stays as written, so the read stays too.
      .map(([, { builder, origins }]) =>
        builder.build(
          [...origins],
          [...origins].every((origin) => this.optedOut.has(origin)),
        ),
      );
    return {
      sites,
      links: this.links,
      readAsState: this.readAsState,
      interactions: this.interactions,
      boundaries: this.boundaries,
      v2Unfollowed: this.v2Unfollowed,
      idLeaves: this.leftIds,
      reachedFromOutside: this.reachedFromOutside(),
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
    if (style === 'axios-intercepted' || style === 'got-unknown' || style === 'ky-unknown') return { kind: 'opaque' };
    if (style !== 'callee') return { kind: 'body' };
    const answer = answerOf(this.functions, source, call);
    if (answer === 'opaque') return { kind: 'opaque' };
    if (answer === 'body' || answer === 'text') return { kind: 'body' };
    return { kind: 'response', style: answer === 'got' || answer === 'got-response' ? 'ky' : answer };
  }

  /** A read site at `node` for `value`'s call; one per place and rule, whatever number of calls reach it. */
  site(source: Source, node: Node, value: Value, rule: RuleId, description: string): SiteBuilder {
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

  refuse(source: Source, node: Node, value: Value, rule: RuleId, reason: string, suggestion?: string): void {
    // A v2 answer is followed only for the ids that tie v1 calls to its flow: none of its reads is v1 code. Nor is
    // an unrecognised request's answer read for more than its ids: the request stays v1, marked, with its reads.
    if (value.operation === 'v2' || value.operation === 'v1-unrecognized') return;
    this.site(source, node, value, rule, reason).refuse(rule, reason, suggestion);
  }

  refuseState(source: Source, node: Node, value: Value, reason: string): void {
    this.refuse(source, node, value, 'response.state-result', reason, suggestionOf(value));
  }

  /** The answer leaves the code the run was given here; a decision in v2's words cannot (its readers expect v1's). */
  boundary(source: Source, node: Node, value: Value, returned = false): void {
    if (carriesDecision(value.shape)) return void decisionEscapes(this, value, node, source);
    if (carriesStatus(value.shape)) return void statusEscapes(this, value, node, source);
    // v2 has no list of tasks: a `tasks` that leaves (`.then((r) => r.data.tasks)` returned to no caller) is read as it is.
    if (carriesTasks(value.shape)) {
      const where = returned || !('callee' in node) ? 'returned to no caller in the run' : `handed to ${source.ctx.text(node.callee)}`;
      const reason = `v2 has one active interaction, not a list of tasks: the list is ${where}, where the codemod does not see what reads it`;
      return void this.refuse(source, node, value, 'endpoint.task-list', reason, TASK_FORM);
    }
    // Whether an instance id leaving matters is decided once the run's v1 calls are known (`tieLeavingIds`). A
    // start's whole answer carries its id too (`return started` from a library's `startCheck`).
    // Not in the module the codemod generated: its wait helpers hand the id only to the fetch the migrated call
    // passes them, written beside that call on v2 (`(instanceId) => post('interaction/fetch', { instanceId })`).
    const generated = isGeneratedHelper(source.file, this.sources.text(source.file));
    if ((carriesInstanceId(value.shape) || isWholeAnswer(value.shape)) && !generated) {
      const how =
        returned || !('callee' in node)
          ? 'returned to no caller in the run'
          : `handed to ${source.ctx.text(node.callee)}, which the codemod does not see`;
      this.idLeaves(source, node, value, how);
    }
    if (!isObjectShape(value.shape)) return;
    const where = `${source.file}:${lineRef(source.file, node.start ?? 0)}`;
    const list = this.boundaries.get(value.origin) ?? [];
    if (!list.includes(where)) list.push(where);
    this.boundaries.set(value.origin, list);
  }

  idLeaves(source: Source, node: Node, value: Value, how: string): void {
    this.leftIds.push({ origin: value.origin, file: source.file, offset: node.start ?? 0, how, ignored: source.optedOut(node) });
  }

  retype(source: Source, type: Node, value: Value): void {
    if (value.shape.kind === 'leaf' && value.shape.leaf === 'status') {
      if (!takesAnyString(source, type)) statusTyped(this, value, type, source);
      return;
    }
    if (value.shape.kind === 'leaf' && value.shape.leaf === 'decision') {
      if (!takesAnyString(source, type)) decisionTyped(this, value, type, source);
      return;
    }
    if (value.shape.kind === 'task' || value.shape.kind === 'tasks')
      return void this.idRetyped(source, type, value, value.shape.kind === 'task' && value.shape.defined === true);
    const edit = retype(source, type, value);
    if (!edit) return;
    const site = this.site(source, type, value, ruleOf(value), 'a v1 type → the v2 one');
    if (value.operation === 'journey/start') this.startTypes.add(`${source.file}:${type.start}:${type.end}:${ruleOf(value)}`);
    if (this.helpersOff) {
      site.refuse(ruleOf(value), `${source.ctx.text(type)} describes the v1 answer and ${this.helpersOff}`, edit.name);
      return;
    }
    site.edit(type.start ?? 0, type.end ?? 0, edit.text);
    site.helpers.push(edit.name);
    this.typesReplaced(source, edit.replaced, site);
  }

  /**
   * A name that held a v1 task or task list holds the interaction's id once migrated: its annotation becomes the
   * id's type, or, where it cannot be rewritten alone (a return type, `Promise<Task>`), keeps the flow on v1.
   */
  private idRetyped(source: Source, type: Node, value: Value, defined: boolean): void {
    if (takesAnyString(source, type)) return;
    const edit = idRetype(source, type, defined);
    if (!edit) {
      const reason = `the type ${source.ctx.text(type)} describes a v1 task, and migrated the value holds the interaction's id (a string, or undefined where none collects data)`;
      return void this.refuse(source, type, value, ruleOf(value), reason, 'type it string | undefined, then run again');
    }
    const site = this.site(source, type, value, ruleOf(value), "a v1 task type → the interaction id's");
    site.edit(edit.start, edit.end, edit.text);
    this.typesReplaced(source, edit.replaced, site);
  }

  /** Notes the imported types a retyped annotation no longer names: an import can only go with all of its uses. */
  private typesReplaced(source: Source, replaced: readonly Node[], site: SiteBuilder): void {
    for (const node of replaced) {
      if (node.type !== 'TSTypeReference' || node.typeName.type !== 'Identifier') continue;
      const binding = source.scopes.lookup(node.typeName.name, node);
      if (binding?.kind !== 'import') continue;
      const entry = this.typeImports.get(binding) ?? { source, retyped: [] };
      entry.retyped.push({ node, site });
      this.typeImports.set(binding, entry);
      site.pieces.push(`type-import:${source.file}:${binding.id.start}`);
    }
  }

  jsdocTyped(source: Source, holder: Node, value: Value, site: JsdocTypeSite, at: Node = holder): void {
    const target = v2TypeOf(value);
    if (!target || !isCheckedJavaScript(source.file, source.ctx.ast, this.checkJs)) return;
    const type = jsdocType(source, holder, site);
    if (type === undefined) return;
    const reason = `its JSDoc type {${type}} describes the v1 answer, TypeScript checks this file, and the codemod does not rewrite JSDoc: retype it to ${target.name} of the generated module with the code`;
    this.refuse(source, at, value, ruleOf(value), reason, target.name);
  }

  afterFollowing(check: () => void): void {
    this.afterwards.push(check);
  }

  followedInto(value: Value, node: Node, source: Source): boolean {
    return this.visited.has(visitKey(value, node, source));
  }

  followedAsShape(value: Value, node: Node, source: Source): boolean {
    // Asked only of a status name's writes, once every answer is followed: a scan, not an index kept on every follow.
    const where = `|${shapeVisitKey(value, node, source)}`;
    for (const key of this.visited) if (key.endsWith(where)) return true;
    return false;
  }

  /** Where the expression `node`, holding `value`, goes next. */
  follow(value: Value, node: Node, source: Source): void {
    const key = visitKey(value, node, source);
    if (this.visited.has(key)) return;
    this.visited.add(key);
    // `/** @type {TaskList} */ (res.json())`: JavaScript's cast.
    if (node.extra?.parenthesized === true) this.jsdocTyped(source, node, value, { tag: 'type' });
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
        if (parent.object === node) member(this, value, parent, source);
        else wordingUnfollowed(this, value, parent, source, `looks it up in ${source.ctx.text(parent.object)}`);
        return;
      case 'CallExpression':
      case 'OptionalCallExpression':
      case 'NewExpression':
        if (parent.callee === node) {
          if (objectValue) this.refuse(source, parent, value, ruleOf(value), 'the answer is called as a function');
          return;
        }
        return void argument(this, value, parent, parent.arguments.indexOf(node as never), source);
      case 'VariableDeclarator':
        if (parent.init === node) this.declare(value, parent.id, source);
        return;
      case 'AssignmentExpression':
        // `s ??= state.status` (`||=`, `&&=`) may assign it as `=` does.
        if (parent.right === node && ASSIGNING.has(parent.operator)) assign(this, value, parent.left, source);
        // `link += id`: text made of the id, as `link + id` is, kept in a name the codemod does not follow.
        else if (parent.right === node && parent.operator === '+=' && carriesInstanceId(value.shape))
          this.idLeaves(source, parent, value, `${IN_TEXT}, which the codemod does not follow`);
        return;
      case 'LogicalExpression':
        if (parent.operator !== '&&' || parent.right === node) {
          // `a && decision` is `a` only when `a` is falsy, which no wording is.
          if (parent.operator !== '&&') fallenBackTo(this, value, parent.left === node ? parent.right : parent.left, source);
          this.follow(value, parent, source);
        } else if (isV1Only(value.shape)) v1Guard(this, value, node, source);
        return;
      case 'ConditionalExpression':
        if (parent.test !== node) {
          fallenBackTo(this, value, parent.consequent === node ? parent.alternate : parent.consequent, source);
          this.follow(value, parent, source);
        } else if (isV1Only(value.shape)) v1Guard(this, value, node, source);
        return;
      case 'SequenceExpression':
        if (parent.expressions[parent.expressions.length - 1] === node) this.follow(value, parent, source);
        return;
      case 'ReturnStatement':
        return void returned(this, value, node, source);
      case 'YieldExpression':
        return void yielded(this, value, node, parent, source);
      case 'ArrowFunctionExpression':
        if (parent.body === node) returned(this, value, node, source);
        return;
      case 'ForOfStatement':
        if (parent.right === node) iterated(this, value, node, parent, source);
        return;
      case 'ObjectProperty':
        if (parent.value === node) stored(this, value, parent, source);
        else if (carriesInstanceId(value.shape)) idUnfollowed(this, value, parent, source, 'made the key of an object');
        else wordingUnfollowed(this, value, parent, source, 'makes it the key of an object');
        return;
      case 'BinaryExpression':
        if (isV1Only(value.shape)) return void v1Guard(this, value, node, source);
        // `'data' in state`: the same test, asked of the whole answer by the member's name.
        if (parent.operator === 'in' && parent.right === node && value.shape.kind === 'body' && namesV1OnlyMember(parent.left))
          return void v1Guard(this, value, parent, source);
        if (parent.operator === '+') return void turnedIntoText(this, value, parent, source, 'joins it into text');
        return void compared(this, value, parent, node, source);
      case 'SwitchStatement':
        return void switched(this, value, parent, source);
      case 'UnaryExpression':
      case 'IfStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'ForStatement':
        // A test of a part only v1 states have (`if (state.data)`, `!state.data`).
        if (isV1Only(value.shape)) v1Guard(this, value, node, source);
        return;
      case 'TemplateLiteral':
        return void turnedIntoText(this, value, parent, source, 'writes it into a template literal');
      case 'ExpressionStatement':
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
        } else if (carriesDecision(value.shape)) decisionEscapes(this, value, node, source);
        // A status handed to a component (`<Badge status={state.status} />`) reaches code the codemod does not see.
        else if (carriesStatus(value.shape) && parent.type === 'JSXExpressionContainer') {
          if (!renderedAsText(parent, source)) statusEscapes(this, value, node, source);
        }
        // An instance id in an array the code writes (`req.session.ids = [id]`, `[base, id].join('/')`) goes where it
        // cannot follow either, unless the array is only asked whether it lists a value.
        else if (carriesInstanceId(value.shape)) {
          if (!onlyAskedWhetherListed(source, parent))
            idUnfollowed(this, value, parent, source, `put in ${DESCRIBED[parent.type] ?? `a ${parent.type}`}`);
        }
        // One in an array the code writes (`[state.status].includes('Failed')`, `Promise.all([getStatus(id)])`) is
        // read where the codemod does not follow it.
        else unlessShown(this, value, parent, source, `puts it in ${DESCRIBED[parent.type] ?? `a ${parent.type}`}`);
    }
  }

  passedIn(value: Value, target: FunctionRef, index: number, call: Node, source: Source): void {
    const key = `${target.source.file}:${target.fn.start}:${index}`;
    const entry = this.fed.get(key) ?? { target, index, calls: new Set<string>(), origins: new Set<string>() };
    entry.calls.add(`${source.file}:${call.start}`);
    entry.origins.add(value.origin);
    this.fed.set(key, entry);
  }

  /** See `Followed.reachedFromOutside`: each call, with where the ids from elsewhere come in, as a marker says it. */
  private reachedFromOutside(): Map<string, string> {
    const entries = [...this.fed.values()];
    let loadedUnlisted: Set<string> | undefined;
    const loadedWhereUnlisted = (file: string) => {
      loadedUnlisted ??= filesLoadedUnlisted(this.sources);
      return loadedUnlisted.has(file);
    };
    /** Where an entry's function's code is: a constructor's ids go on in its class's methods, through `this`. */
    const spanOf = ({ target: { source, fn } }: (typeof entries)[number]) => {
      const owner = fn.type === 'ClassMethod' && fn.kind === 'constructor' ? source.parent(source.parent(fn) ?? fn) : fn;
      return { file: source.file, start: owner?.start ?? 0, end: owner?.end ?? 0 };
    };
    const within = (span: { file: string; start: number; end: number }, file: string, at: number) =>
      span.file === file && span.start <= at && at < span.end;
    /** Why each function is given ids from elsewhere, as a marker names it. */
    const why = new Map<(typeof entries)[number], string>();
    for (const entry of entries) {
      const { target, index, calls } = entry;
      const caller = this.functions.callersOf(target).find(({ source, call }) => {
        if (calls.has(`${source.file}:${call.start}`)) return false;
        // A literal is no journey's id but a test's (`isFinished('00000000-test')`, or a `const` holding one).
        return !literalText(source, call.arguments[index]);
      });
      const reason = caller
        ? `its function is also called at ${placeRef(caller.source.file, caller.call.start ?? 0)}`
        : this.functions.handedOn(target)
          ? 'its function is handed on as a value, to be called with anything'
          : loadedWhereUnlisted(target.source.file)
            ? "its function's module is loaded where its callers are not listed (import(), a require in a function)"
            : undefined;
      if (reason) why.set(entry, reason);
    }
    // A function given ids from elsewhere passes them on to the functions it calls with them: each function newly
    // known so is looked at once, against every other (a chain of n functions costs n², not n³).
    const spans = new Map(entries.map((entry) => [entry, spanOf(entry)]));
    const callPlaces = new Map(entries.map((entry) => [entry, [...entry.calls].map(placeOf)]));
    for (const pending = [...why.keys()]; pending.length > 0; ) {
      const feeder = pending.pop() as (typeof entries)[number];
      const span = spans.get(feeder) as ReturnType<typeof spanOf>;
      for (const entry of entries) {
        if (why.has(entry) || !(callPlaces.get(entry) ?? []).some(([file, at]) => within(span, file, at))) continue;
        if (![...entry.origins].some((origin) => feeder.origins.has(origin))) continue;
        why.set(entry, why.get(feeder) ?? '');
        pending.push(entry);
      }
    }
    // The calls those ids are sent to there (a call's id is `file:offset`), which other ids may reach the same way.
    const byOrigin = new Map<string, (typeof entries)[number][]>();
    for (const entry of why.keys()) for (const origin of entry.origins) byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), entry]);
    const reached = new Map<string, string>();
    for (const [from, to] of this.links) {
      const through = (byOrigin.get(from) ?? []).find((entry) => within(spans.get(entry) as ReturnType<typeof spanOf>, ...placeOf(to)));
      if (through && !reached.has(to)) reached.set(to, why.get(through) ?? '');
    }
    return reached;
  }

  declare(value: Value, target: Node, source: Source): void {
    declare(this, value, target, source);
  }

  bodyOwner(source: Source, start: number | null | undefined): BodyOwner | undefined {
    return this.bodies.get(`${source.file}:${start}`);
  }

  link(value: Value, owner: BodyOwner): void {
    this.links.push([value.origin, owner.id]);
  }

  tieInteraction(owner: BodyOwner, expression: string): void {
    this.interactions.set(owner.id, expression);
  }

  markReadAsState(value: Value): void {
    this.readAsState.add(value.origin);
  }

  addV2Unfollowed(unfollowed: V2Unfollowed): void {
    this.v2Unfollowed.push(unfollowed);
  }

  /** The text of `node` once the read sites planned inside it so far are applied. */
  rewritten(source: Source, node: Node): string {
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
}

/** Where a value of `value`'s shape was followed into `node`: the part of its `visitKey` after the origin. */
const shapeVisitKey = (value: Value, node: Node, source: Source): string =>
  `${source.file}:${node.start}:${node.end}|${shapeKey(value.shape)}`;

/** What `visited` holds once `value` has been followed into `node`. */
const visitKey = (value: Value, node: Node, source: Source): string => `${value.origin}|${shapeVisitKey(value, node, source)}`;

/** How a marker names the places a status is put that the tracker does not follow. */
const DESCRIBED: Readonly<Record<string, string>> = { ArrayExpression: 'an array', SpreadElement: 'a spread' };
