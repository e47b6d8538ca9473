import { toV1State, V1Dialect, V2State } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import { b64, harness, IDS } from './harness.js';

const person = (lastName: string) => ({ identity: { firstName: 'Ada', lastNames: [lastName], dateOfBirth: '1990-12-10' } });

describe('decisions where the vendor’s clients read them', () => {
  it.each([
    ['Lovelace', 'Accept', 'positive'],
    ['Nomatch', 'Reject', 'negative'],
    ['Review', 'Manual review', 'neutral'],
  ])(
    '%s: the result’s outcome and classification, a decision step, and the end interaction’s result',
    async (lastName, decision, classification) => {
      const h = harness();
      const instanceId = await h.startV2(IDS.dataCheckV2, person(lastName));
      h.clock.advance(1200);
      const state = await h.state(instanceId);
      expect(state.context.result).toMatchObject({
        status: 'complete',
        outcome: `Decision: ${decision}`,
        outcomeClassification: classification,
        advice: { decision },
      });
      const decidedAt = new Date(h.clock.now()).toISOString();
      expect(state.context.process.steps.at(-1)).toEqual({
        nodeId: 'decision',
        name: 'Decision',
        outcome: `Decision: ${decision}`,
        outcomeClassification: classification,
        // Every step has advice with contains (the specification); the decision has none of a module's figures.
        advice: { contains: {} },
        result: null,
        process: { step: { startedAt: decidedAt, endedAt: decidedAt, durationMilliSec: 0, moduleName: 'Decision' } },
      });
      const end = await h.interaction(instanceId);
      expect(end.interactionId).toMatch(/:interaction:end@3$/);
      expect(end.outstanding).toEqual([]);
      expect(end.result).toEqual(state.context.result);
    },
  );

  it('times every module step with durationMilliSec and shows what the module added as result.subject', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.dataCheckV2, person('Lovelace'));
    const startedAt = new Date(h.clock.now()).toISOString();
    h.clock.advance(1200);
    const [identity, age] = (await h.state(instanceId)).context.process.steps;
    expect(identity.process.step).toEqual({
      startedAt,
      endedAt: new Date(Date.parse(startedAt) + 1200).toISOString(),
      durationMilliSec: 1200,
      moduleName: 'Identity data check',
    });
    expect(age.process.step.durationMilliSec).toBe(800);
    expect(identity.result).toEqual({ status: 'complete', outcome: 'Match', subject: {} });

    const onboarding = await h.startV2(IDS.onboardingV2, {
      consent: { dataProcessing: true },
      ...person('Lovelace'),
      contact: { mobilePhone: '+447700900123' },
      documents: [{ type: 'Primary', side1Image: b64('passport front'), side2Image: '' }],
      biometrics: [{ selfieImage: b64('a selfie') }],
    });
    // The front's classification answers 3 s after it arrived; then the longest module runs 2.4 s.
    h.clock.advance(3000 + 2400);
    const steps = (await h.state(onboarding)).context.process.steps;
    expect(steps.find((step: { nodeId: string }) => step.nodeId === 'document-classification').result.subject).toEqual({
      documents: [{ classification: { name: 'Utopia identity document (2024)' } }],
    });
  });

  it('gives a module that could not run result.error with the vendor’s error items, and no decision', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.dataCheckV2, person('Outage'));
    h.clock.advance(1200);
    const state = await h.state(instanceId);
    expect(state.status).toBe('Failed');
    const failed = state.context.process.steps.find((step: { nodeId: string }) => step.nodeId === 'identity-check');
    expect(failed.result).toEqual({
      status: 'error',
      outcome: 'ERROR',
      subject: {},
      error: {
        errors: [
          {
            code: '5000',
            name: 'MODULE_EXECUTION_FAILED',
            location: 'Flow',
            problem: 'module Identity data check could not run',
            action: 'Nothing was decided about the end user: start a new journey.',
          },
        ],
        correlationId: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
    expect((await h.state(instanceId)).context.process.steps[0].result.error.correlationId).toBe(failed.result.error.correlationId);
    expect(state.context.process.steps.map((step: { nodeId: string }) => step.nodeId)).toEqual(['identity-check', 'age-check']);
    expect(state.context.result).toEqual({ status: 'error', advice: { reason: 'module Identity data check failed' } });
    expect((await h.interaction(instanceId)).result).toEqual(state.context.result);
  });

  it('puts the decision step and the result at the top level for a top-level tenant', async () => {
    const h = harness();
    const subject = {
      ...person('Review'),
      identity: { ...person('Review').identity, idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] },
    };
    const instanceId = await h.startV2(IDS.fraudV2, subject, 'api', 'us');
    h.clock.advance(1000);
    const state = await h.state(instanceId, 'us');
    expect(state.result).toMatchObject({ outcome: 'Decision: Manual review', outcomeClassification: 'neutral' });
    expect(state.steps.at(-1)).toMatchObject({ outcome: 'Decision: Manual review', result: null });
  });

  it('reports an operator’s override in the result, while the decision step keeps what the evaluation decided', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.dataCheckV2, person('Nomatch'));
    h.clock.advance(1200);
    const override = await h.send(`/__sim/instances/${instanceId}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'Accept' }),
    });
    expect(override.status).toBe(200);
    const state = await h.state(instanceId);
    expect(state.context.result).toMatchObject({ outcome: 'Decision: Accept', outcomeClassification: 'positive' });
    expect(state.context.process.steps.at(-1)).toMatchObject({ outcome: 'Decision: Reject', outcomeClassification: 'negative' });
  });

  it('reads back to v1 with the decision once, under the dialect’s key and in its words', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.dataCheckV2, person('Lovelace'));
    h.clock.advance(1200);
    const dialect = V1Dialect.parse({
      layout: 'context.process',
      decision: { key: 'evaluation', outcomes: { Accept: 'Decision: Pass 1+1' } },
    });
    const v1 = toV1State(V2State.parse(await h.state(instanceId)), { dialect });
    const flow = v1.data.context?.process?.flow ?? {};
    expect(Object.keys(flow)).toEqual(['identity-check', 'age-check', 'evaluation']);
    expect(flow.evaluation?.result?.outcome).toBe('Decision: Pass 1+1');
  });
});
