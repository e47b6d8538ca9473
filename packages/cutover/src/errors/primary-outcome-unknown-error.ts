import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/**
 * A pair whose sides differ after a submission of the primary's caller failed with no answer that says whether the
 * primary took it: the shadow may have been given data the primary never took, so the difference says nothing
 * about the platform. Named as the primary's error in the pair's record instead of a mismatch.
 */
export class PrimaryOutcomeUnknownError extends CutoverError {
  static {
    brandErrorClass(PrimaryOutcomeUnknownError, '@journey-bridge/cutover:PrimaryOutcomeUnknownError');
  }

  override name = 'PrimaryOutcomeUnknownError';
}
