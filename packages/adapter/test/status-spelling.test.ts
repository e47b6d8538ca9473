import { createJourneyClient, createV1Client, staticToken, type V1Api } from '@journey-bridge/client';
import { createSimulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { createV1Adapter, createV1CompatFetch } from '../src/index.js';
import { journeyMap, journeys, variantIds } from './targets.js';

/** A tenant that spelled failure `Error` and a running journey `Running`; the other journeys keep the v1 enumeration. */
const RUNNING_OR_ERROR = { InProgress: 'Running', Failed: 'Error' } as const;
type Statuses = Readonly<Partial<Record<'InProgress' | 'Failed', string>>>;
const DATA_CHECK = 'a1d7c3f0data-check-v1';
const outage = { identity: { firstName: 'Ada', lastNames: ['Outage'], dateOfBirth: '1980-01-01' } };

/** The simulator whose data check answered v1 in that spelling, and plain v1 HTTP on the v1 surface or through the interceptor. */
function platform(surface: 'v1' | 'interceptor', statuses: Statuses = RUNNING_OR_ERROR) {
  const spoken = journeys.map((journey) =>
    journey.resourceIds.v1.production === DATA_CHECK ? { ...journey, v1Dialect: { ...journey.v1Dialect, statuses } } : journey,
  );
  const sim = createSimulator({ journeys: spoken, clock: { manual: true } });
  const fetch =
    surface === 'v1'
      ? sim.fetch
      : createV1CompatFetch({
          upstream: 'http://sim.test/eu/v2/captain/',
          journeyMap: { ...journeyMap, [DATA_CHECK]: { v2: 'b2e8d4a1data-check-v2', dialect: { statuses } } },
          dialect: { flowKeys: variantIds },
          retry: { limit: 0 },
          fetch: sim.fetch,
        });
  const token = sim.issueToken();
  const post = async (path: string, body: object) => {
    const answer = await fetch(`http://sim.test/eu/captain/api/journey/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await answer.json()) as { instanceId: string; status: string; tasks: { taskId: string }[] };
  };
  return { sim, post, token };
}

describe.each(['v1', 'interceptor'] as const)('the statuses of a dialect, %s', (surface) => {
  it('spells every v1 status on the wire as the tenant did: start, task list, task list with schema and state', async () => {
    const { sim, post } = platform(surface);
    const started = await post('start', { resourceId: `${DATA_CHECK}@latest`, context: { config: { async: true }, subject: {} } });
    expect(started.status).toBe('Running');
    const { instanceId } = started;
    const list = await post('task/list', { instanceId });
    expect(list.status).toBe('Running');
    expect((await post('task/list/schema', { instanceId })).status).toBe('Running');
    expect((await post('state/fetch', { instanceId })).status).toBe('Running');
    await post('task/update', { intent: 'Complete', instanceId, taskId: list.tasks[0]?.taskId, context: { subject: outage } });
    sim.core.clock.advance(3000);
    // A loop polling until `status === 'Error'` stops on every read it makes.
    expect((await post('task/list', { instanceId })).status).toBe('Error');
    expect((await post('task/list/schema', { instanceId })).status).toBe('Error');
    expect((await post('state/fetch', { instanceId })).status).toBe('Error');
  });
});

it('answers the typed V1Api in the v1 enumeration, from the adapter as from the v1 client that reads the tenant', async () => {
  // The v1 client reads `Error` as `Failed`; it knows no other spelling.
  const statuses = { Failed: 'Error' };
  const { sim, token } = platform('v1', statuses);
  const apis: V1Api[] = [
    createV1Client({ baseUrl: 'http://sim.test/eu/captain/api/', auth: staticToken(token), fetch: sim.fetch, retry: { limit: 0 } }),
    createV1Adapter({
      client: createJourneyClient({
        baseUrl: 'http://sim.test/eu/v2/captain/',
        auth: staticToken(token),
        fetch: sim.fetch,
        retry: { limit: 0 },
      }),
      journeyMap: { [DATA_CHECK]: { v2: 'b2e8d4a1data-check-v2', dialect: { statuses } } },
    }),
  ];
  const instanceIds: string[] = [];
  for (const api of apis) {
    const { instanceId } = await api.startJourney({
      resourceId: `${DATA_CHECK}@latest`,
      context: { config: { async: true }, subject: {} },
    });
    const list = await api.listTasks({ instanceId });
    await api.updateTask({ intent: 'Complete', instanceId, taskId: list.tasks[0]?.taskId ?? '', context: { subject: outage } });
    instanceIds.push(instanceId);
  }
  sim.core.clock.advance(3000);
  const answered = await Promise.all(
    apis.map(async (api, index) => {
      const instanceId = instanceIds[index] ?? '';
      return [(await api.listTasks({ instanceId })).status, (await api.fetchState({ instanceId })).status];
    }),
  );
  expect(answered).toEqual([
    ['Failed', 'Failed'],
    ['Failed', 'Failed'],
  ]);
});
