import { resultOf } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import { PERSON, simulator, startDataCheck, v2Client } from './simulator.js';

describe('v2 journey', () => {
  it('runs a data-check journey from start to a completed result', async () => {
    const sim = await simulator();
    const client = v2Client(sim);

    const started = await startDataCheck(client);
    expect(started.instanceId).toMatch(/^[0-9a-f]{32}$/);
    expect(started.requestId).toBeTypeOf('string');
    expect(JSON.parse(JSON.stringify(started))).not.toHaveProperty('requestId');

    const interaction = await client.fetchInteraction({ instanceId: started.instanceId });
    expect(interaction.interaction?.collects.map((entry) => entry.ref)).toEqual(['FullName', 'DateOfBirth', 'CurrentAddress']);
    expect(interaction.interactionId).toBeDefined();

    const submitted = await client.submitInteraction({
      instanceId: started.instanceId,
      interactionId: interaction.interactionId ?? '',
      participants: [{ domainElementId: 'FullName' }, { domainElementId: 'DateOfBirth' }],
      context: { subject: PERSON },
    });
    expect(submitted.status).toBe('success');

    const processing = await client.fetchInteraction({ instanceId: started.instanceId });
    expect(processing.processing).toBe(true);

    sim.core.clock.advance(1200);
    const state = await client.fetchState({ instanceId: started.instanceId });
    expect(state.status).toBe('Completed');
    expect(resultOf(state)?.status).toBe('complete');
  });

  it('sends the caller-given request id with every attempt of a call', async () => {
    const sim = await simulator();
    const client = v2Client(sim);
    sim.core.faults.add({ path: '*/journey/state/fetch', status: 503, retryAfter: 0, count: 1 });
    await expect(client.fetchState({ instanceId: 'f'.repeat(32) }, { requestId: 'caller-req-7' })).rejects.toMatchObject({ status: 404 });
    const attempts = sim.core.journal.list({ path: '*/journey/state/fetch' });
    expect(attempts.map((entry) => [entry.status, entry.requestId])).toEqual([
      [503, 'caller-req-7'],
      [404, 'caller-req-7'],
    ]);
  });
});
