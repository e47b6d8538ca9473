import { TOKEN_PATHS } from '@journey-bridge/contract';
import { TokenCache } from './token-cache.js';
import { tokenEndpoint } from './token-endpoint.js';
import type { Auth, RefreshOptions } from './token-provider.js';

export interface IdAuthOptions extends RefreshOptions {
  /**
   * The external provider's `id_token`, or a function that returns a current one. Prefer the function: every
   * refresh calls it, so an expired `id_token` is not exchanged again.
   */
  idToken: string | (() => string | Promise<string>);
  /** Space-separated scopes; when omitted the endpoint issues a token for every allowed scope. */
  scope?: string;
}

/**
 * The legacy exchange on `/authenticate/v1/connect/token`: grant `id_auth` with the fixed `ro.client` / `secret`
 * pair the specification prescribes.
 */
export function idAuth({ idToken, scope, refreshSkewMs = 60_000 }: IdAuthOptions): Auth {
  return {
    connect(environment) {
      const request = tokenEndpoint(environment, TOKEN_PATHS.idAuth);
      const issue = async () => {
        const token = typeof idToken === 'function' ? await idToken() : idToken;
        environment.log.addSecret(token);
        const form: Record<string, string> = { client_id: 'ro.client', grant_type: 'id_auth', client_secret: 'secret', id_token: token };
        if (scope !== undefined) form.scope = scope;
        return request(form);
      };
      return new TokenCache(issue, { refreshSkewMs, now: environment.now, log: environment.log });
    },
  };
}
