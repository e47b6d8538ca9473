import type { Log } from '../logging.js';
import type { ResolvedRetryOptions } from '../retry-policy.js';

/** Supplies access tokens to a client. */
export interface TokenProvider {
  /** A token to send now: the cached one while it is fresh, else a new one (one request however many wait). */
  getToken(): Promise<string>;
  /**
   * The API refused `token` with a 401: forget it if it is still the cached one (a newer token stays). Returns
   * whether a different token can be had; `false` (a static token) means a replay would be refused again.
   */
  invalidate(token: string): boolean;
}

/** What a client hands its auth strategy: where the token endpoints are and how to reach them. */
export interface AuthEnvironment {
  /** Origin (and optional path prefix) of the token endpoints, without a trailing slash. */
  readonly authUrl: string;
  /** The client's fetch, over its pool unless it was given one. */
  readonly fetch: typeof globalThis.fetch;
  readonly timeoutMs: number;
  readonly retry: ResolvedRetryOptions;
  readonly log: Log;
  /** Clock for token expiry, epoch ms. */
  readonly now: () => number;
}

/** An auth strategy: `clientCredentials()`, `password()`, `idAuth()`, `staticToken()`, `tokenFunction()` or your own. */
export interface Auth {
  /** Builds the token provider of one client. */
  connect(environment: AuthEnvironment): TokenProvider;
}

/** A token as an issuer returns it. */
export interface IssuedToken {
  readonly accessToken: string;
  /** Lifetime in seconds, as `expires_in`; without it the token is kept until the API refuses it. */
  readonly expiresInSeconds?: number | undefined;
}

/** Options every caching strategy shares. */
export interface RefreshOptions {
  /**
   * Refresh this long before expiry, counted from when the token request was sent (so a slow token endpoint
   * cannot eat into the margin). Capped at half the token's lifetime. @default 60000
   */
  refreshSkewMs?: number;
}
