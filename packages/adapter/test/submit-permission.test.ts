import { createJourneyClient, PermissionDeniedError, staticToken } from '@journey-bridge/client';
import { createSimulator } from '@journey-bridge/simulator';
import { expect, it } from 'vitest';
import { createV1Adapter } from '../src/index.js';
import { journeyMapOf, journeys } from './targets.js';

// One adapter serving every caller with the caller's own token, as the shim runs it: what one client's Save left
// for its task must not be answered, or forgotten, for a client that may not submit.
const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

it('refuses a client that may not submit the Complete of a task another client saved whole, and keeps it for the owner', async () => {
  const sim = createSimulator({ journeys, clock: { manual: true } });
  const adapter = createV1Adapter({
    client: createJourneyClient({
      baseUrl: 'http://sim.test/eu/v2/captain/',
      auth: staticToken('unused'),
      fetch: sim.fetch,
      retry: { limit: 0 },
    }),
    journeyMap: journeyMapOf(journeys),
  });
  const owner = adapter.withContext({ token: sim.issueToken() });
  const readOnly = adapter.withContext({ token: sim.issueToken('read-only-client') });
  const { instanceId } = await owner.startJourney({
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const taskId = (await owner.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
  // Every required element: v2's interaction is completed by the Save, and the adapter remembers it for the Complete.
  await owner.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person } });

  for (const intent of ['Validate', 'Complete'] as const) {
    await expect(readOnly.updateTask({ intent, instanceId, taskId, context: { subject: person } })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
  }
  expect((await owner.listTasks({ instanceId })).tasks.map((task) => task.taskId)).toEqual([taskId]);
  expect(await owner.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } })).toEqual({ instanceId, taskId });
});
