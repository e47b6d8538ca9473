import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/** The rollback webhook answered with a status other than 2xx. */
export class WebhookRefusedError extends CutoverError {
  static {
    brandErrorClass(WebhookRefusedError, '@journey-bridge/cutover:WebhookRefusedError');
  }

  override name = 'WebhookRefusedError';
}
