import { brandErrorClass } from '@journey-bridge/contract';
import { CutoverError } from './cutover-error.js';

/** Why a store could not open its connection. */
export type StoreConnectionProblem = 'unreachable' | 'credentials' | 'tls' | 'database';

/**
 * `createRedisStore` could not open its first connection: Redis cannot be reached or did not answer in time, refused
 * the credentials or the database, or does not speak TLS as the URL says. The message gives the server's reason,
 * never the URL (its password).
 */
export class StoreConnectionError extends CutoverError {
  static {
    brandErrorClass(StoreConnectionError, '@journey-bridge/cutover:StoreConnectionError');
  }

  override name = 'StoreConnectionError';
  /** What went wrong, for a caller that words it otherwise. */
  readonly problem: StoreConnectionProblem;

  constructor(problem: StoreConnectionProblem, message: string, options?: ErrorOptions) {
    super(message, options);
    this.problem = problem;
  }
}
