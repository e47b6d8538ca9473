import { decidedV1Status, isFailureStatus, isTerminalStatus } from '../status.js';
import type { V1FlowEntry, V1State } from '../v1.js';
import { isDecisionStep, type JourneyResult, resultOf, type Step, stepsOf, type V2State } from '../v2.js';
import { DECISIONS, type Decision, SPECIFICATION_DIALECT, type V1Dialect } from './v1-dialect.js';

/** Options of `toV1State`. */
export interface V1StateOptions {
  /** How the replaced v1 journey answered. @default the specification's dialect */
  dialect?: V1Dialect;
  /** `completedTime` of a finished journey whose steps carry no end time. @default the time of the call */
  now?: () => Date;
}

const isDecision = (value: unknown): value is Decision => DECISIONS.includes(value as Decision);

/** The decision an `outcomeClassification` stands for, as the vendor's sample reads it. */
const CLASSIFIED: Readonly<Record<string, Decision>> = { positive: 'Accept', negative: 'Reject', neutral: 'Manual review' };

/** A decision's name in an `advice.decision` or an outcome (`Decision: Refer`, `Accept`); `undefined` when it names none. */
function nameIn(worded: unknown): string | undefined {
  if (typeof worded !== 'string') return undefined;
  const name = worded.replace(/^Decision:\s*/, '').trim();
  return name === '' ? undefined : name;
}

/**
 * The decision an outcome names, else the one a classification stands for. An outcome that names another decision
 * (an operator's `Refer`, a tenant's `Pass 2+2`) is that decision: its classification only says how it leans.
 */
function namedDecision(outcome: string | undefined, classification: string | undefined): string | undefined {
  return nameIn(outcome) ?? (classification === undefined ? undefined : CLASSIFIED[classification.toLowerCase()]);
}

/**
 * The overall decision of a v2 result by name: `advice.decision`, else the one its `outcome` names, else its
 * `outcomeClassification`; without any of them, the decision step among `steps` (live tenants put it there). The
 * name is one of v2's three (`DECISIONS`) or a decision of the tenant's or an operator's own, such as an override
 * to `Refer` in the portal, which is never read as one of the three.
 */
export function decisionOf(result: JourneyResult | undefined, steps: readonly Step[] = []): string | undefined {
  const fromResult = nameIn(result?.advice.decision) ?? namedDecision(result?.outcome, result?.outcomeClassification);
  if (fromResult) return fromResult;
  const step = steps.findLast(isDecisionStep);
  return step && namedDecision(step.outcome, step.outcomeClassification);
}

/**
 * The decision entry's outcome: one of v2's three in the dialect's wording; any other decision as v2 names it,
 * worded as v1 wrote an operator's own decision (`Decision: Refer`), so a caller that knows only its tenant's
 * outcomes meets one it does not know rather than one it does.
 */
const outcomeOf = (decision: string, dialect: V1Dialect): string =>
  isDecision(decision) ? dialect.decision.outcomes[decision] : `Decision: ${decision}`;

/**
 * `data.context.result.status` in the live caller's layout: v2's own `result.status` (`pending`, `complete`,
 * `error`, `timeout`), else what the journey's state says of it.
 */
function resultStatusOf(state: V2State, decision: string | undefined): string {
  const given = resultOf(state)?.status;
  if (given) return given;
  if (isFailureStatus(state.status)) return 'error';
  return decision !== undefined && isTerminalStatus(state.status) ? 'complete' : 'pending';
}

/**
 * Moves a v2 state back to v1 in the replaced journey's dialect: `Error` → `Failed` (the v1 enumeration: the
 * dialect's `statuses` spell it on the wire, see `spelledStatus`), steps → flow entries keyed by the dialect's flow keys, the overall decision → the decision entry
 * in the dialect's wording (and, in the live caller's `data.context` layout, `result.status` beside the flow),
 * `metaData` from the journey start and the last step end. The subject is shared, not
 * copied: mapping a state full of base64 images costs no more than mapping an empty one.
 */
export function toV1State(state: V2State, options: V1StateOptions = {}): V1State {
  const { dialect = SPECIFICATION_DIALECT, now = () => new Date() } = options;
  const subject = state.context?.subject;
  // Keys come from upstream node ids: a step named `__proto__` must be an entry, not the object's prototype.
  const flow: Record<string, V1FlowEntry> = Object.create(null);
  let lastEnd = '';
  const steps = stepsOf(state);
  steps.forEach((step, index) => {
    const ended = step.process?.step?.endedAt;
    if (ended && ended > lastEnd) lastEnd = ended;
    // The decision node is not a module: v1 has the decision once, under the dialect's key and in its wording.
    if (isDecisionStep(step)) return;
    const mapped = step.nodeId !== undefined && Object.hasOwn(dialect.flowKeys, step.nodeId) ? dialect.flowKeys[step.nodeId] : undefined;
    const key = mapped ?? step.nodeId ?? step.name ?? `step-${index + 1}`;
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
  });
  // A manual review may be decided while the journey still reads InProgress; a failed journey has no decision.
  const decision = isFailureStatus(state.status) || state.status === 'Paused' ? undefined : decisionOf(resultOf(state), steps);
  if (decision) flow[dialect.decision.key] = { ...dialect.entryFields, result: { outcome: outcomeOf(decision, dialect) }, subject };
  const status = decidedV1Status(state.status, resultOf(state)?.status);
  const settled = decision !== undefined || isTerminalStatus(status);
  const process = { flow };
  const data =
    dialect.omitUntilDecided && !settled
      ? {}
      : dialect.layout === 'process'
        ? { process }
        : { context: { process, result: { status: resultStatusOf(state, decision) } } };
  return {
    instanceId: state.instanceId,
    status,
    metaData: {
      createdTime: state.context?.process?.journey?.startedAt ?? '',
      completedTime: isTerminalStatus(status) ? lastEnd || now().toISOString() : '',
    },
    data,
  };
}
