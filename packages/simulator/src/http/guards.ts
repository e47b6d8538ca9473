import type { Context } from 'hono';
import { bearerOf, type Permission, type TokenStore } from '../auth.js';
import type { EndUserTokens } from '../end-user-tokens.js';
import type { ApiVersion, Instance, JourneyEngine } from '../engine.js';
import { quote, SimError } from '../sim-error.js';
import type { SimEnv } from './env.js';

const unauthorized = (problem: string) => new SimError({ kind: 'UNAUTHORIZED', location: 'Authorization', problem });

function requirePermission(permissions: readonly Permission[], permission: Permission): void {
  if (!permissions.includes(permission)) {
    throw new SimError({
      kind: 'FORBIDDEN',
      location: 'Authorization',
      problem: `the API client lacks the ${permission} permission`,
    });
  }
}

/** Refuses a request without a live API client token (401); answers the client's permissions. */
export function customer(c: Context<SimEnv>, tokens: TokenStore): readonly Permission[] {
  const check = tokens.check(c.req.header('authorization'));
  if (!check.ok) throw unauthorized(check.problem);
  return check.permissions;
}

/** Refuses a request without a live token (401) or without `permission` (403). */
export function authorize(c: Context<SimEnv>, tokens: TokenStore, permission: Permission): void {
  requirePermission(customer(c, tokens), permission);
}

/** Who calls an interaction endpoint: the API client, or an end user connected to one instance. */
export type InteractionCaller =
  | { readonly kind: 'customer'; readonly permissions: readonly Permission[] }
  | { readonly kind: 'end-user'; readonly instanceId: string; readonly permissions: readonly Permission[] };

/** Refuses an interaction request that carries neither a live API client token nor a live end-user token (401). */
export async function interactionCaller(c: Context<SimEnv>, tokens: TokenStore, endUsers: EndUserTokens): Promise<InteractionCaller> {
  const header = c.req.header('authorization');
  const check = tokens.check(header);
  if (check.ok) return { kind: 'customer', permissions: check.permissions };
  const bearer = bearerOf(header);
  if (!bearer.ok) throw unauthorized(bearer.problem);
  const endUser = await endUsers.check(bearer.token);
  // A token that is neither kind is refused as the API client's check said: expired, revoked or unknown.
  if (!endUser) throw unauthorized(check.problem);
  if (!endUser.ok) throw unauthorized(endUser.problem);
  return { kind: 'end-user', instanceId: endUser.instanceId, permissions: endUser.permissions };
}

/**
 * Refuses, before the instance is looked up, an end-user token issued for another instance (401) or a caller
 * without `permission` (403): a caller that may not act on an instance is not told whether it exists.
 */
export function admitCaller(caller: InteractionCaller, instanceId: string, permission: Permission): void {
  if (caller.kind === 'end-user' && caller.instanceId !== instanceId) {
    throw unauthorized('the end-user token was issued for another instance');
  }
  requirePermission(caller.permissions, permission);
}

/** Refuses a caller the instance's journey does not take on its interactions (401: another kind of token). */
export function admitInteraction(caller: InteractionCaller, instance: Instance): void {
  const accepted = instance.journey.interactionAuth;
  if (caller.kind === 'customer' && accepted === 'end-user') {
    throw unauthorized(
      "this journey's interactions need an end-user token for the instance: get one through journey/device/start, then journey/device/connect",
    );
  }
  if (caller.kind === 'end-user' && accepted === 'customer') {
    throw unauthorized("this journey's interactions take the API client's access token, not an end-user token");
  }
}

/**
 * The instance a request names, settled to now. An instance of the other API version or of another region is as
 * unknown as one that never existed: the two versions publish separate journeys, and regions do not share them.
 * A deleted one is as unknown, and the problem says it was deleted.
 */
export function instanceFor(c: Context<SimEnv>, engine: JourneyEngine, version: ApiVersion, instanceId: string): Instance {
  const instance = engine.get(instanceId);
  c.set('journal', { ...c.get('journal'), instanceId });
  if (!instance || instance.version !== version || instance.journey.region !== c.get('region')) {
    const deleted = engine.wasDeleted(instanceId, version, c.get('region'));
    throw new SimError({
      kind: 'NOT_FOUND',
      location: 'Body',
      problem: deleted
        ? `instance ${quote(instanceId)} was deleted`
        : `instance ${quote(instanceId)} was not found in region ${c.get('region')}`,
    });
  }
  return instance;
}
