import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/** A report file cannot be read, or holds no pair record. */
export class ReportInputError extends CutoverError {
  static {
    brandErrorClass(ReportInputError, '@journey-bridge/cutover:ReportInputError');
  }

  override name = 'ReportInputError';
}
