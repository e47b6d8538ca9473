import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/** A held submission could not be opened: another key sealed it, or it was altered in the store. */
export class SealedSubjectError extends CutoverError {
  static {
    brandErrorClass(SealedSubjectError, '@journey-bridge/cutover:SealedSubjectError');
  }

  override name = 'SealedSubjectError';
}
