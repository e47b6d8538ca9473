import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyClientError } from './journey-client-error.js';

/** Polling reached its `deadline` before the journey got where the caller waited for. */
export class DeadlineExceededError extends JourneyClientError {
  static {
    brandErrorClass(DeadlineExceededError, '@journey-bridge/client:DeadlineExceededError');
  }

  override name = 'DeadlineExceededError';
  /** The last answer polling saw, if any. */
  readonly lastSeen: unknown;

  constructor(message: string, lastSeen: unknown) {
    super(message);
    this.lastSeen = lastSeen;
  }
}
