// The rule a read of a v1 answer is reported under, and the v2 forms written or suggested for it:
// shared by every kind of read the tracker follows, so apart from each.
import { RESULT_PATHS } from '@journey-bridge/contract';
import type { RuleId } from '../plan/rules.js';
import type { Value } from './values.js';

/** The generated module's helper that reads a task list's one task from an interaction. */
export const PENDING = 'pendingInteractionId';
/**
 * The generated module's helper for a read of the first task's id as there being one (`tasks[0].taskId`): it throws
 * where v1's read did, on no task, instead of answering undefined.
 */
export const TO_SUBMIT = 'interactionIdToSubmit';
/**
 * The generated module's helper for such a read through a name that holds the id `pendingInteractionId` answered
 * (`tasks[0].taskId` of `const tasks = pendingInteractionId(list)`, `task.taskId`): it throws on undefined as v1 did.
 */
export const REQUIRED = 'requiredInteractionId';
export const TASK_FORM = `${PENDING}(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]`;
/** Why a task list read stays v1 when the helpers may not be called (`off` says why not). */
export const taskWithoutHelpers = (off: string): string =>
  `a v1 task is an interaction that collects data (the end interaction has an interactionId too), read with pendingInteractionId, and ${off}`;

/** `a.b.c` made of names only (`this.#c` too): safe to write twice. */
export const REPEATABLE = /^(this|[A-Za-z_$][\w$]*)(\??\.#?[A-Za-z_$][\w$]*)*$/;

const optionalPath = (path: string): string => path.split('.').join('?.');
export const readEither = (base: string, paths: readonly string[]): string =>
  paths.map((path) => `${base}.${optionalPath(path)}`).join(' ?? ');

/** The rule a read of a call's answer is reported under. */
export function ruleOf(value: Value): RuleId {
  switch (value.operation) {
    case 'journey/task/list':
      return 'endpoint.task-list';
    case 'journey/task/list/schema':
      return 'endpoint.task-list-schema';
    case 'journey/task/update':
      return 'endpoint.task-update';
    case 'journey/task/schema':
      return 'endpoint.task-schema';
    case 'journey/start':
      return value.startAsState ? 'response.state-result' : 'response.start';
    default:
      return 'response.state-result';
  }
}

/** The v2 form to write for a read of a call's answer. */
export function suggestionOf(value: Value): string | undefined {
  if (value.operation === 'journey/task/list' || value.operation === 'journey/task/list/schema') return TASK_FORM;
  if (value.operation === 'journey/state/fetch' || value.startAsState)
    return `${readEither('state', RESULT_PATHS.v2.steps)} (steps, a decision step has result: null) and decisionOf(state) (the decision)`;
  return undefined;
}
