import { AdapterError } from './adapter-error.js';

/**
 * The adapter's `SaveStore` failed. When `taken`, v2 had taken the `Save` already, but what it left for the
 * `Complete` is not kept: the caller sends the `Save` again, which v2 takes as the same data. Otherwise nothing was
 * sent, and the caller retries. Either way the shim answers 503.
 */
export class SaveStoreError extends AdapterError {
  override name = 'SaveStoreError';
  readonly taken: boolean;

  constructor(taken: boolean, cause: unknown) {
    // The store's message names no value, key or URL (`SaveStore`'s contract), so it may say why.
    const why = `the save store failed: ${cause instanceof Error ? cause.message.slice(0, 200) : 'unknown failure'}`;
    super(
      taken
        ? `the Save was taken, but what it left for the Complete could not be kept (${why}): send the Save again`
        : `journey-bridge could not use its save store for this task (${why}): nothing was sent; retry`,
      { cause },
    );
    this.taken = taken;
  }
}
