import { AdapterError } from './adapter-error.js';

/** An option of `createV1Adapter` has a value it cannot work with; the message names the option and the value. */
export class AdapterOptionsError extends AdapterError {
  override name = 'AdapterOptionsError';
}
