import { errors } from 'undici';
import { PROXY_TUNNEL_CODE } from './proxy-tunnel.js';

/** The code of the error `checkedStatus` raises. */
const INVALID_STATUS_CODE = 'JB_INVALID_RESPONSE_STATUS';

/**
 * `status` when a final HTTP response may carry it (200–599), else a network failure: a status line such as 600
 * comes only from a broken upstream, and `new Response` would refuse it with a RangeError that reads as a bug.
 */
export function checkedStatus(status: number): number {
  if (status >= 200 && status <= 599) return status;
  throw Object.assign(new Error(`the upstream answered status ${status}, which no HTTP response carries`), {
    code: INVALID_STATUS_CODE,
  });
}

/**
 * Codes of failures where no whole response arrived: system errors of the socket and DNS, undici's own socket,
 * timeout, length and header-size errors, a status line no response may carry, a proxy's failed `CONNECT`, and TLS
 * failures. With undici's
 * `HTTPParserError` (a response it cannot parse, often without a code), these are the network; a `TypeError`
 * carrying none of them in its cause chain is a bug (an invalid header, say).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_HEADERS_OVERFLOW',
  INVALID_STATUS_CODE,
  PROXY_TUNNEL_CODE,
  'UND_ERR_PRX_TLS',
  // Certificate checks (OpenSSL's names, as Node reports them).
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
]);

/** Network failures of the connect phase (socket, DNS, proxy tunnel, TLS handshake): the request was never written. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  PROXY_TUNNEL_CODE,
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
]);

/**
 * undici's refusals of a request as it was given, raised while it builds the request, before anything is written:
 * an invalid argument (a header value, a method) and an unsupported one (`Expect`).
 */
const REFUSAL_CODES = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED']);

/** undici's code for a body over the dispatcher's `maxResponseSize`. */
const TOO_LARGE_CODE = 'UND_ERR_RES_EXCEEDED_MAX_SIZE';

/** `error` or the first error in its cause chain that has a `code`. */
function codedErrorOf(error: unknown): (Error & { code: string }) | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (typeof (current as { code?: unknown }).code === 'string') return current as Error & { code: string };
  }
  return undefined;
}

/** The `code` of `error` or of the first error in its cause chain that has one. */
const codeOf = (error: unknown): string | undefined => codedErrorOf(error)?.code;

/** Whether `error` is a network failure: no whole response arrived (fetch's `TypeError` or undici's own error). */
export function isNetworkError(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined && (NETWORK_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))) return true;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof errors.HTTPParserError) return true;
  }
  return false;
}

/**
 * The network error itself: the first error in `error`'s cause chain with a `code` (`ECONNREFUSED`,
 * `UND_ERR_SOCKET`, …) or undici's parser error, past the `TypeError('fetch failed')` that fetch and `createFetch`
 * wrap it in; `error` when the chain has none. What `ConnectionError.cause` is, whichever attempt failed.
 */
export function networkErrorOf(error: unknown): unknown {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (typeof (current as { code?: unknown }).code === 'string' || current instanceof errors.HTTPParserError) return current;
  }
  return error;
}

/**
 * Whether `error` failed before the request was written (connection refused, DNS, a proxy's failed `CONNECT`, TLS
 * handshake): the service cannot have acted on it, so even a journey start may be sent again. Any other network failure leaves the
 * outcome unknown.
 */
export function neverSent(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && (CONNECT_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'));
}

/**
 * undici's refusal of a request as it was given (an argument it does not take), when `error` is or carries one.
 * It comes before anything is written, so the service cannot have acted; unlike a connection refused, sending
 * the same request again fails the same way. Its message names what was refused, never a header's value.
 */
export function refusalBeforeSending(error: unknown): Error | undefined {
  const coded = codedErrorOf(error);
  return coded && REFUSAL_CODES.has(coded.code) ? coded : undefined;
}

/** Whether `error` is undici refusing a response body over its `maxResponseSize`. */
export const isResponseTooLarge = (error: unknown): boolean => codeOf(error) === TOO_LARGE_CODE;

/**
 * Whether `error` is an attempt's deadline passing: ky's `TimeoutError`, or the `DOMException` named
 * `TimeoutError` of the first attempt (as `AbortSignal.timeout` rejects).
 */
export const isTimeout = (error: unknown): boolean => error instanceof Error && error.name === 'TimeoutError';
