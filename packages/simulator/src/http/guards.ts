import type { Context } from 'hono';
import type { Permission, TokenStore } from '../auth.js';
import type { ApiVersion, Instance, JourneyEngine } from '../engine.js';
import { SimError } from '../sim-error.js';
import type { SimEnv } from './env.js';

/** Refuses a request without a live token (401) or without `permission` (403). */
export function authorize(c: Context<SimEnv>, tokens: TokenStore, permission: Permission): void {
  const check = tokens.check(c.req.header('authorization'));
  if (!check.ok) throw new SimError({ kind: 'UNAUTHORIZED', location: 'Authorization', problem: check.problem });
  if (!check.permissions.includes(permission)) {
    throw new SimError({
      kind: 'FORBIDDEN',
      location: 'Authorization',
      problem: `the API client lacks the ${permission} permission`,
    });
  }
}

/** Identifiers are echoed in problems, never beyond a sane length. */
export const quote = (value: string): string => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

/**
 * The instance a request names, settled to now. An instance of the other API version or of another region is as
 * unknown as one that never existed: the two versions publish separate journeys, and regions do not share them.
 */
export function instanceFor(c: Context<SimEnv>, engine: JourneyEngine, version: ApiVersion, instanceId: string): Instance {
  const instance = engine.get(instanceId);
  c.set('journal', { ...c.get('journal'), instanceId });
  if (!instance || instance.version !== version || instance.journey.region !== c.get('region')) {
    throw new SimError({
      kind: 'NOT_FOUND',
      location: 'Body',
      problem: `instance ${quote(instanceId)} was not found in region ${c.get('region')}`,
    });
  }
  return instance;
}
