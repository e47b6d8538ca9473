import { InstanceRequest, V2_PATHS } from '@journey-bridge/contract';
import { Hono } from 'hono';
import { invalidBody } from '../sim-error.js';
import type { SimulatorCore } from '../simulator-core.js';
import type { SimEnv } from './env.js';
import { authorize, customer, instanceFor } from './guards.js';
import { readJsonBody } from './read-body.js';

/**
 * The endpoints the vendor's SDK calls beside the specification's: `journey/health` (any live API client token;
 * every journey endpoint needs one) and `journey/state/delete`, which erases an instance and its data; every later
 * call naming the instance answers 404, saying it was deleted.
 */
export function lifecycleRoutes(core: SimulatorCore): Hono<SimEnv> {
  const { engine, tokens, options } = core;
  const app = new Hono<SimEnv>();

  app.post(V2_PATHS.health, (c) => {
    customer(c, tokens);
    return c.json({ status: 'ok' });
  });

  // Erasing data changes the instance as a submit does: a read-only client may not.
  app.post(V2_PATHS.stateDelete, async (c) => {
    authorize(c, tokens, 'journey.submit');
    const parsed = InstanceRequest.safeParse(await readJsonBody(c, options.bodyLimitBytes), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    engine.delete(instanceFor(c, engine, 'v2', parsed.data.instanceId));
    return c.json({ status: 'success' });
  });

  return app;
}
