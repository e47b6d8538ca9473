import { decisionOf, isDecisionStep, resultOf, stepsOf } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import { simulator, v2Client } from './simulator.js';

const ONBOARDING_V2 = 'b4d6f8a0onboarding-v2@latest';
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('the client reads the shapes the vendor’s own clients read', () => {
  it('field-level collects with parentSpec, side-2 instructions, the end interaction’s result and a decision step', async () => {
    const sim = await simulator();
    const client = v2Client(sim);
    const { instanceId } = await client.startJourney({
      resourceId: ONBOARDING_V2,
      context: {
        config: { delivery: 'api' },
        subject: {
          consent: { dataProcessing: true },
          identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' },
          contact: { mobilePhone: '+447700900123' },
          biometrics: [{ selfieImage: b64('a selfie') }],
        },
      },
    });
    const first = await client.fetchInteraction({ instanceId });
    expect(first.interaction?.collects.find((entry) => entry.ref === 'EmailAddress/email')?.parentSpec).toBe('optional');
    expect(first.instructions).toEqual(['LazySide2CollectionRequired']);

    await client.submitInteraction({
      instanceId,
      interactionId: first.interactionId ?? '',
      participants: [{ domainElementId: 'PrimaryDocument/side1Image', instruction: 'LazySide2CollectionRequired' }],
      context: { subject: { documents: [{ type: 'primary', side1Image: b64('DRIVING LICENCE') }] } },
    });
    sim.core.clock.advance(3000);
    const asking = await client.fetchInteraction({ instanceId });
    expect(asking.instructions).toEqual(['Side2Required']);
    await client.submitInteraction({
      instanceId,
      interactionId: asking.interactionId ?? '',
      participants: [{ domainElementId: 'PrimaryDocument/side2Image' }],
      context: { subject: { documents: [{ type: 'Primary', side2Image: b64('licence back') }] } },
    });
    sim.core.clock.advance(2400);

    const end = await client.fetchInteraction({ instanceId });
    expect(end.result?.outcomeClassification).toBe('positive');
    const state = await client.fetchState({ instanceId });
    const steps = stepsOf(state);
    expect(steps.filter(isDecisionStep)).toEqual([expect.objectContaining({ outcome: 'Decision: Accept', result: null })]);
    expect(steps.find((step) => step.nodeId === 'document-classification')?.process?.step?.durationMilliSec).toBe(1600);
    expect(decisionOf(resultOf(state), steps)).toBe('Accept');
  });
});
