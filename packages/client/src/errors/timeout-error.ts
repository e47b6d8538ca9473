import { brandErrorClass } from '@journey-bridge/contract';
import { ConnectionError } from './connection-error.js';

/** No response arrived within `timeoutMs`. The service may still have handled the request. */
export class TimeoutError extends ConnectionError {
  static {
    brandErrorClass(TimeoutError, '@journey-bridge/client:TimeoutError');
  }

  override name = 'TimeoutError';

  constructor(details: { requestId?: string | undefined; cause?: unknown; timeoutMs: number }) {
    super(details, `no response within ${details.timeoutMs} ms`);
  }
}
