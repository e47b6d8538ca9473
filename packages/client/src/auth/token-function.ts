import { TokenCache } from './token-cache.js';
import type { Auth, IssuedToken, RefreshOptions } from './token-provider.js';

/**
 * Your own source of tokens, e.g. a secret manager or another service. Return the token, or `{ accessToken,
 * expiresInSeconds }` to have it refreshed ahead of expiry. Cached like the other strategies, single flight.
 */
export function tokenFunction(
  getToken: () => string | IssuedToken | Promise<string | IssuedToken>,
  { refreshSkewMs = 60_000 }: RefreshOptions = {},
): Auth {
  return {
    connect(environment) {
      const issue = async (): Promise<IssuedToken> => {
        const token = await getToken();
        return typeof token === 'string' ? { accessToken: token } : token;
      };
      return new TokenCache(issue, { refreshSkewMs, now: environment.now, log: environment.log });
    },
  };
}
