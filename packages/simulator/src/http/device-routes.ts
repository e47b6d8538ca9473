import { Hono } from 'hono';
import { z } from 'zod';
import { bearerOf } from '../auth.js';
import { invalidBody, SimError } from '../sim-error.js';
import type { SimulatorCore } from '../simulator-core.js';
import type { SimEnv } from './env.js';
import { customer, instanceFor } from './guards.js';
import { readJsonBody } from './read-body.js';

/** The device endpoints under the v2 base: how an end user gets a token for one instance. */
export const DEVICE_PATHS = { start: 'journey/device/start', connect: 'journey/device/connect' } as const;

const DeviceStartRequest = z.strictObject({ instanceId: z.string().min(1).max(128), scope: z.array(z.string()).optional() });
const DeviceConnectRequest = z.strictObject({});

/**
 * `device/start` (the API client's token, `{ instanceId, scope? }`) answers a one-time `connectToken`;
 * `device/connect` (that connect token as the bearer, `{}`) answers an `endUserToken` for the instance. Both
 * journal the instance, so a test can count bootstraps.
 */
export function deviceRoutes(core: SimulatorCore): Hono<SimEnv> {
  const { engine, tokens, endUserTokens, options } = core;
  const app = new Hono<SimEnv>();

  app.post(DEVICE_PATHS.start, async (c) => {
    const permissions = customer(c, tokens);
    const parsed = DeviceStartRequest.safeParse(await readJsonBody(c, options.bodyLimitBytes), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const instance = instanceFor(c, engine, 'v2', parsed.data.instanceId);
    return c.json({ connectToken: endUserTokens.connectToken(instance.id, permissions) });
  });

  app.post(DEVICE_PATHS.connect, async (c) => {
    const bearer = bearerOf(c.req.header('authorization'));
    if (!bearer.ok) throw new SimError({ kind: 'UNAUTHORIZED', location: 'Authorization', problem: bearer.problem });
    const parsed = DeviceConnectRequest.safeParse(await readJsonBody(c, options.bodyLimitBytes), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    // The instance is found only under its region, as on device/start; a token spent on the wrong base stays good.
    const instanceId = endUserTokens.instanceOf(bearer.token);
    if (instanceId !== undefined) instanceFor(c, engine, 'v2', instanceId);
    const connected = await endUserTokens.connect(bearer.token);
    if (connected.instanceId) c.set('journal', { instanceId: connected.instanceId });
    if (!connected.ok) throw new SimError({ kind: 'UNAUTHORIZED', location: 'Authorization', problem: connected.problem });
    return c.json({ endUserToken: connected.endUserToken });
  });

  return app;
}
