import { CutoverError } from './cutover-error.js';

/** The pair records cannot be published: no destination was given, or the file could not be written. */
export class RecordPublisherError extends CutoverError {
  override name = 'RecordPublisherError';
}
