import { createV1Client, staticToken } from '@journey-bridge/client';
import { flowOf, type Subject } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import { ShimConfig } from '../src/config.js';
import { startShim } from '../src/server.js';

/** The bundled device-selfie journey: its v2 interactions refuse the customer token, `outstanding` is static and by field. */
const DEVICE_SELFIE_V1 = 'e1a5c7d9device-selfie-v1@latest';
const b64 = (text: string) => Buffer.from(text).toString('base64');

const sim = createSimulator({ journeys, clock: { manual: true } });
const upstream = await sim.listen();
const shim = await startShim(
  ShimConfig.parse({ upstream: `${upstream.url}/eu/v2/captain/`, port: 0, journeyMap, variantIds, shutdownTimeoutMs: 100 }),
  { logger: pino({ level: 'silent' }) },
);
afterAll(async () => {
  await shim.close();
  await upstream.close();
});

describe('a tenant that needs end-user tokens, behind journey-bridge serve (interactionAuth auto)', () => {
  it('completes a legacy v1 journey with one bootstrap per instance, under 50 concurrent calls', async () => {
    const v1 = createV1Client({ baseUrl: `${shim.url}/captain/api/`, auth: staticToken(sim.issueToken()), retry: { limit: 0 } });
    const { instanceId } = await v1.startJourney({ resourceId: DEVICE_SELFIE_V1, context: { config: { async: true }, subject: {} } });
    const lists = await Promise.all(Array.from({ length: 50 }, () => v1.listTasks({ instanceId })));
    expect(new Set(lists.map(({ tasks }) => tasks[0]?.taskId)).size).toBe(1);

    const steps: [Subject, number][] = [
      // The live caller's form: each side of the document its own untyped element, the back left out.
      [{ documents: [{ side1Image: b64('front of the document') }] }, 1800],
      [{ biometrics: [{ selfieImage: b64('a face') }] }, 1200],
    ];
    for (const [subject, ms] of steps) {
      const { tasks } = await v1.listTasks({ instanceId });
      await v1.updateTask({ intent: 'Complete', instanceId, taskId: tasks[0]?.taskId ?? '', context: { subject } });
      sim.core.clock.advance(ms);
    }
    const state = await v1.fetchState({ instanceId });
    expect(state.status).toBe('Completed');
    expect(flowOf(state).decision?.result?.outcome).toBe('Decision: Pass');
    expect(sim.core.journal.count({ path: '*/journey/device/start', instanceId })).toBe(1);
    expect(sim.core.journal.count({ path: '*/journey/device/connect', instanceId })).toBe(1);
  });

  it('does not turn an element the static outstanding list repeats into a 409 for the v1 caller', async () => {
    const v1 = createV1Client({ baseUrl: `${shim.url}/captain/api/`, auth: staticToken(sim.issueToken()), retry: { limit: 0 } });
    const { instanceId } = await v1.startJourney({ resourceId: DEVICE_SELFIE_V1, context: { config: { async: true }, subject: {} } });
    const taskId = (await v1.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    const name = { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } };
    // Save takes the name now; the list still names it after, so Complete sends it again with the document.
    await v1.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: name } });
    const document = { documents: [{ type: 'Primary', side1Image: b64('front of the document'), side2Image: '' }] };
    await v1.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: { ...name, ...document } } });
    const statuses = sim.core.journal.list({ path: '*/journey/interaction/submit', instanceId }).map((entry) => entry.status);
    expect(statuses).toContain(409);
    expect(sim.core.engine.get(instanceId)?.subject.documents?.[0]?.side1Image).toBe(document.documents[0]?.side1Image);
  });

  it('keeps callers apart: an end-user token bootstrapped for one caller is never used for another', async () => {
    const first = createV1Client({ baseUrl: `${shim.url}/captain/api/`, auth: staticToken(sim.issueToken()), retry: { limit: 0 } });
    const second = createV1Client({ baseUrl: `${shim.url}/captain/api/`, auth: staticToken(sim.issueToken()), retry: { limit: 0 } });
    const { instanceId } = await first.startJourney({ resourceId: DEVICE_SELFIE_V1, context: { config: { async: true }, subject: {} } });
    await first.listTasks({ instanceId });
    await second.listTasks({ instanceId });
    expect(sim.core.journal.count({ path: '*/journey/device/start', instanceId })).toBe(2);
  });
});
