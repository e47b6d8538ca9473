import type { Log } from '../logging.js';
import type { IssuedToken, TokenProvider } from './token-provider.js';

export interface TokenCacheOptions {
  readonly refreshSkewMs: number;
  readonly now: () => number;
  readonly log: Log;
}

/**
 * Caches one access token and refreshes it ahead of expiry. One refresh is in flight at a time however many
 * callers wait, and its failure reaches every one of them.
 */
export class TokenCache implements TokenProvider {
  readonly #issue: () => Promise<IssuedToken>;
  readonly #options: TokenCacheOptions;
  #current: { readonly token: string; readonly refreshAt: number } | undefined;
  #pending: Promise<string> | undefined;

  constructor(issue: () => Promise<IssuedToken>, options: TokenCacheOptions) {
    this.#issue = issue;
    this.#options = options;
  }

  getToken(): Promise<string> {
    const current = this.#current;
    if (current && this.#options.now() < current.refreshAt) return Promise.resolve(current.token);
    this.#pending ??= this.#refresh().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  invalidate(token: string): boolean {
    if (this.#current?.token === token) this.#current = undefined;
    return true;
  }

  async #refresh(): Promise<string> {
    const sentAt = this.#options.now();
    const { accessToken, expiresInSeconds } = await this.#issue();
    this.#options.log.addSecret(accessToken);
    const lifetimeMs = expiresInSeconds === undefined ? Number.POSITIVE_INFINITY : expiresInSeconds * 1000;
    const skewMs = Math.min(this.#options.refreshSkewMs, lifetimeMs / 2);
    this.#current = { token: accessToken, refreshAt: sentAt + lifetimeMs - skewMs };
    return accessToken;
  }
}
