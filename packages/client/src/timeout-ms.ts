import { ClientOptionsError } from './errors/client-options-error.js';

/** The longest timer Node (and ky) accept: 2^31 - 1 ms, about 24.8 days. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** `value` as an attempt timeout; anything else is a `ClientOptionsError` naming the option. */
export function checkTimeoutMs(value: number, name: string): number {
  if (!(value > 0 && value <= MAX_TIMEOUT_MS)) {
    throw new ClientOptionsError(`${name} must be a number of ms from 1 to ${MAX_TIMEOUT_MS}, got ${value}`);
  }
  return value;
}
