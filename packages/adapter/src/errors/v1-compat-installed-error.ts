import { AdapterError } from './adapter-error.js';

/**
 * Thrown by `installV1Compat` while another install is active: two interceptors cannot share the v1 calls of one
 * fetch (an instance call carries no journey id to tell whose it is, and its state is translated in its journey's
 * dialect), so the first would answer 404 for the second's journeys.
 */
export class V1CompatInstalledError extends AdapterError {
  override name = 'V1CompatInstalledError';

  constructor() {
    super(
      'an installV1Compat interceptor is already installed: pass one journey map with every entry to a single ' +
        'installV1Compat, or uninstall the first before installing another',
    );
  }
}
