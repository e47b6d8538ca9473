import {
  DECISIONS,
  DEFAULT_DECISION_OUTCOMES,
  type Decision,
  decisionNamed,
  FAILURE_STATUSES,
  flowOf,
  SPECIFICATION_DIALECT,
  type V1Dialect,
  type V1FlowEntry,
  type V1State,
} from '@journey-bridge/contract';
import type { NormalOutcome } from './types.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const DECISION_PREFIX = /^Decision:/;

/** The v1 status a spelling stands for: the dialect's spellings read back, then either failure spelling (register). */
function statusOf(spelled: string, dialect: V1Dialect): NormalOutcome['status'] {
  const renamed = Object.entries(dialect.statuses).find(([, spelling]) => spelling === spelled)?.[0] ?? spelled;
  const status = renamed.toLowerCase();
  if (FAILURE_STATUSES.some((failure) => failure.toLowerCase() === status)) return 'failed';
  if (status === 'completed') return 'completed';
  if (status === 'paused') return 'paused';
  return 'pending';
}

/**
 * The v2 decision a wording stands for: the dialect's own wording, then the specification's, then its leading
 * words (register: `response.decision-wording`).
 */
function decisionOfWording(wording: string, dialect: V1Dialect): Decision | undefined {
  return (
    DECISIONS.find((decision) => dialect.decision.outcomes[decision] === wording) ??
    DECISIONS.find((decision) => DEFAULT_DECISION_OUTCOMES[decision] === wording) ??
    decisionNamed(wording)
  );
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const resultOf = (entry: V1FlowEntry | undefined): Json => (isObject(entry?.result) ? entry.result : {});

/** The decision's flow entry: under the dialect's key, else the one entry whose outcome reads `Decision: …`. */
function decisionKeyOf(flow: Readonly<Record<string, V1FlowEntry>>, dialect: V1Dialect): string | undefined {
  if (text(resultOf(flow[dialect.decision.key]).outcome) !== undefined) return dialect.decision.key;
  return Object.keys(flow).find((key) => DECISION_PREFIX.test(text(resultOf(flow[key]).outcome) ?? ''));
}

/** Flags and counts only: a string in advice could carry a subject value, and a record must never. */
function adviceOf(advice: unknown): Record<string, unknown> {
  if (!isObject(advice)) return {};
  return Object.fromEntries(
    Object.entries(advice).filter(([, value]) => value === null || typeof value === 'boolean' || typeof value === 'number'),
  );
}

/**
 * The register's normal form of a v1 state, whichever side produced it: the status with `Failed` and `Error` as
 * one (`status.failure-spelling`), the decision read back from the dialect's wording (`response.decision-wording`),
 * each module's outcome, classification and advice flags and counts under its v1 flow key (`flowKeys` translates
 * v2 step nodeIds, `response.variant-id`). Instance ids, timestamps, request ids, task ids, the subject and the
 * dialect's entry members are dropped.
 *
 * @param dialect the v1 dialect both sides answer in (the journey-map entry's). @default the specification's
 * @param flowKeys v2 step nodeId → v1 flow key, for a v2 side whose adapter was not given them. @default {}
 */
export function normalise(
  state: V1State,
  dialect: V1Dialect = SPECIFICATION_DIALECT,
  flowKeys: Readonly<Record<string, string>> = {},
): NormalOutcome {
  const flow = flowOf(state);
  const decisionKey = decisionKeyOf(flow, dialect);
  const decisionWording = decisionKey === undefined ? undefined : text(resultOf(flow[decisionKey]).outcome);
  const modules: Record<string, { outcome: string | undefined; classification: string | undefined }> = {};
  const advice: Record<string, Record<string, unknown>> = {};
  for (const [key, entry] of Object.entries(flow)) {
    if (key === decisionKey) continue;
    const moduleKey = Object.hasOwn(flowKeys, key) ? (flowKeys[key] as string) : key;
    const result = resultOf(entry);
    modules[moduleKey] = { outcome: text(result.outcome), classification: text(result.classification) };
    advice[moduleKey] = adviceOf(result.advice);
  }
  return {
    status: statusOf(state.status, dialect),
    decision: decisionWording === undefined ? undefined : decisionOfWording(decisionWording, dialect),
    modules,
    advice,
    spelling: { status: state.status, decisionKey, decisionWording },
  };
}
