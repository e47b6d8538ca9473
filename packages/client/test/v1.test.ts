import { flowOf } from '@journey-bridge/contract';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { NotFoundError, type V1Api } from '../src/index.js';
import { DATA_CHECK_V1, PERSON, simulator, v1Client } from './simulator.js';

describe('v1 client', () => {
  it('runs a full v1 journey: async start, tasks, schema, update, state', async () => {
    const sim = await simulator();
    const client = v1Client(sim);
    expectTypeOf(client).toExtend<V1Api>();

    const started = await client.startJourney({ resourceId: DATA_CHECK_V1, context: { config: { async: true }, subject: {} } });
    const { instanceId } = started;
    expect(started.status).toBe('InProgress');

    const list = await client.listTasks({ instanceId });
    expect(list.status).toBe('InProgress');
    const [task] = list.tasks;
    expect(task?.taskId).toBeDefined();
    const taskId = task?.taskId ?? '';

    const withSchema = await client.listTasksWithSchema({ instanceId });
    const ref = withSchema.tasks[0]?.schema.$ref ?? '';
    expect(withSchema.schemas[ref.replace('#/schemas/', '')]?.required).toEqual(['context']);

    const schema = await client.getTaskSchema({ taskId });
    expect(schema.$schema).toContain('draft-07');

    const updated = await client.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: PERSON } });
    expect(updated).toMatchObject({ instanceId, taskId });
    expect(updated.requestId).toBeTypeOf('string');

    sim.core.clock.advance(1200);
    const state = await client.fetchState({ instanceId });
    expect(state.status).toBe('Completed');
    expect(state.metaData?.completedTime).not.toBe('');
    expect(Object.keys(flowOf(state)).length).toBeGreaterThan(0);
  });

  it('takes a task update answered with another body than { instanceId, taskId }, and relays it as it came', async () => {
    const sim = await simulator();
    // A v1 service whose update answer the specification does not show: it took the update, and says so its own way.
    const otherAnswer = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await sim.fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).endsWith('/task/update')) return response;
      return new Response('{"valid":true}', { status: response.status, headers: response.headers });
    };
    const client = v1Client(sim, { fetch: otherAnswer });
    const { instanceId } = await client.startJourney({ resourceId: DATA_CHECK_V1, context: { config: { async: true }, subject: {} } });
    const { tasks } = await client.listTasks({ instanceId });

    const updated = await client.updateTask({
      intent: 'Complete',
      instanceId,
      taskId: tasks[0]?.taskId ?? '',
      context: { subject: PERSON },
    });

    expect({ ...updated }).toEqual({ valid: true });
  });

  it('a synchronous start answers once the journey has settled', async () => {
    const sim = await simulator();
    const client = v1Client(sim);

    const starting = client.startJourney({ resourceId: DATA_CHECK_V1, context: { subject: PERSON } });
    await vi.waitFor(() => expect(sim.core.engine.size).toBe(1));
    sim.core.clock.advance(1200);

    await expect(starting).resolves.toMatchObject({ status: 'Completed' });
  });

  it('reads the v1 error body into a typed error', async () => {
    const sim = await simulator();

    const error = (await v1Client(sim)
      .fetchState({ instanceId: 'f'.repeat(32) })
      .catch((caught) => caught)) as NotFoundError;

    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.v1Error).toMatchObject({ status: 404, error: 'not-found-error' });
    expect(error.code).toBe('not-found-error');
    expect(error.message).toMatch(/^404 not-found-error: instance "f+" was not found in region eu \[request [\w-]+\]$/);
  });
});
