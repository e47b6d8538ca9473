import { TOKEN_PATHS } from '@journey-bridge/contract';
import { TokenCache } from './token-cache.js';
import { tokenEndpoint } from './token-endpoint.js';
import type { Auth, RefreshOptions } from './token-provider.js';

export interface ClientCredentialsOptions extends RefreshOptions {
  /** The API client's id from the account portal. */
  clientId: string;
  clientSecret: string;
  /** @default 'svc.token' (the specification's; vendor code also shows 'gbg.token') */
  scope?: string;
}

/** The specification's grant: `client_credentials` on `/as/token.oauth2`. */
export function clientCredentials({ clientId, clientSecret, scope = 'svc.token', refreshSkewMs = 60_000 }: ClientCredentialsOptions): Auth {
  return {
    connect(environment) {
      environment.log.addSecret(clientSecret);
      const request = tokenEndpoint(environment, TOKEN_PATHS.oauth);
      const form = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope };
      return new TokenCache(() => request(form), { refreshSkewMs, now: environment.now, log: environment.log });
    },
  };
}
