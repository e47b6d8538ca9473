import type { Simulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from '../src/index.js';
import { countRequests, simulator, startDataCheck, v2Client } from './simulator.js';

const STATE = '*/journey/state/fetch';

/** A tenant whose state answers spell a field differently: rewrites the simulator's state bodies. */
function rewritesState(sim: Simulator, rewrite: (body: Record<string, unknown>) => unknown): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await sim.fetch(input, init);
    if (!url.endsWith('/journey/state/fetch') || !response.ok) return response;
    const body = rewrite((await response.json()) as Record<string, unknown>);
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}

describe('response validation', () => {
  it('a body that is not JSON (malformed fault) raises ResponseValidationError, not retried', async () => {
    const sim = await simulator();
    const client = v2Client(sim);
    const { instanceId } = await startDataCheck(client);
    sim.core.faults.add({ path: STATE, malformed: true, count: 1 });

    const error = (await client.fetchState({ instanceId }).catch((caught) => caught)) as ResponseValidationError;

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.path).toBe('(body)');
    expect(error.requestId).toBe(sim.core.journal.list({ path: STATE })[0]?.requestId);
    expect(error.message).toMatch(/^200 response of journey\/state\/fetch does not match the contract at \(body\): .+ \[request [\w-]+\]$/);
    expect(countRequests(sim, STATE)).toBe(1);
  });

  it('names the offending field', async () => {
    const sim = await simulator();
    const client = v2Client(sim, {
      fetch: rewritesState(sim, (body) => ({
        ...body,
        status: 'Finished',
        context: { ...(body.context as object), result: { advice: {} } },
      })),
    });
    const { instanceId } = await startDataCheck(client);

    const error = (await client.fetchState({ instanceId }).catch((caught) => caught)) as ResponseValidationError;

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.path).toBe('status');
    expect(error.message).toContain('at status: ');
    expect(error.message).not.toContain('Finished');
  });

  it('names a nested field', async () => {
    const sim = await simulator();
    const client = v2Client(sim, {
      fetch: rewritesState(sim, (body) => ({ ...body, context: { ...(body.context as object), result: { status: 7 } } })),
    });
    const { instanceId } = await startDataCheck(client);

    await expect(client.fetchState({ instanceId })).rejects.toMatchObject({ path: 'context.result.status' });
  });

  it('lets unknown fields and the top-level layout through', async () => {
    const sim = await simulator();
    const client = v2Client(sim, {
      fetch: rewritesState(sim, (body) => ({ ...body, tenantExtra: { anything: true }, steps: [], result: { status: 'pending' } })),
    });
    const { instanceId } = await startDataCheck(client);

    await expect(client.fetchState({ instanceId })).resolves.toMatchObject({ tenantExtra: { anything: true } });
  });
});
