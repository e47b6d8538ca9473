import { CutoverError } from './cutover-error.js';

/** A report file cannot be read, or holds no pair record. */
export class ReportInputError extends CutoverError {
  override name = 'ReportInputError';
}
