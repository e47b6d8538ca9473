import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/** Options `createCutover` or a store cannot work with; the message names the option and what it expects. */
export class CutoverOptionsError extends CutoverError {
  static {
    brandErrorClass(CutoverOptionsError, '@journey-bridge/cutover:CutoverOptionsError');
  }

  override name = 'CutoverOptionsError';
}
