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

/** A tenant whose successful state answers are `text` instead of JSON. */
function answersState(sim: Simulator, text: string): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await sim.fetch(input, init);
    if (!url.endsWith('/journey/state/fetch') || !response.ok) return response;
    return new Response(text, { status: response.status, headers: response.headers });
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

  it.each([
    ['the first attempt', 0],
    ['a retry', 1],
  ])('a body that is not JSON, on %s, is quoted nowhere: not in the message, not in the cause', async (_attempt, unavailable) => {
    const sim = await simulator();
    const body = 'firstName=Ada&ssn=123-45-6789';
    const client = v2Client(sim, { fetch: answersState(sim, body) });
    const { instanceId } = await startDataCheck(client);
    if (unavailable) sim.core.faults.add({ path: STATE, status: 503, count: unavailable });

    const error = (await client.fetchState({ instanceId }).catch((caught) => caught)) as ResponseValidationError;

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(countRequests(sim, STATE)).toBe(1 + unavailable);
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect((error.cause as Error).message).toBe(`the body is not JSON (${body.length} bytes)`);
    // The SSN's digits with their dash: a random request id in the message may hold `123` (seen once in a run).
    expect(`${error.message} ${(error.cause as Error).message}`).not.toMatch(/firstName|Ada|123-45/);
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
