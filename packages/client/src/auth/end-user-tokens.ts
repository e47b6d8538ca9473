import { createHash } from 'node:crypto';

/**
 * How interaction fetch and submit are authorised. Some tenants refuse the customer token there (401) and need an
 * end-user token for the one instance, bootstrapped with `journey/device/start` and `journey/device/connect`:
 * - `customer`: the customer token, as the specification says;
 * - `end-user`: always an end-user token;
 * - `auto`: the customer token until an interaction endpoint refuses it for an instance, then an end-user token.
 */
export type InteractionAuth = 'customer' | 'end-user' | 'auto';

/** An end-user token and when to stop using it, epoch ms. */
export interface IssuedEndUserToken {
  readonly token: string;
  readonly expiresAt: number;
}

/** Makes an end-user token for an instance, with the customer token of the call (`undefined`: the client's own). */
export type BootstrapEndUser = (instanceId: string, customerToken: string | undefined) => Promise<IssuedEndUserToken>;

/** Lifetime assumed for a token whose `exp` cannot be read: the field notes report about a day; stay well inside it. */
const UNREADABLE_LIFETIME_MS = 60 * 60 * 1000;
/** Replace a token this long before its `exp`, so no call leaves with one that expires on the way. */
const EXPIRY_SKEW_MS = 60_000;
/**
 * How long an end-user token bootstrapped with a caller's token serves that caller before the caller's token is
 * proven again by a new bootstrap: the platform never sees the caller's token on calls made as the end user, so a
 * revoked or expired one would otherwise keep working until the end-user token expires (a day).
 */
const CALLER_TOKEN_REUSE_MS = 60_000;

/** An issued token and when its bootstrap began. */
type HeldToken = IssuedEndUserToken & { readonly issuedAt: number };

/** When a JWT expires, from its `exp` claim (read, not verified: the platform verifies it), or `undefined`. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The expiry of a fresh end-user token: its `exp`, else an hour from `now`. */
export const endUserExpiry = (token: string, now: number): number => jwtExpiry(token) ?? now + UNREADABLE_LIFETIME_MS;

/**
 * End-user tokens by instance, and by the customer token that asked (so one caller of a shared client never uses
 * a token bootstrapped for another). One bootstrap per instance however many calls wait; a token is kept until
 * shortly before it expires, and one bootstrapped with a caller's token for at most `CALLER_TOKEN_REUSE_MS`; at
 * most `maxEntries` are kept, the oldest dropped first.
 */
export class EndUserTokens {
  readonly #entries = new Map<string, Promise<HeldToken>>();
  readonly #bootstrap: BootstrapEndUser;
  readonly #now: () => number;
  readonly #maxEntries: number;

  constructor(bootstrap: BootstrapEndUser, now: () => number, maxEntries: number) {
    this.#bootstrap = bootstrap;
    this.#now = now;
    this.#maxEntries = maxEntries;
  }

  /** Whether a token for the instance is held (or on its way): `auto` then uses it straight away. */
  has(instanceId: string, customerToken: string | undefined): boolean {
    return this.#entries.has(keyOf(instanceId, customerToken));
  }

  /** A valid end-user token for the instance: the one held, or a new one (shared by every call that waits for it). */
  async get(instanceId: string, customerToken: string | undefined): Promise<string> {
    const key = keyOf(instanceId, customerToken);
    const held = this.#entries.get(key);
    if (held) {
      const issued = await held.catch(() => undefined);
      const now = this.#now();
      const fresh = customerToken === undefined || now - (issued?.issuedAt ?? 0) < CALLER_TOKEN_REUSE_MS;
      if (issued && fresh && issued.expiresAt - EXPIRY_SKEW_MS > now) return issued.token;
      // Expired or failed: the first caller here replaces it; later ones find the replacement.
      if (this.#entries.get(key) !== held) return this.get(instanceId, customerToken);
      this.#entries.delete(key);
    }
    return (await this.#issue(key, instanceId, customerToken)).token;
  }

  /** Forgets `token` after the platform refused it, unless another call has replaced it already. */
  async invalidate(instanceId: string, customerToken: string | undefined, token: string): Promise<void> {
    const key = keyOf(instanceId, customerToken);
    const held = this.#entries.get(key);
    if (held && (await held.catch(() => undefined))?.token === token && this.#entries.get(key) === held) this.#entries.delete(key);
  }

  #issue(key: string, instanceId: string, customerToken: string | undefined): Promise<HeldToken> {
    const issuedAt = this.#now();
    const issued = this.#bootstrap(instanceId, customerToken).then((token) => ({ ...token, issuedAt }));
    this.#entries.set(key, issued);
    // A failed bootstrap is not kept: the next call tries again.
    issued.catch(() => {
      if (this.#entries.get(key) === issued) this.#entries.delete(key);
    });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return issued;
  }
}

/** The customer token enters the key as a digest: the map never holds one more copy of a credential. */
const keyOf = (instanceId: string, customerToken: string | undefined): string =>
  customerToken === undefined ? instanceId : `${instanceId}\n${createHash('sha256').update(customerToken).digest('base64url')}`;
