import { TOKEN_PATHS } from '@journey-bridge/contract';
import { TokenCache } from './token-cache.js';
import { tokenEndpoint } from './token-endpoint.js';
import type { Auth, RefreshOptions } from './token-provider.js';

export interface PasswordGrantOptions extends RefreshOptions {
  clientId: string;
  /** Sent only when given; the endpoint accepts the password grant without it. */
  clientSecret?: string;
  username: string;
  password: string;
  /** @default 'svc.token' */
  scope?: string;
}

/** The `password` grant on `/as/token.oauth2`, as the migration guide and many integrations use it. */
export function password({
  clientId,
  clientSecret,
  username,
  password,
  scope = 'svc.token',
  refreshSkewMs = 60_000,
}: PasswordGrantOptions): Auth {
  return {
    connect(environment) {
      environment.log.addSecret(clientSecret);
      environment.log.addSecret(password);
      const request = tokenEndpoint(environment, TOKEN_PATHS.oauth);
      const form: Record<string, string> = { grant_type: 'password', client_id: clientId, username, password, scope };
      if (clientSecret !== undefined) form.client_secret = clientSecret;
      return new TokenCache(() => request(form), { refreshSkewMs, now: environment.now, log: environment.log });
    },
  };
}
