import { ConnectionError } from './connection-error.js';

/** No response arrived within `timeoutMs`. The service may still have handled the request. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';

  constructor(details: { requestId?: string | undefined; cause?: unknown; timeoutMs: number }) {
    super(details, `no response within ${details.timeoutMs} ms`);
  }
}
