import { ConnectionError, JourneyApiError, neverSent, ResponseValidationError, TimeoutError } from '@journey-bridge/client';

/** How a failed upstream exchange is answered to the v1 caller: a status and a message that keep its meaning. */
export interface UpstreamFailureAnswer {
  readonly status: number;
  readonly message: string;
}

/** An answer whose outcome is unknown; for a request that creates a journey, it says where to look before starting again. */
function unknownOutcome(status: number, what: string, creates: boolean, requestId: string | undefined): UpstreamFailureAnswer {
  const findIt = `the journey may have been created: look for request ${requestId ?? '(unknown)'} before starting another`;
  return { status, message: creates ? `${what}; ${findIt}` : what };
}

/**
 * Whether a request's signal fired because the server stopped waiting (its reason named `TimeoutError`, as
 * `AbortSignal.timeout` gives, e.g. the shim at the end of its shutdown grace) rather than because the caller left.
 */
export const stoppedWaiting = (signal: AbortSignal): boolean =>
  signal.aborted && signal.reason instanceof Error && signal.reason.name === 'TimeoutError';

/**
 * The answer when the server stopped waiting for the upstream: as an upstream timeout, 504 with an outcome unknown,
 * the signal's reason saying why.
 */
export function stoppedWaitingFailure(signal: AbortSignal, creates: boolean, requestId: string | undefined): UpstreamFailureAnswer {
  return unknownOutcome(504, (signal.reason as Error).message, creates, requestId);
}

/**
 * The answer when the server stopped waiting before sending anything upstream: 503, which the error table tells
 * apps to retry, rightly, as nothing happened.
 */
export const nothingSentFailure = (): UpstreamFailureAnswer => ({
  status: 503,
  message: 'journey-bridge is shutting down: nothing was sent to the upstream; retry',
});

/**
 * The answer for an upstream failure, or `undefined` for a failure that is not the upstream's (a refusal the
 * upstream stated itself passes through as that status). `creates`: the request creates something (journey
 * start), so an outcome that is unknown must not read as "not admitted": the specification's error table tells
 * apps to retry 500 and 503, and a blind retry of a start that did happen makes a second journey. 502 and 504
 * carry no such advice, and the message says where to look before starting again.
 */
export function upstreamFailure(error: unknown, creates: boolean, requestId: string | undefined): UpstreamFailureAnswer | undefined {
  const unknown = (status: number, what: string) => unknownOutcome(status, what, creates, requestId);
  if (error instanceof TimeoutError) return unknown(504, 'the upstream did not answer in time');
  if (error instanceof ConnectionError) {
    return neverSent(error)
      ? { status: 503, message: 'the upstream is unreachable; nothing was sent' }
      : unknown(502, 'the connection to the upstream failed before its answer arrived');
  }
  // A 2xx whose body cannot be read or breaks the contract: the upstream acted, its answer is lost.
  if (error instanceof ResponseValidationError || (error instanceof JourneyApiError && (error.status ?? 0) < 400)) {
    return unknown(502, 'the upstream answered in a form journey-bridge cannot read');
  }
  if (creates && error instanceof JourneyApiError && (error.status === 500 || error.status === 502 || error.status === 504)) {
    return unknown(502, `the upstream failed (${error.status}) after receiving the request`);
  }
  return undefined;
}
