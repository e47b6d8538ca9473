import { CodemodError } from './codemod-error.js';

/** The journey map file cannot be read, is not JSON, or is not an object of v1 → v2 resourceId strings. */
export class JourneyMapFileError extends CodemodError {
  override name = 'JourneyMapFileError';
}
