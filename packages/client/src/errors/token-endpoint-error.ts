import type { TokenErrorBody } from '@journey-bridge/contract';
import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/**
 * The token endpoint refused to issue a token, answered garbage, or could not be reached (then `status` is
 * undefined and `cause` the network error, as a `ConnectionError`'s is).
 */
export class TokenEndpointError extends JourneyApiError {
  static {
    brandErrorClass(TokenEndpointError, '@journey-bridge/client:TokenEndpointError');
  }

  override name = 'TokenEndpointError';
  /** The OAuth `error` (`invalid_client`, `invalid_grant`, …) when the endpoint sent one. */
  readonly error: string | undefined;
  readonly errorDescription: string | undefined;

  constructor(details: {
    status?: number | undefined;
    requestId?: string | undefined;
    body?: TokenErrorBody | undefined;
    cause?: unknown;
    problem?: string;
  }) {
    const { body, problem, ...rest } = details;
    const text = body ? `${body.error}${body.error_description ? `: ${body.error_description}` : ''}` : (problem ?? 'token request failed');
    const status = rest.status === undefined ? '' : `${rest.status} `;
    const suffix = rest.requestId === undefined ? '' : ` [request ${rest.requestId}]`;
    super({ ...rest, body }, `token endpoint: ${status}${text}${suffix}`);
    this.error = body?.error;
    this.errorDescription = body?.error_description;
  }
}
