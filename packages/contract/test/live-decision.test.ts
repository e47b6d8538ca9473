import { describe, expect, it } from 'vitest';
import { decisionOf, isDecisionStep, resultOf, StrictV1State, stepsOf, toV1State, V1Dialect, V2State } from '../src/index.js';

const INSTANCE = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5';

const MODULE_STEP = {
  nodeId: 'document-classification',
  name: 'Document classification',
  outcome: 'Document Classified',
  result: {
    status: 'complete',
    outcome: 'Document Classified',
    subject: { documents: [{ classification: { name: 'Utopia identity card' } }] },
  },
  process: {
    step: {
      startedAt: '2026-01-01T10:00:00.000Z',
      endedAt: '2026-01-01T10:00:01.600Z',
      durationMilliSec: 1600,
      moduleName: 'Document classification',
    },
  },
};

const decisionStep = (outcome: string, outcomeClassification: string) => ({
  nodeId: 'mtrehx2922ie24j37zu',
  name: 'Decision',
  outcome,
  outcomeClassification,
  result: null,
});

/** A state as the vendor's sample reads it: the decision in the result's classification and in a decision step. */
const liveState = (status: string, result: object, steps: object[] = [MODULE_STEP]) =>
  V2State.parse({
    instanceId: INSTANCE,
    status,
    context: { process: { journey: { startedAt: '2026-01-01T10:00:00.000Z' } }, subject: {} },
    steps,
    result,
  });

describe('a live state’s decision', () => {
  it('parses steps with durationMilliSec, result.subject, result.error and a decision step whose result is null', () => {
    const failed = {
      ...MODULE_STEP,
      outcome: 'ERROR',
      result: {
        status: 'error',
        error: {
          errors: [{ code: '5000', location: 'Service', problem: 'the module could not run', action: 'Retry the journey.' }],
          correlationId: 'c0ffee',
        },
      },
    };
    const state = liveState('Error', { status: 'error' }, [failed, decisionStep('Decision: Reject', 'negative')]);
    const [moduleStep, decision] = stepsOf(state);
    expect(moduleStep?.process?.step?.durationMilliSec).toBe(1600);
    expect(moduleStep?.result?.error?.errors[0]?.action).toBe('Retry the journey.');
    expect(decision?.result).toBeNull();
    expect([moduleStep, decision].map((step) => step && isDecisionStep(step))).toEqual([false, true]);
  });

  it.each([
    ['positive', 'Accept'],
    ['negative', 'Reject'],
    ['neutral', 'Manual review'],
  ] as const)('reads outcomeClassification %s as %s when nothing names the decision', (classification, decision) => {
    const state = liveState('Completed', { status: 'complete', outcomeClassification: classification });
    expect(decisionOf(resultOf(state), stepsOf(state))).toBe(decision);
  });

  it.each(['positive', 'neutral', 'negative'] as const)(
    'keeps a decision of the tenant’s or an operator’s own whatever its classification (%s), never one of the three',
    (classification) => {
      const worded = liveState('Completed', { status: 'complete', outcome: 'Decision: Pass 2+2', outcomeClassification: classification });
      expect(decisionOf(resultOf(worded), stepsOf(worded))).toBe('Pass 2+2');
      // An override in the portal: the result names it, the decision step keeps what the evaluation decided.
      const overridden = liveState(
        'Completed',
        { status: 'complete', outcomeClassification: classification, advice: { decision: 'Refer', evaluatedDecision: 'Reject' } },
        [MODULE_STEP, decisionStep('Decision: Reject', 'negative')],
      );
      expect(decisionOf(resultOf(overridden), stepsOf(overridden))).toBe('Refer');
    },
  );

  it('reads the decision step when the result carries no decision yet', () => {
    const state = liveState('InProgress', { status: 'pending' }, [MODULE_STEP, decisionStep('Decision: Manual review', 'neutral')]);
    expect(decisionOf(resultOf(state))).toBeUndefined();
    expect(decisionOf(resultOf(state), stepsOf(state))).toBe('Manual review');
  });

  it('prefers advice.decision (an operator’s) and then the outcome’s words over the classification', () => {
    const advised = liveState('Completed', { status: 'complete', outcomeClassification: 'negative', advice: { decision: 'Accept' } });
    expect(decisionOf(resultOf(advised))).toBe('Accept');
    const worded = liveState('Completed', { status: 'complete', outcome: 'Decision: Manual review', outcomeClassification: 'positive' });
    expect(decisionOf(resultOf(worded))).toBe('Manual review');
  });
});

describe('toV1State of a live state', () => {
  const production = V1Dialect.parse({
    layout: 'context.process',
    omitUntilDecided: true,
    decision: { key: 'evaluation', outcomes: { Accept: 'Decision: Pass 1+1' } },
  });

  it('writes the decision once, under the dialect’s key and in its words, and no flow entry for the decision step', () => {
    const state = liveState('Completed', { status: 'complete', outcomeClassification: 'positive' }, [
      MODULE_STEP,
      decisionStep('Decision: Accept', 'positive'),
    ]);
    const v1 = toV1State(state, { dialect: production });
    const flow = v1.data.context?.process?.flow ?? {};
    expect(Object.keys(flow)).toEqual(['document-classification', 'evaluation']);
    expect(flow.evaluation?.result?.outcome).toBe('Decision: Pass 1+1');
    expect(Object.values(flow).filter((entry) => entry.result?.outcome?.startsWith('Decision:'))).toHaveLength(1);
    expect(v1.metaData?.completedTime).toBe('2026-01-01T10:00:01.600Z');
  });

  it('writes a decision the dialect has no wording for as v2 names it, not as the decision its classification leans to', () => {
    const referred = liveState('Completed', { status: 'complete', outcome: 'Decision: Refer', outcomeClassification: 'neutral' });
    expect(toV1State(referred, { dialect: production }).data.context?.process?.flow.evaluation?.result?.outcome).toBe('Decision: Refer');
    const named = liveState('Completed', { status: 'complete', outcomeClassification: 'positive', advice: { decision: 'Pass 2+2' } });
    const v1 = toV1State(named);
    expect(v1.data.process?.flow.decision?.result?.outcome).toBe('Decision: Pass 2+2');
    expect(StrictV1State.safeParse(v1).success).toBe(true);
  });

  it('answers a decision only a decision step carries, in the specification’s form that passes the strict v1 schema', () => {
    const state = liveState('Completed', { status: 'complete' }, [MODULE_STEP, decisionStep('Decision: Reject', 'negative')]);
    const v1 = toV1State(state);
    expect(v1.data.process?.flow.decision?.result?.outcome).toBe('Decision: Reject');
    expect(Object.keys(v1.data.process?.flow ?? {})).toEqual(['document-classification', 'decision']);
    expect(StrictV1State.safeParse(v1).success).toBe(true);
  });
});
