import { CodemodError } from './codemod-error.js';

/** The helper module kept from an earlier run lacks names this run's migrated code imports: nothing is written. */
export class HelperModuleError extends CodemodError {
  override name = 'HelperModuleError';
}
