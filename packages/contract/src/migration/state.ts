import { isFailureStatus, isTerminalStatus, toV1Status } from '../status.js';
import type { V1FlowEntry, V1State } from '../v1.js';
import { type JourneyResult, resultOf, stepsOf, type V2State } from '../v2.js';
import { DECISIONS, type Decision, SPECIFICATION_DIALECT, type V1Dialect } from './v1-dialect.js';

/** Options of `toV1State`. */
export interface V1StateOptions {
  /** How the replaced v1 journey answered. @default the specification's dialect */
  dialect?: V1Dialect;
  /** `completedTime` of a finished journey whose steps carry no end time. @default the time of the call */
  now?: () => Date;
}

const isDecision = (value: unknown): value is Decision => DECISIONS.includes(value as Decision);

/** The overall decision of a v2 result: `advice.decision`, else an `outcome` that names one. */
export function decisionOf(result: JourneyResult | undefined): Decision | undefined {
  const advised = result?.advice.decision;
  if (isDecision(advised)) return advised;
  const outcome = typeof result?.outcome === 'string' ? result.outcome.replace(/^Decision:\s*/, '') : undefined;
  return isDecision(outcome) ? outcome : undefined;
}

/**
 * Moves a v2 state back to v1 in the replaced journey's dialect: `Error` → `Failed` (then the dialect's
 * spelling), steps → flow entries keyed by the dialect's flow keys, the overall decision → the decision entry
 * in the dialect's wording, `metaData` from the journey start and the last step end. The subject is shared, not
 * copied: mapping a state full of base64 images costs no more than mapping an empty one.
 */
export function toV1State(state: V2State, options: V1StateOptions = {}): V1State {
  const { dialect = SPECIFICATION_DIALECT, now = () => new Date() } = options;
  const subject = state.context?.subject;
  const flow: Record<string, V1FlowEntry> = {};
  let lastEnd = '';
  stepsOf(state).forEach((step, index) => {
    const key = (step.nodeId && dialect.flowKeys[step.nodeId]) ?? step.nodeId ?? step.name ?? `step-${index + 1}`;
    flow[key] = {
      ...dialect.entryFields,
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
  // A manual review may be decided while the journey still reads InProgress; a failed journey has no decision.
  const decision = isFailureStatus(state.status) || state.status === 'Paused' ? undefined : decisionOf(resultOf(state));
  if (decision) flow[dialect.decision.key] = { ...dialect.entryFields, result: { outcome: dialect.decision.outcomes[decision] }, subject };
  const v1Status = toV1Status(state.status);
  const settled = decision !== undefined || isTerminalStatus(state.status);
  const process = { flow };
  const data = dialect.omitUntilDecided && !settled ? {} : dialect.layout === 'process' ? { process } : { context: { process } };
  return {
    instanceId: state.instanceId,
    status: (dialect.statuses[v1Status] ?? v1Status) as V1State['status'],
    metaData: {
      createdTime: state.context?.process?.journey?.startedAt ?? '',
      completedTime: isTerminalStatus(state.status) ? lastEnd || now().toISOString() : '',
    },
    data,
  };
}
