/**
 * The specification's error table, as an app that follows it reads each answer, plus what the table leaves out
 * and a careful app must decide for itself: 502 and 504 (a gateway could not tell what happened).
 */
/** The status the app gives a call that got no answer at all (the connection failed before one arrived). */
export const NO_ANSWER = 0;

export type NextStep =
  /** 500: retry with exponential backoff. */
  | 'backoff'
  /** 503, 429: retry after `Retry-After` (or a short delay). */
  | 'retry-after'
  /** 401: refresh the token; never retry with the same one. */
  | 'refresh-token'
  /** 502, 504 or no answer, on a call that creates something: the outcome is unknown; find out before sending it again. */
  | 'find-out'
  /** 400, 403, 404, 405, 409 and anything else: do not retry. */
  | 'give-up';

/**
 * What to do after an answer of `status`. `creates`: the call creates something (journey start), so an answer
 * that does not say whether it happened must not be retried blindly. On any other call 502 and 504 are retried
 * like a 500: reads change nothing, and a repeated task update is refused with 409 if the first one was taken.
 * `NO_ANSWER` (the connection failed) is read as a 502.
 */
export function nextStep(status: number, creates: boolean): NextStep {
  if (status === 401) return 'refresh-token';
  if (status === 429 || status === 503) return 'retry-after';
  if (status === 502 || status === 504 || status === NO_ANSWER) return creates ? 'find-out' : 'backoff';
  if (status === 500) return 'backoff';
  return 'give-up';
}
