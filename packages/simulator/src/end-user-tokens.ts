import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Permission } from './auth.js';
import type { SimClock } from './clock.js';

/** A connect token lives about two minutes on the platform, and is good for one connect. */
const CONNECT_TOKEN_MS = 2 * 60 * 1000;
/** An end-user token lives about a day. */
const END_USER_TOKEN_S = 24 * 60 * 60;

interface ConnectGrant {
  readonly instanceId: string;
  readonly permissions: readonly Permission[];
  readonly expiresAt: number;
}

export type EndUserCheck = { ok: true; instanceId: string; permissions: readonly Permission[] } | { ok: false; problem: string };

export type ConnectResult = { ok: true; instanceId: string; endUserToken: string } | { ok: false; problem: string; instanceId?: string };

/**
 * The end-user tokens some tenants require on interaction fetch and submit: a one-time connect token issued to
 * the API client for one instance, exchanged for an HS256 JWT valid for that instance only. The end user holds
 * no more than the API client that connected them: the JWT carries that client's permissions.
 */
export class EndUserTokens {
  readonly #clock: SimClock;
  readonly #grants = new Map<string, ConnectGrant>();
  #secret = randomBytes(32);

  constructor(clock: SimClock) {
    this.#clock = clock;
  }

  /** A connect token for `instanceId`, good for one `connect` within two minutes. */
  connectToken(instanceId: string, permissions: readonly Permission[]): string {
    const now = this.#clock.now();
    // Grants nobody redeemed would otherwise pile up for as long as the simulator runs.
    for (const [token, grant] of this.#grants) if (now >= grant.expiresAt) this.#grants.delete(token);
    const token = `sim_connect_${randomBytes(24).toString('base64url')}`;
    this.#grants.set(token, { instanceId, permissions, expiresAt: now + CONNECT_TOKEN_MS });
    return token;
  }

  /** The instance a connect token was issued for, without redeeming it; `undefined` for a token not (or no longer) held. */
  instanceOf(connectToken: string): string | undefined {
    return this.#grants.get(connectToken)?.instanceId;
  }

  /** Redeems a connect token, once, for an end-user token. Problems never repeat a token. */
  async connect(connectToken: string): Promise<ConnectResult> {
    const grant = this.#grants.get(connectToken);
    if (!grant) return { ok: false, problem: 'the connect token is not recognised or was already used' };
    this.#grants.delete(connectToken);
    const now = this.#clock.now();
    if (now >= grant.expiresAt) return { ok: false, problem: 'the connect token has expired', instanceId: grant.instanceId };
    const issuedAt = Math.floor(now / 1000);
    const endUserToken = await new SignJWT({ permissions: [...grant.permissions] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(grant.instanceId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + END_USER_TOKEN_S)
      .sign(this.#secret);
    return { ok: true, instanceId: grant.instanceId, endUserToken };
  }

  /** Checks an end-user token against the simulator clock: `undefined` when `token` is not one at all. */
  async check(token: string): Promise<EndUserCheck | undefined> {
    try {
      const { payload } = await jwtVerify<{ permissions?: Permission[] }>(token, this.#secret, {
        algorithms: ['HS256'],
        currentDate: new Date(this.#clock.now()),
        requiredClaims: ['sub', 'exp'],
      });
      return { ok: true, instanceId: String(payload.sub), permissions: payload.permissions ?? [] };
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? { ok: false, problem: 'the end-user token has expired' } : undefined;
    }
  }

  /** Forgets connect tokens and invalidates every end-user token issued so far. */
  clear(): void {
    this.#grants.clear();
    this.#secret = randomBytes(32);
  }
}
