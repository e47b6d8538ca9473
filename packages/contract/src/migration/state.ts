import { isTerminalStatus, toV1Status } from '../status.js';
import type { V1FlowEntry, V1State } from '../v1.js';
import { resultOf, stepsOf, type V2State } from '../v2.js';

/** v1's evaluation outcome for each v2 decision. */
export const DECISION_OUTCOMES: Readonly<Record<string, string>> = {
  Accept: 'Decision: Pass',
  Reject: 'Decision: Reject',
  'Manual review': 'Decision: Manual review',
};

/** Options of `toV1State`. */
export interface V1StateOptions {
  /**
   * Where the flow goes: `data.process.flow` (the specification) or `data.context.process.flow` (what one live
   * caller reads). @default 'process'
   */
  flowAt?: 'process' | 'context.process';
  /** v1 variantId for a v2 step `nodeId`; unmapped steps are keyed by nodeId. @default {} */
  variantIds?: Readonly<Record<string, string>>;
  /** Key of the overall decision's flow entry. @default 'decision' */
  decisionKey?: string;
  /** `completedTime` of a finished journey whose steps carry no end time. @default the time of the call */
  now?: () => Date;
}

/**
 * Moves a v2 state back to v1: `Error` → `Failed`, steps → `data.process.flow.<variantId>`, the overall result →
 * a decision entry, `metaData` from the journey start and the last step end. The subject is shared, not copied:
 * mapping a state full of base64 images costs no more than mapping an empty one.
 */
export function toV1State(state: V2State, options: V1StateOptions = {}): V1State {
  const { flowAt = 'process', variantIds = {}, decisionKey = 'decision', now = () => new Date() } = options;
  const subject = state.context?.subject;
  const flow: Record<string, V1FlowEntry> = {};
  let lastEnd = '';
  stepsOf(state).forEach((step, index) => {
    const key = (step.nodeId && variantIds[step.nodeId]) ?? step.nodeId ?? step.name ?? `step-${index + 1}`;
    flow[key] = {
      result: {
        outcome: step.outcome ?? step.result?.outcome,
        classification: step.outcomeClassification,
        status: step.result?.status,
        advice: step.advice?.contains,
      },
      subject,
    };
    const ended = step.process?.step?.endedAt;
    if (ended && ended > lastEnd) lastEnd = ended;
  });
  const result = resultOf(state);
  const decision = result?.advice.decision;
  if (state.status === 'Completed' && typeof decision === 'string') {
    flow[decisionKey] = { result: { outcome: DECISION_OUTCOMES[decision] ?? `Decision: ${decision}` }, subject };
  }
  const process = { flow };
  return {
    instanceId: state.instanceId,
    status: toV1Status(state.status),
    metaData: {
      createdTime: state.context?.process?.journey?.startedAt ?? '',
      completedTime: isTerminalStatus(state.status) ? lastEnd || now().toISOString() : '',
    },
    data: flowAt === 'process' ? { process } : { context: { process } },
  };
}
