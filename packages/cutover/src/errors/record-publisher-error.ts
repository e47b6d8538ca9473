import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/** The pair records cannot be published: no destination was given, or the file could not be written. */
export class RecordPublisherError extends CutoverError {
  static {
    brandErrorClass(RecordPublisherError, '@journey-bridge/cutover:RecordPublisherError');
  }

  override name = 'RecordPublisherError';
  /** The file that could not be written, and why (`EISDIR`, `ENOENT`…): what an operator needs, no record data. */
  readonly path?: string;
  readonly code?: string;

  constructor(message: string, options: ErrorOptions & { path?: string; code?: string } = {}) {
    super(message, options);
    if (options.path !== undefined) this.path = options.path;
    if (options.code !== undefined) this.code = options.code;
  }
}
