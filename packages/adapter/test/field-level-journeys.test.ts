import { createJourneyClient, staticToken } from '@journey-bridge/client';
import { createSimulator } from '@journey-bridge/simulator';
import { expect, it } from 'vitest';
import { createV1Adapter } from '../src/index.js';
import { journeys } from './targets.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');

// Every element of the onboarding journey, with optional data v1 kept: middle names and a marketing consent.
const subject = {
  consent: { dataProcessing: true, marketing: true },
  identity: { firstName: 'Ada', middleNames: ['Augusta'], lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' },
  contact: { mobilePhone: '+447700900123', email: 'ada@example.com' },
  documents: [{ type: 'Primary', side1Image: b64('passport front') }],
  biometrics: [{ selfieImage: b64('a selfie') }],
};

it('a v1 Complete on a journey whose v2 interaction lists its outstanding fields keeps every part of the data v1 kept', async () => {
  const sim = createSimulator({ journeys, clock: { manual: true } });
  const adapter = createV1Adapter({
    client: createJourneyClient({ baseUrl: 'http://sim.test/eu/v2/captain/', auth: staticToken(sim.issueToken()), fetch: sim.fetch }),
    journeyMap: { 'a3c5e7f9onboarding-v1': 'b4d6f8a0onboarding-v2' },
  });
  const { instanceId } = await adapter.startJourney({
    resourceId: 'a3c5e7f9onboarding-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const [task] = (await adapter.listTasks({ instanceId })).tasks;
  await adapter.updateTask({ intent: 'Complete', instanceId, taskId: task?.taskId ?? '', context: { subject } });
  const held = sim.core.engine.get(instanceId)?.subject;
  expect(held?.identity).toMatchObject({ middleNames: ['Augusta'] });
  expect(held).toMatchObject({ consent: { dataProcessing: true, marketing: true } });
});
