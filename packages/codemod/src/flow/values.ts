import type { V1JourneyPath } from '@journey-bridge/contract';
import type { Binding } from './scopes.js';

/** What a v1 call answered, as it travels through the code: the part of the answer a place holds. */
export type Shape =
  /** An HTTP response or request around the body: fetch and ky `.json()`, axios `.data`, superagent `.body`. */
  | { readonly kind: 'response'; readonly style: 'fetch' | 'axios' | 'superagent' | 'ky' }
  /** The parsed answer of the call. */
  | { readonly kind: 'body' }
  /** What a response interceptor the codemod cannot read made of the response: any part of it is unknown. */
  | { readonly kind: 'opaque' }
  /** `data`, `data.context`, `data.process` (or `data.context.process`) and `flow` of a v1 state; `root` is the state's text where it can be repeated. */
  | { readonly kind: 'data' | 'context' | 'process' | 'flow'; readonly root: string | undefined }
  /** The flow's `decision` entry and its `result`: the journey's decision. */
  | { readonly kind: 'decision-entry' | 'decision-result'; readonly root: string | undefined }
  /**
   * A list of flow entries (now the module steps), and one of them, and its `result`; `decisionLeftOut` once a filter
   * has dropped the decision entry v1 listed among them, which v2's steps leave out.
   */
  | { readonly kind: 'entries'; readonly decisionLeftOut?: boolean }
  | { readonly kind: 'entry' | 'entry-result' }
  /**
   * A task list's `tasks`: `id` is the expression that replaces the list, the id of the interaction that collects
   * data (`pendingInteractionId(list)` of the generated module, or a name already holding it: `helper` false);
   * `answer` where the list's answer is, and whether reading its text again repeats nothing (a name, a member chain).
   */
  | {
      readonly kind: 'tasks';
      readonly id: string;
      readonly answer?: { readonly start: number; readonly end: number; readonly text: string; readonly repeatable: boolean };
      readonly helper: boolean;
    }
  /**
   * A task, which now holds the id of the interaction that collects data, or undefined where there is none; `defined`
   * where it cannot be undefined (an element of a loop over the id).
   */
  | { readonly kind: 'task'; readonly defined?: boolean }
  /** A list of strings mapped from entries (`.map((entry) => entry.result.outcome)`). */
  | { readonly kind: 'strings'; readonly of: Leaf; readonly decisionLeftOut?: boolean }
  /** An object the code wrote around a part of the answer: `{ key: part }`. */
  | { readonly kind: 'record'; readonly key: string; readonly inner: Shape }
  | { readonly kind: 'leaf'; readonly leaf: Leaf };

/**
 * Whether `name`, read (or destructured) from a response of `style`, is its body: axios `.data`, superagent's
 * `.body`, and got's `.body` (ky's style), parsed under `responseType: 'json'`, else its text: either way it
 * carries the ids.
 */
export const bodyKey = (style: Extract<Shape, { kind: 'response' }>['style'], name: string | undefined): boolean =>
  (style === 'axios' && name === 'data') || ((style === 'superagent' || style === 'ky') && name === 'body');

/**
 * The strings that keep a meaning the migration changes: ids tie calls into one flow, `status` may now read
 * `Error` for `Failed`, `decision` is in v2's words, `outcome` is a flow entry's (a step's) outcome.
 */
export type Leaf = 'instanceId' | 'taskId' | 'status' | 'decision' | 'outcome' | 'other';

/** Where a task list's body is bound, so a submit of one of its tasks can read its interaction. */
export interface ListBinding {
  readonly file: string;
  readonly binding: Binding;
}

export interface Value {
  readonly shape: Shape;
  /**
   * The operation of the call whose answer it is; `v1-unrecognized` for a request to a v1 URL the codemod does not
   * recognise as an operation, followed only for the instance ids that tie the calls sending them to its flow.
   */
  readonly operation: V1JourneyPath | 'v2' | 'v1-unrecognized';
  /** The site of that call. */
  readonly origin: string;
  /** A synchronous start's answer, read as the journey's state. */
  readonly startAsState?: boolean;
  readonly list?: ListBinding;
}

/**
 * Whether a value carries a part of the answer whose shape changed (not a string, nor an object the code wrote
 * around strings only): it must be followed wherever it goes, or the flow stays on v1.
 */
export const isObjectShape = (shape: Shape): boolean => (shape.kind === 'record' ? isObjectShape(shape.inner) : shape.kind !== 'leaf');

/** Whether a value holds the id of an instance or a task (itself, or inside an object the code wrote): where it is sent, calls of its flow are made. */
export const carriesId = (shape: Shape): boolean =>
  (shape.kind === 'leaf' && (shape.leaf === 'instanceId' || shape.leaf === 'taskId')) ||
  (shape.kind === 'record' && carriesId(shape.inner));

/** Whether a value holds the id of an instance (itself, or inside an object the code wrote). */
export const carriesInstanceId = (shape: Shape): boolean =>
  (shape.kind === 'leaf' && shape.leaf === 'instanceId') || (shape.kind === 'record' && carriesInstanceId(shape.inner));

/** Whether a value is a call's whole answer, as a response or its parsed body, which holds every field it answered. */
export const isWholeAnswer = (shape: Shape): boolean => shape.kind === 'response' || shape.kind === 'body' || shape.kind === 'opaque';

/** Whether a value holds a decision in v2's words (itself, or inside an object the code wrote). */
export const carriesDecision = (shape: Shape): boolean =>
  (shape.kind === 'leaf' && shape.leaf === 'decision') || (shape.kind === 'record' && carriesDecision(shape.inner));

/** Whether a value holds a journey status (itself, or inside an object the code wrote). */
export const carriesStatus = (shape: Shape): boolean =>
  (shape.kind === 'leaf' && shape.leaf === 'status') || (shape.kind === 'record' && carriesStatus(shape.inner));

/** Whether a value is, or wraps, a v1 task list (or one of its tasks), which v2 does not have. */
export const carriesTasks = (shape: Shape): boolean =>
  shape.kind === 'tasks' || shape.kind === 'task' || (shape.kind === 'record' && carriesTasks(shape.inner));

/** What an element of a list-like shape is. */
export function elementOf(shape: Shape): Shape | undefined {
  if (shape.kind === 'entries') return { kind: 'entry' };
  if (shape.kind === 'tasks') return { kind: 'task' };
  if (shape.kind === 'strings') return { kind: 'leaf', leaf: shape.of };
  return undefined;
}

/** What `.map` makes of elements when the callback returns `shape`. */
export const mappedShape = (shape: Shape): Shape => (shape.kind === 'leaf' ? { kind: 'strings', of: shape.leaf } : shape);

/** What tells shapes apart where a value is followed: a place is visited once for each. */
export const shapeKey = (shape: Shape): string =>
  shape.kind === 'leaf'
    ? `leaf:${shape.leaf}`
    : shape.kind === 'record'
      ? `record:${shape.key}:${shapeKey(shape.inner)}`
      : `${shape.kind}${'decisionLeftOut' in shape && shape.decisionLeftOut ? ':decision-left-out' : ''}`;

/**
 * Whether a value is a list of all the flow's entries, or what `.map` made of their outcomes or statuses: on v1 it
 * held the decision entry too, which v2's module steps leave out.
 */
export const listsDecisionEntry = (shape: Shape): boolean =>
  (shape.kind === 'entries' || (shape.kind === 'strings' && (shape.of === 'outcome' || shape.of === 'other'))) && !shape.decisionLeftOut;
