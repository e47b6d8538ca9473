import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/**
 * The shared store was first used with another store key: this replica could not open what the others hold, nor
 * they what it holds. Every replica sharing a store needs the same key.
 */
export class StoreKeyMismatchError extends CutoverError {
  static {
    brandErrorClass(StoreKeyMismatchError, '@journey-bridge/cutover:StoreKeyMismatchError');
  }

  override name = 'StoreKeyMismatchError';
}
