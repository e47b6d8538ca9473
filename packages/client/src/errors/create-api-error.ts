import { V1ErrorBody, V2ErrorBody } from '@journey-bridge/contract';
import { AuthenticationError } from './authentication-error.js';
import { BadRequestError } from './bad-request-error.js';
import { ConflictError } from './conflict-error.js';
import { InternalServerError } from './internal-server-error.js';
import { type ApiErrorDetails, JourneyApiError } from './journey-api-error.js';
import { MethodNotAllowedError } from './method-not-allowed-error.js';
import { NotFoundError } from './not-found-error.js';
import { PermissionDeniedError } from './permission-denied-error.js';
import { RateLimitError } from './rate-limit-error.js';
import { ServiceUnavailableError } from './service-unavailable-error.js';

const CLASS_BY_STATUS: Readonly<Record<number, new (details: ApiErrorDetails) => JourneyApiError>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  429: RateLimitError,
  500: InternalServerError,
  503: ServiceUnavailableError,
};

/**
 * The typed error for an error response. Either version's body is understood whatever the surface: a default-deny
 * gateway may answer a v2 path in another form. Other statuses get the base class.
 */
export function createApiError(
  status: number,
  requestId: string | undefined,
  body: unknown,
  retryAfter?: string | undefined,
): JourneyApiError {
  const v2 = V2ErrorBody.safeParse(body);
  const v1 = v2.success ? undefined : V1ErrorBody.safeParse(body);
  const details: ApiErrorDetails = {
    status,
    requestId,
    body,
    retryAfter,
    errors: v2.success ? v2.data.errors : [],
    v1Error: v1?.success ? v1.data : undefined,
  };
  const ErrorClass = CLASS_BY_STATUS[status] ?? JourneyApiError;
  return new ErrorClass(details);
}
