import { CodemodError } from './codemod-error.js';

/** A file handed to the jscodeshift transform does not parse as JavaScript or TypeScript: it is left as it was. */
export class SourceParseError extends CodemodError {
  override name = 'SourceParseError';
}
