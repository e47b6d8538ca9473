import { CutoverError } from './cutover-error.js';

/** The rollback webhook answered with a status other than 2xx. */
export class WebhookRefusedError extends CutoverError {
  override name = 'WebhookRefusedError';
}
