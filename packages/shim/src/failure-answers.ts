import { nothingSentFailure } from '@journey-bridge/adapter';
import { ERROR_KINDS, type ErrorKindName, type ErrorLocation } from '@journey-bridge/contract';
import { PassThroughError, type PassThroughFailureKind } from './proxy.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A v2 error body of one error of a known kind. */
export const v2Error = (kind: ErrorKindName, location: ErrorLocation, problem: string, action: string) => ({
  errors: [{ code: ERROR_KINDS[kind].code, name: ERROR_KINDS[kind].name, location, problem, action }],
});

/**
 * A 404 for a path the shim serves nothing at, in the shape of the API the path looks like, so that a caller reads
 * it with the parser it has for that API: an OAuth error for a token path, a v2 error for a v2 path, else v1's.
 */
export function notFoundAnswer(pathname: string): Response {
  // The path is not quoted back: a caller's mistake may put an identifier (or a line break) in it.
  const problem = 'no endpoint at this path';
  if (pathname.includes('/as/')) return json(404, { error: 'invalid_request', error_description: problem });
  if (pathname.includes('/v2/')) return json(404, v2Error('NOT_FOUND', 'Path', problem, 'Verify the URL.'));
  return json(404, { status: 404, message: problem, error: ERROR_KINDS.NOT_FOUND.v1 });
}

/**
 * The error kind, the caller's next step, and whether the upstream may have acted (it received the whole request
 * and no answer came back whole), for each way a pass-through can fail.
 */
const FAILURES: Record<PassThroughFailureKind, { kind: ErrorKindName; location: ErrorLocation; action: string; mayHaveActed: boolean }> = {
  'request-too-large': { kind: 'PAYLOAD_TOO_LARGE', location: 'Body', action: 'Send a smaller body.', mayHaveActed: false },
  'response-too-large': {
    kind: 'BAD_GATEWAY',
    location: 'Service',
    action: "The answer exceeds the shim's --response-limit: raise it to read this; a request that writes was taken.",
    mayHaveActed: true,
  },
  timeout: {
    kind: 'GATEWAY_TIMEOUT',
    location: 'Service',
    action: 'Do not retry blindly: the upstream may have acted.',
    mayHaveActed: true,
  },
  unreachable: { kind: 'SERVICE_UNAVAILABLE', location: 'Service', action: 'Retry after a short delay.', mayHaveActed: false },
  unsendable: {
    kind: 'BAD_GATEWAY',
    location: 'Request',
    action: 'Nothing reached the upstream; the same request fails the same way.',
    mayHaveActed: false,
  },
  failed: { kind: 'BAD_GATEWAY', location: 'Service', action: 'Do not retry blindly: the upstream may have acted.', mayHaveActed: true },
  unreadable: {
    kind: 'BAD_GATEWAY',
    location: 'Service',
    action: 'Do not retry blindly: the upstream may have acted.',
    mayHaveActed: true,
  },
  'caller-gone': { kind: 'CLIENT_CLOSED_REQUEST', location: 'Request', action: 'None: nobody reads this answer.', mayHaveActed: false },
};

/**
 * The v2-shaped answer for a failed pass-through. `creates`: the request was a journey start, so an outcome
 * that is unknown says the journey may exist and names the request id to look it up by.
 */
export function v2FailureAnswer(error: unknown, creates: boolean, requestId: string): Response {
  if (!(error instanceof PassThroughError)) throw error;
  const { kind, location, action, mayHaveActed } = FAILURES[error.kind];
  const unknownOutcome = creates && mayHaveActed;
  const problem = unknownOutcome
    ? `${error.message}; the journey may have been created: look for request ${requestId} before starting another`
    : error.message;
  return json(ERROR_KINDS[kind].status, v2Error(kind, location, problem, action));
}

/** The OAuth-shaped (RFC 6749 §5.2) answer for a failed pass-through to a token endpoint. */
export function tokenFailureAnswer(error: unknown): Response {
  if (!(error instanceof PassThroughError)) throw error;
  const { kind } = FAILURES[error.kind];
  // A request that cannot be sent will not be sent later either: not "temporarily" unavailable.
  const code =
    error.kind === 'request-too-large' ? 'invalid_request' : error.kind === 'unsendable' ? 'server_error' : 'temporarily_unavailable';
  return json(ERROR_KINDS[kind].status, { error: code, error_description: error.message });
}

/**
 * The answer to a request that arrives once the shim has stopped waiting for the upstream (one sent on a kept-alive
 * connection): 503, nothing was sent, in the shape of the API the request was for (`api`).
 */
export function nothingSentAnswer(api: 'v1' | 'v2' | 'token', requestId: string): Response {
  const { status, message } = nothingSentFailure();
  const unsent = new PassThroughError('unreachable', message);
  if (api === 'token') return tokenFailureAnswer(unsent);
  if (api === 'v2') return v2FailureAnswer(unsent, false, requestId);
  return json(status, { status, message, error: ERROR_KINDS.SERVICE_UNAVAILABLE.v1 });
}
