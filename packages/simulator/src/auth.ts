import { randomBytes } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { SimClock } from './clock.js';

/** A journey permission an API client may hold. */
export type Permission = 'journey.start' | 'journey.read' | 'journey.submit';
export const ALL_PERMISSIONS: readonly Permission[] = ['journey.start', 'journey.read', 'journey.submit'];

/** An API client as the account portal would issue it. */
export interface ApiClient {
  clientId: string;
  clientSecret: string;
  permissions: readonly Permission[];
  /** Users accepted by the password grant. @default [] */
  users?: readonly { username: string; password: string }[];
}

/** Clients every simulator knows unless told otherwise; printed by the CLI. */
export const DEMO_CLIENTS: readonly ApiClient[] = [
  {
    clientId: 'demo-client',
    clientSecret: 'demo-secret',
    permissions: ALL_PERMISSIONS,
    users: [{ username: 'demo-user', password: 'demo-password' }],
  },
  { clientId: 'read-only-client', clientSecret: 'read-only-secret', permissions: ['journey.read'] },
];

interface TokenRecord {
  clientId: string;
  permissions: readonly Permission[];
  expiresAt: number;
  revoked: boolean;
}

export type TokenCheck = { ok: true; clientId: string; permissions: readonly Permission[] } | { ok: false; problem: string };

/** The token of an `Authorization: Bearer <token>` header value, or why there is none. */
export function bearerOf(authorization: string | undefined): { ok: true; token: string } | { ok: false; problem: string } {
  if (!authorization) return { ok: false, problem: 'the Authorization header is missing' };
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match?.[1]) return { ok: false, problem: 'the Authorization header must be "Bearer <access token>"' };
  return { ok: true, token: match[1] };
}

/** Issues, checks and revokes access tokens against the simulator clock. */
export class TokenStore {
  readonly #tokens = new Map<string, TokenRecord>();
  readonly #clock: SimClock;
  /** Lifetime of new tokens in seconds. */
  expiresIn: number;

  constructor(clock: SimClock, expiresIn: number) {
    this.#clock = clock;
    this.expiresIn = expiresIn;
  }

  issue(clientId: string, permissions: readonly Permission[]): { access_token: string; token_type: 'Bearer'; expires_in: number } {
    const token = `sim_${randomBytes(24).toString('base64url')}`;
    this.#tokens.set(token, { clientId, permissions, expiresAt: this.#clock.now() + this.expiresIn * 1000, revoked: false });
    return { access_token: token, token_type: 'Bearer', expires_in: this.expiresIn };
  }

  /** Checks an `Authorization` header value. Problems never repeat the token. */
  check(authorization: string | undefined): TokenCheck {
    const bearer = bearerOf(authorization);
    if (!bearer.ok) return bearer;
    const record = this.#tokens.get(bearer.token);
    if (!record) return { ok: false, problem: 'the access token is not recognised' };
    if (record.revoked) return { ok: false, problem: 'the access token has been revoked' };
    if (this.#clock.now() >= record.expiresAt) return { ok: false, problem: 'the access token has expired' };
    return { ok: true, clientId: record.clientId, permissions: record.permissions };
  }

  /** Revokes one token, or every token when none is named; returns how many were revoked. */
  revoke(token?: string): number {
    let count = 0;
    for (const [value, record] of this.#tokens) {
      if ((token === undefined || token === value) && !record.revoked) {
        record.revoked = true;
        count += 1;
      }
    }
    return count;
  }

  clear(): void {
    this.#tokens.clear();
  }
}

/** Why an external `id_token` was refused; never carries the token itself. */
export type IdTokenCheck = { ok: true; subject: string } | { ok: false; problem: string };

/** Verifies an HS256 `id_token` from the "external provider" against the simulator's shared secret and clock. */
export async function verifyIdToken(idToken: string, secret: string, now: number): Promise<IdTokenCheck> {
  try {
    const { payload } = await jwtVerify(idToken, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp'],
    });
    return { ok: true, subject: String(payload.sub) };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') return { ok: false, problem: 'id_token has expired' };
    if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return { ok: false, problem: 'id_token signature is not valid' };
    if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return { ok: false, problem: 'id_token lacks a required claim' };
    return { ok: false, problem: 'id_token is not a well-formed signed JWT' };
  }
}
