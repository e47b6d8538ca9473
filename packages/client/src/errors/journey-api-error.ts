import type { V1ErrorBody, V2ErrorItem } from '@journey-bridge/contract';
import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyClientError } from './journey-client-error.js';

/** What the client knows about a failed exchange with the service. */
export interface ApiErrorDetails {
  /** HTTP status, or `undefined` when no response arrived. */
  readonly status?: number | undefined;
  /** `X-Request-ID` of the response, or the id the client sent when none arrived. */
  readonly requestId?: string | undefined;
  /** The v2 `errors[]` of the body; empty for v1 bodies and bodies that are not error bodies. */
  readonly errors?: readonly V2ErrorItem[];
  /** The v1 `{ status, message, error }` body, when the service answered in v1 form. */
  readonly v1Error?: V1ErrorBody | undefined;
  /** The parsed body as it arrived, for anything the typed fields do not cover. */
  readonly body?: unknown;
  /** The response's `Retry-After` as sent (seconds or an HTTP date), when it had one. */
  readonly retryAfter?: string | undefined;
  readonly cause?: unknown;
}

/**
 * Base of every error the journey clients raise about a call. Carries the status, the request id and the parsed
 * error body; the message reads `"<status> <code> <name>: <problem> (<action>) [request <id>]"`.
 */
export class JourneyApiError extends JourneyClientError {
  static {
    brandErrorClass(JourneyApiError, '@journey-bridge/client:JourneyApiError');
  }

  override name = 'JourneyApiError';
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly errors: readonly V2ErrorItem[];
  readonly v1Error: V1ErrorBody | undefined;
  readonly body: unknown;
  readonly retryAfter: string | undefined;

  constructor(details: ApiErrorDetails, message = describeError(details)) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.requestId = details.requestId;
    this.errors = details.errors ?? [];
    this.v1Error = details.v1Error;
    this.body = details.body;
    this.retryAfter = details.retryAfter;
  }

  /** The first error's code (`"4002"`), or the v1 `error` identifier. */
  get code(): string | undefined {
    return this.errors[0]?.code ?? this.v1Error?.error;
  }
}

/** `"400 4002 MISSING_FIELD: resourceId is required (Add the field) [request 1f3c…]"`, parts left out when unknown. */
export function describeError({ status, requestId, errors = [], v1Error }: ApiErrorDetails, fallback = 'request failed'): string {
  const [first] = errors;
  let text: string;
  if (first) {
    const action = first.action ? ` (${first.action})` : '';
    const more = errors.length > 1 ? ` (+${errors.length - 1} more)` : '';
    text = `${first.code} ${first.name}: ${first.problem}${action}${more}`;
  } else if (v1Error) {
    text = `${v1Error.error}: ${v1Error.message}`;
  } else {
    text = fallback;
  }
  const prefix = status === undefined ? '' : `${status} `;
  const suffix = requestId === undefined ? '' : ` [request ${requestId}]`;
  return `${prefix}${text}${suffix}`;
}
