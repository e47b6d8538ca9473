import { z } from 'zod';

/** Origin of a v2 error. The specification names four; live responses also carry the others. */
export const ErrorLocation = z.enum(['Body', 'Authorization', 'Path', 'Service', 'Header', 'Query String', 'Request', 'Flow']);
export type ErrorLocation = z.infer<typeof ErrorLocation>;

export const V2ErrorItem = z.looseObject({
  code: z.string(),
  name: z.string(),
  location: z.union([ErrorLocation, z.string()]),
  problem: z.string(),
  action: z.string().optional(),
});
export type V2ErrorItem = z.infer<typeof V2ErrorItem>;

/** The v2 error body: `{ errors: [...] }`. */
export const V2ErrorBody = z.looseObject({ errors: z.array(V2ErrorItem).min(1) });
export type V2ErrorBody = z.infer<typeof V2ErrorBody>;

/** The v1 error body, e.g. `{ "status": 403, "message": "Forbidden resource", "error": "forbidden-error" }`. */
export const V1ErrorBody = z.looseObject({ status: z.number().int(), message: z.string(), error: z.string() });
export type V1ErrorBody = z.infer<typeof V1ErrorBody>;

/** OAuth-style token endpoint error (RFC 6749 §5.2); the specification does not show these bodies. */
export const TokenErrorBody = z.looseObject({ error: z.string(), error_description: z.string().optional() });
export type TokenErrorBody = z.infer<typeof TokenErrorBody>;

interface ErrorKind {
  readonly status: number;
  readonly code: string;
  readonly name: string;
  /** The v1 `error` identifier for the same condition. */
  readonly v1: string;
}

/**
 * The error codes journey-bridge knows. `4002 MISSING_FIELD` is the specification's; `4003 INVALID_FIELD` and
 * `4009 JOURNEY_NOT_ACTIVE` are the vendor's; the rest follow the same `<status><n>` pattern. An element already
 * submitted has no code of its own: the specification says only 409, and the field notes give 409 `4003` (the
 * same code as data present but invalid) or `4009`, so what the journey holds tells the two apart, never a code.
 */
export const ERROR_KINDS = {
  INVALID_REQUEST: { status: 400, code: '4001', name: 'INVALID_REQUEST', v1: 'bad-request-error' },
  MISSING_FIELD: { status: 400, code: '4002', name: 'MISSING_FIELD', v1: 'bad-request-error' },
  INVALID_FIELD: { status: 400, code: '4003', name: 'INVALID_FIELD', v1: 'bad-request-error' },
  UNAUTHORIZED: { status: 401, code: '4010', name: 'UNAUTHORIZED', v1: 'unauthorized-error' },
  FORBIDDEN: { status: 403, code: '4030', name: 'FORBIDDEN', v1: 'forbidden-error' },
  NOT_FOUND: { status: 404, code: '4040', name: 'NOT_FOUND', v1: 'not-found-error' },
  METHOD_NOT_ALLOWED: { status: 405, code: '4050', name: 'METHOD_NOT_ALLOWED', v1: 'method-not-allowed-error' },
  INVALID_FIELD_CONFLICT: { status: 409, code: '4003', name: 'INVALID_FIELD', v1: 'conflict-error' },
  JOURNEY_NOT_ACTIVE: { status: 409, code: '4009', name: 'JOURNEY_NOT_ACTIVE', v1: 'conflict-error' },
  PAYLOAD_TOO_LARGE: { status: 413, code: '4130', name: 'PAYLOAD_TOO_LARGE', v1: 'payload-too-large-error' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, code: '4150', name: 'UNSUPPORTED_MEDIA_TYPE', v1: 'unsupported-media-type-error' },
  /** nginx's "client closed request": the caller left before the answer; nobody reads it, metrics and logs do. */
  CLIENT_CLOSED_REQUEST: { status: 499, code: '4990', name: 'CLIENT_CLOSED_REQUEST', v1: 'client-closed-request' },
  TOO_MANY_REQUESTS: { status: 429, code: '4290', name: 'TOO_MANY_REQUESTS', v1: 'too-many-requests-error' },
  INTERNAL_ERROR: { status: 500, code: '5000', name: 'INTERNAL_ERROR', v1: 'internal-server-error' },
  BAD_GATEWAY: { status: 502, code: '5020', name: 'BAD_GATEWAY', v1: 'bad-gateway-error' },
  SERVICE_UNAVAILABLE: { status: 503, code: '5030', name: 'SERVICE_UNAVAILABLE', v1: 'service-unavailable-error' },
  GATEWAY_TIMEOUT: { status: 504, code: '5040', name: 'GATEWAY_TIMEOUT', v1: 'gateway-timeout-error' },
} as const satisfies Record<string, ErrorKind>;
export type ErrorKindName = keyof typeof ERROR_KINDS;

/** The v1 `error` identifier for an HTTP status, for errors that arrive without a known kind. */
export function v1ErrorIdForStatus(status: number): string {
  const kind = Object.values(ERROR_KINDS).find((entry) => entry.status === status);
  return kind?.v1 ?? (status >= 500 ? 'internal-server-error' : 'bad-request-error');
}
