import { ContractError } from '../errors/contract-error.js';
import type { ChangeId } from './change-register.js';

/**
 * A v1 request that cannot be carried over to v2 as asked. `status` is the HTTP status v1 would have answered;
 * `changeId` names the entry of the change register that explains why.
 */
export class TranslationError extends ContractError {
  override name = 'TranslationError';
  constructor(
    message: string,
    readonly status: number,
    readonly changeId: ChangeId,
  ) {
    super(message);
  }
}

/** The v1 `resourceId` has no v2 publication in the journey map. */
export class UnmappedJourneyError extends TranslationError {
  override name = 'UnmappedJourneyError';
  constructor(
    readonly resourceId: string,
    detail = 'add it to the journey map',
  ) {
    super(`v1 resourceId ${JSON.stringify(resourceId)} has no v2 journey: ${detail}`, 404, 'request.start-resource-id');
  }
}

/** The taskId was not issued by journey-bridge, or is damaged. */
export class MalformedTaskIdError extends TranslationError {
  override name = 'MalformedTaskIdError';
  constructor(readonly taskId: string) {
    super(`taskId ${JSON.stringify(taskId.slice(0, 80))} was not issued for a v2 interaction`, 404, 'response.task-id');
  }
}

/** The taskId names an interaction that has moved on: writing into the current one would be wrong. */
export class StaleTaskError extends TranslationError {
  override name = 'StaleTaskError';
  constructor(readonly taskId: string) {
    super(`task ${JSON.stringify(taskId.slice(0, 80))} is no longer active: list the tasks again`, 409, 'endpoint.task-schema');
  }
}

/** `task/update` lacks a required element, or carries invalid data for one: v1 refused it the same way. */
export class IncompleteTaskError extends TranslationError {
  override name = 'IncompleteTaskError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '), 400, 'request.update-participants');
  }
}
