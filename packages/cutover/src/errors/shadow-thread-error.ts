import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/** The shadow thread could not run a call: its sides module failed to load or to build, or the thread died. */
export class ShadowThreadError extends CutoverError {
  static {
    brandErrorClass(ShadowThreadError, '@journey-bridge/cutover:ShadowThreadError');
  }

  override name = 'ShadowThreadError';
}
