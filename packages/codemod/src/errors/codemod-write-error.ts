import { CodemodError } from './codemod-error.js';

/**
 * A file took its new text and could not be given its old one back, after another file of the run could not be
 * written: the only way a run leaves the tree changed in part. The message names the file.
 */
export class CodemodWriteError extends CodemodError {
  override name = 'CodemodWriteError';
}
