import { ContractError } from '../errors/contract-error.js';
import { brandErrorClass } from '../errors/error-brand.js';
import type { ChangeId } from './change-register.js';

/**
 * A v1 request that cannot be carried over to v2 as asked. `status` is the HTTP status v1 would have answered;
 * `changeId` names the entry of the change register that explains why.
 */
export class TranslationError extends ContractError {
  static {
    brandErrorClass(TranslationError, '@journey-bridge/contract:TranslationError');
  }

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
  static {
    brandErrorClass(UnmappedJourneyError, '@journey-bridge/contract:UnmappedJourneyError');
  }

  override name = 'UnmappedJourneyError';
  constructor(
    readonly resourceId: string,
    detail = 'add it to the journey map',
  ) {
    super(`v1 resourceId ${JSON.stringify(resourceId)} has no v2 journey: ${detail}`, 404, 'request.start-resource-id');
  }
}

/** An id as v1's messages quote it: at most 80 characters, then `…`. */
const quoted = (id: string): string => JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id);

/**
 * The taskId was not issued by journey-bridge, or is damaged: v1's 404 in v1's words (`task "…" was not found`, on
 * the instance when the call names one), which legacy code may match on.
 */
export class MalformedTaskIdError extends TranslationError {
  static {
    brandErrorClass(MalformedTaskIdError, '@journey-bridge/contract:MalformedTaskIdError');
  }

  override name = 'MalformedTaskIdError';
  constructor(
    readonly taskId: string,
    instanceId?: string,
  ) {
    super(
      `task ${quoted(taskId)} was not found${instanceId === undefined ? '' : ` on instance ${quoted(instanceId)}`}`,
      404,
      'response.task-id',
    );
  }
}

/** The taskId names an interaction that has moved on: writing into the current one would be wrong. */
export class StaleTaskError extends TranslationError {
  static {
    brandErrorClass(StaleTaskError, '@journey-bridge/contract:StaleTaskError');
  }

  override name = 'StaleTaskError';
  constructor(readonly taskId: string) {
    // v1's words, which legacy code may match on.
    super(`task ${quoted(taskId)} is no longer active`, 409, 'endpoint.task-schema');
  }
}

/** `task/update` lacks a required element, or carries invalid data for one: v1 refused it the same way. */
export class IncompleteTaskError extends TranslationError {
  static {
    brandErrorClass(IncompleteTaskError, '@journey-bridge/contract:IncompleteTaskError');
  }

  override name = 'IncompleteTaskError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '), 400, 'request.update-participants');
  }
}

/** Names elements in a sentence: `FullName`, `FullName and DateOfBirth`, `A, B and C`. */
const listed = (ids: readonly string[]) => (ids.length < 2 ? ids.join('') : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`);

/** Subject paths in a sentence, as the v1 body names them (`context.subject.consent.dataProcessing`). */
const subjectPaths = (paths: readonly string[]) => paths.map((path) => `context.subject.${path}`);

/**
 * `task/update` carries another value for an element the journey already holds (a corrected Save, an edited
 * prefill), or, outside every element journey-bridge knows, for a subject path where the journey holds a value:
 * v2 cannot change an element once given, so nothing was submitted. Names elements and paths, never values.
 */
export class ProvidedElementChangedError extends TranslationError {
  static {
    brandErrorClass(ProvidedElementChangedError, '@journey-bridge/contract:ProvidedElementChangedError');
  }

  override name = 'ProvidedElementChangedError';
  constructor(
    readonly elements: readonly string[],
    readonly paths: readonly string[] = [],
  ) {
    const named = [...elements, ...subjectPaths(paths)];
    super(
      `${listed(named)} ${named.length > 1 ? 'were' : 'was'} already given to this journey with another value, and v2 cannot change an element once given: nothing was submitted; the journey keeps the value given first`,
      409,
      'request.update-correction',
    );
  }
}

/**
 * An update (`Complete`, or another `Save` or `Validate`) after a `Save` that completed the task carries data the
 * journey does not hold: v1 kept the Save as a draft and took both, but on v2 the Save submitted and the journey
 * went on without it. Nothing was submitted. Names the update's intent, elements and paths, never values.
 */
export class AddedAfterSaveError extends TranslationError {
  static {
    brandErrorClass(AddedAfterSaveError, '@journey-bridge/contract:AddedAfterSaveError');
  }

  override name = 'AddedAfterSaveError';
  constructor(
    readonly elements: readonly string[],
    readonly paths: readonly string[] = [],
    readonly intent: 'Save' | 'Complete' | 'Validate' = 'Complete',
  ) {
    const named = [...elements, ...subjectPaths(paths)];
    super(
      `the Save before this ${intent} already completed the task (v2 has no drafts), so the journey went on without ${listed(named)} this ${intent} adds: nothing was submitted, and data added after such a Save needs a new journey`,
      409,
      'request.update-intent',
    );
  }
}

/**
 * v2 answered that elements nobody described were already given, and the journey does not hold what the update
 * carries outside the known elements (another value, or none): that data was not used. Names paths, never values.
 */
export class UnheldDataError extends TranslationError {
  static {
    brandErrorClass(UnheldDataError, '@journey-bridge/contract:UnheldDataError');
  }

  override name = 'UnheldDataError';
  constructor(
    readonly elements: readonly string[],
    readonly paths: readonly string[],
  ) {
    super(
      `v2 answered that ${listed(elements)} ${elements.length > 1 ? 'were' : 'was'} already given to this journey, which does not hold what the update carries at ${listed(subjectPaths(paths))} (another value, or none): that data was not used, and v2 cannot change an element once given`,
      409,
      'request.update-undescribed-elements',
    );
  }
}

/** The interaction closed before it took elements the update carried data for: that data was not used. */
export class UntakenElementError extends TranslationError {
  static {
    brandErrorClass(UntakenElementError, '@journey-bridge/contract:UntakenElementError');
  }

  override name = 'UntakenElementError';
  constructor(readonly elements: readonly string[]) {
    super(
      `the journey moved on before it took ${listed(elements)}: that data was not used, the rest of the update was`,
      409,
      'request.update-participants',
    );
  }
}

/** `Validate` of a task that needs elements journey-bridge has no description of: it cannot say the data is valid. */
export class UndescribedElementError extends TranslationError {
  static {
    brandErrorClass(UndescribedElementError, '@journey-bridge/contract:UndescribedElementError');
  }

  override name = 'UndescribedElementError';
  constructor(readonly elements: readonly string[]) {
    super(
      `${listed(elements)} cannot be validated: journey-bridge has no description of ${elements.length > 1 ? 'these elements' : 'this element'} (describe ${elements.length > 1 ? 'them' : 'it'} in the "elements" option of the adapter, or setting of the shim); a Complete sends ${elements.length > 1 ? 'them' : 'it'} and v2 checks`,
      400,
      'request.update-undescribed-elements',
    );
  }
}
