import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/**
 * A shadow ended waiting for data while the store had failed during its journey: a submission held for it may have
 * been lost with the store, so where it stopped says nothing about the other side.
 */
export class ShadowDataLostError extends CutoverError {
  static {
    brandErrorClass(ShadowDataLostError, '@journey-bridge/cutover:ShadowDataLostError');
  }

  override name = 'ShadowDataLostError';
}
