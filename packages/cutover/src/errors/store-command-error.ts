import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/**
 * A command of a store in Redis failed once the store was open (Redis out of reach, or too slow for the command
 * timeout). The message is the failure in a few words (`storeFailureReason`): never a reply, a key or the URL.
 */
export class StoreCommandError extends CutoverError {
  static {
    brandErrorClass(StoreCommandError, '@journey-bridge/cutover:StoreCommandError');
  }

  override name = 'StoreCommandError';
}
