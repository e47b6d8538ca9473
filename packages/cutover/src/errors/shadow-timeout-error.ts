import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/** A side of a mirrored journey did not reach a terminal state (or did not answer) before the shadow timeout. */
export class ShadowTimeoutError extends CutoverError {
  static {
    brandErrorClass(ShadowTimeoutError, '@journey-bridge/cutover:ShadowTimeoutError');
  }

  override name = 'ShadowTimeoutError';
}
