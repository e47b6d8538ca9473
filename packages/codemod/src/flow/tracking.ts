// What the tracker lends the modules that follow one kind of read: the operations on the state it owns,
// apart so that those modules see the operations and never the state.
import type { CallExpression, Node } from '@babel/types';
import type { RuleId } from '../plan/rules.js';
import type { SiteBuilder } from '../plan/site-builder.js';
import type { FunctionRef, Functions } from './functions.js';
import type { JsdocTypeSite } from './jsdoc-types.js';
import type { Source, Sources } from './sources.js';
import type { BodyOwner, V2Unfollowed } from './tracker.js';
import type { UnreadableCalls } from './unreadable-calls.js';
import type { Value } from './values.js';

export type Member = Extract<Node, { type: 'MemberExpression' | 'OptionalMemberExpression' }>;
export type AnyCall = CallExpression | Extract<Node, { type: 'OptionalCallExpression' }>;

/** Following answers through the code: where a value goes next, and what its reads become. */
export interface Tracking {
  readonly sources: Sources;
  readonly functions: Functions;
  readonly unreadable: UnreadableCalls;
  /** Why the generated journey-v2 module's helpers may not be called, as markers say it; `undefined` when they may. */
  readonly helpersOff: string | undefined;
  /** A read site at `node` for `value`'s call; one per place and rule, whatever number of calls reach it. */
  site(source: Source, node: Node, value: Value, rule: RuleId, description: string): SiteBuilder;
  refuse(source: Source, node: Node, value: Value, rule: RuleId, reason: string, suggestion?: string): void;
  refuseState(source: Source, node: Node, value: Value, reason: string): void;
  /** Retypes an annotation of the answer to the v2 one. */
  retype(source: Source, type: Node, value: Value): void;
  /**
   * Keeps the flow on v1 where a JSDoc type at `site` of `holder` (its declaration, function, or cast) describes the
   * answer in JavaScript that TypeScript checks: the codemod does not rewrite JSDoc. Marked at `at`, else `holder`.
   */
  jsdocTyped(source: Source, holder: Node, value: Value, site: JsdocTypeSite, at?: Node): void;
  /** The answer leaves the code the run was given here: passed to code the codemod does not see, or `returned` to no caller. */
  boundary(source: Source, node: Node, value: Value, returned?: boolean): void;
  /** The instance id `value` carries leaves the code the codemod follows at `node`, `how` says how. */
  idLeaves(source: Source, node: Node, value: Value, how: string): void;
  /** Where the expression `node`, holding `value`, goes next. */
  follow(value: Value, node: Node, source: Source): void;
  /** `const x = value`, `const { a } = value`, a parameter: follows each name bound. */
  declare(value: Value, target: Node, source: Source): void;
  /** `value`, an instance id a call answered, goes into parameter `index` of `target` at `call` of `source`. */
  passedIn(value: Value, target: FunctionRef, index: number, call: Node, source: Source): void;
  /** Runs `check` once every answer has been followed, before the reads are collected. */
  afterFollowing(check: () => void): void;
  /** Whether `value` has been followed into the expression `node` (a name's write whose right side is the answer again). */
  followedInto(value: Value, node: Node, source: Source): boolean;
  /** Whether any answer's read of `value`'s shape has been followed into `node` (a status fetched again in a loop). */
  followedAsShape(value: Value, node: Node, source: Source): boolean;
  /** The text of `node` once the read sites planned inside it so far are applied. */
  rewritten(source: Source, node: Node): string;
  /** The call whose body is written at `start` of `source`'s file, if one is. */
  bodyOwner(source: Source, start: number | null | undefined): BodyOwner | undefined;
  /** The call `owner` sends an id `value`'s call answered: they belong to one flow. */
  link(value: Value, owner: BodyOwner): void;
  /** The task update `owner` can read the interaction its task came from as `expression`. */
  tieInteraction(owner: BodyOwner, expression: string): void;
  /** The answer of the synchronous start `value` comes from is read as the journey's state. */
  markReadAsState(value: Value): void;
  /** The instance of a v2 start is sent where the codemod cannot follow it. */
  addV2Unfollowed(unfollowed: V2Unfollowed): void;
}
