import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** A successful response whose body does not match the contract; `path` names the offending field. */
export class ResponseValidationError extends JourneyApiError {
  static {
    brandErrorClass(ResponseValidationError, '@journey-bridge/client:ResponseValidationError');
  }

  override name = 'ResponseValidationError';
  /** Dotted path of the first offending field, e.g. `context.result.status`; `(body)` when the body is not JSON. */
  readonly path: string;

  constructor(details: {
    status: number;
    requestId?: string | undefined;
    body?: unknown;
    cause?: unknown;
    path: string;
    endpoint: string;
    problem: string;
  }) {
    const { path, endpoint, problem, ...rest } = details;
    const suffix = rest.requestId === undefined ? '' : ` [request ${rest.requestId}]`;
    super(rest, `${rest.status} response of ${endpoint} does not match the contract at ${path}: ${problem}${suffix}`);
    this.path = path;
  }
}
