import { z } from 'zod';
import { FAILURE_STATUSES } from './migration/change-register.js';

/**
 * Journey status as either version spells it. The v1 task-list enumeration says `Failed`; the v1-to-v2 guide
 * and some live responses say `Error`. Both mean terminal failure.
 */
export const JourneyStatus = z.enum(['InProgress', 'Completed', 'Failed', 'Error', 'Paused']);
export type JourneyStatus = z.infer<typeof JourneyStatus>;

/** The v1 enumeration: v1 never says `Error`. */
export const V1JourneyStatus = z.enum(['InProgress', 'Completed', 'Failed', 'Paused']);
export type V1JourneyStatus = z.infer<typeof V1JourneyStatus>;

/** `Failed` and `Error` are one state with two spellings (register: status.failure-spelling). */
export const isFailureStatus = (status: string): boolean => (FAILURE_STATUSES as readonly string[]).includes(status);

/** A journey is settled once it leaves `InProgress`; `Paused` waits on an operator, not on polling. */
export const isTerminalStatus = (status: string): boolean => status === 'Completed' || isFailureStatus(status);

/**
 * The status a spelling names, by letters alone (`IN_PROGRESS`, `in-progress` and `inProgress` are `InProgress`; a
 * tenant may spell its statuses so); the spelling as it is when it names none. A bare lowercase word stays as it is:
 * the vendor's SDK answers errors as 200 `{ status: "error" }`, which is no journey's failure.
 */
export function statusNamed(spelling: string): string {
  if (/^[a-z]+$/.test(spelling)) return spelling;
  const letters = spelling.toLowerCase().replace(/[\s_-]/g, '');
  return JourneyStatus.options.find((name) => name.toLowerCase() === letters) ?? spelling;
}

/** Maps either failure spelling onto the v1 enumeration. */
export const toV1Status = (status: JourneyStatus): V1JourneyStatus => (status === 'Error' ? 'Failed' : status);

/**
 * A journey's status as v1 reads it, given what v2 says of its result. A tenant may decide a journey without its
 * status ever leaving `InProgress`; `result.status` is authoritative, so a result that is `complete` reads
 * `Completed` and one that is `error` or `timeout` reads `Failed`: a v1 caller polls until the status changes, and
 * would poll for ever.
 */
export function decidedV1Status(status: JourneyStatus, resultStatus: string | undefined): V1JourneyStatus {
  if (status !== 'InProgress') return toV1Status(status);
  if (resultStatus === 'complete') return 'Completed';
  return resultStatus === 'error' || resultStatus === 'timeout' ? 'Failed' : 'InProgress';
}
