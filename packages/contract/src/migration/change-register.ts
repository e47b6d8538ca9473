import { ERROR_KINDS } from '../errors.js';

/**
 * What changed between v1 and v2, written down once. The adapter applies it at run time, the codemod to source
 * code, and `docs/compatibility.md` is rendered from it. Each entry has a stable id: codemod markers and adapter
 * errors cite it.
 */

/** How faithfully v2 can stand in for a v1 field or behaviour. */
export type Fidelity = 'lossless' | 'approximated' | 'lost';

export interface VersionChange {
  /** Stable id, e.g. `endpoint.task-update`. */
  readonly id: string;
  readonly area: 'endpoint' | 'request' | 'response' | 'error' | 'status' | 'behaviour' | 'auth';
  /** The v1 field, endpoint or behaviour. */
  readonly v1: string;
  /** Its v2 counterpart. */
  readonly v2: string;
  readonly fidelity: Fidelity;
  /** What journey-bridge does about it, and what is lost or approximated. */
  readonly note: string;
}

/** v1 journey paths (relative to `/captain/api/`) and the v2 path (relative to `/v2/captain/`) that replaces each. */
export const ENDPOINT_MAP = {
  'journey/start': 'journey/start',
  'journey/task/list': 'journey/interaction/fetch',
  'journey/task/list/schema': 'journey/interaction/fetch',
  'journey/task/schema': 'journey/interaction/fetch',
  'journey/task/update': 'journey/interaction/submit',
  'journey/state/fetch': 'journey/state/fetch',
} as const;
export type V1JourneyPath = keyof typeof ENDPOINT_MAP;

/** The places a v1 journey put its flow, by the dialect's `layout`: the specification's, and a live caller's. */
export const V1_RESULT_LAYOUTS = { process: 'data.process.flow', 'context.process': 'data.context.process.flow' } as const;

/** Where v1 callers read results, and where v2 keeps them. The second v1 path is the one a live caller uses. */
export const RESULT_PATHS = {
  v1: Object.values(V1_RESULT_LAYOUTS),
  v2: { steps: ['context.process.steps', 'steps'], result: ['context.result', 'result'] },
} as const;

/** The specification's wording of each v2 decision in a v1 flow; a journey's dialect may word them its own way. */
export const DEFAULT_DECISION_OUTCOMES = {
  Accept: 'Decision: Pass',
  Reject: 'Decision: Reject',
  'Manual review': 'Decision: Manual review',
} as const;

/**
 * The v2 error names a v1 error identifier stands for, e.g. `not-found-error` → `[NOT_FOUND]`. Several v2 names
 * share one v1 identifier (`bad-request-error`), so a v1 comparison maps to one v2 name only when it is alone.
 */
export function v2ErrorNamesFor(v1Identifier: string): string[] {
  return [...new Set(Object.values(ERROR_KINDS).flatMap((kind) => (kind.v1 === v1Identifier ? [kind.name] : [])))];
}

/** Reads of the v1 error body and what a v2 caller reads instead. */
export const ERROR_FIELD_MAP = {
  message: 'errors[0].problem',
  error: 'errors[0].name',
  status: 'HTTP status (errors[0].code carries the detailed code)',
} as const;

/** Both spellings a v2 failure status may carry. */
export const FAILURE_STATUSES = ['Failed', 'Error'] as const;

export const CHANGES = [
  {
    id: 'endpoint.base-path',
    area: 'endpoint',
    v1: '/captain/api/',
    v2: '/v2/captain/',
    fidelity: 'lossless',
    note: 'Same region hosts; only the base path changes.',
  },
  {
    id: 'endpoint.task-list',
    area: 'endpoint',
    v1: 'POST journey/task/list',
    v2: 'POST journey/interaction/fetch',
    fidelity: 'approximated',
    note: 'v2 has exactly one active interaction: it is listed as one task. While modules run (`processing: true`) the list is empty with status InProgress.',
  },
  {
    id: 'endpoint.task-list-schema',
    area: 'endpoint',
    v1: 'POST journey/task/list/schema',
    v2: 'POST journey/interaction/fetch',
    fidelity: 'approximated',
    note: 'The Draft-07 schema is generated from the domain elements the interaction collects (`required` from `spec`); field rules are those of journey-bridge, not of the v1 tenant.',
  },
  {
    id: 'endpoint.task-schema',
    area: 'endpoint',
    v1: 'POST journey/task/schema { taskId }',
    v2: 'POST journey/interaction/fetch { instanceId }',
    fidelity: 'approximated',
    note: 'v2 needs the instance: the adapter derives taskIds that carry the instanceId and a digest of the interactionId, so `task/schema` works from the taskId alone. A taskId of an interaction that has moved on is refused (409).',
  },
  {
    id: 'endpoint.task-update',
    area: 'endpoint',
    v1: 'POST journey/task/update',
    v2: 'POST journey/interaction/submit',
    fidelity: 'approximated',
    note: 'taskId → interactionId; participants are derived from the elements the subject carries and the interaction still needs.',
  },
  {
    id: 'request.start-delivery',
    area: 'request',
    v1: 'context.config (optional)',
    v2: 'context.config.delivery: api | page (required)',
    fidelity: 'lossless',
    note: 'Added as `api` unless configured otherwise; v2 answers 400 without it.',
  },
  {
    id: 'request.start-async',
    area: 'request',
    v1: 'context.config.async',
    v2: '(none: always asynchronous)',
    fidelity: 'approximated',
    note: 'Dropped. Without `async: true` v1 answered when the journey ended or needed input; the adapter polls v2 to the same point, bounded by a timeout.',
  },
  {
    id: 'request.start-resource-id',
    area: 'request',
    v1: 'resourceId of the v1 publication',
    v2: 'resourceId of the separately published v2 journey',
    fidelity: 'lossless',
    note: 'Mapped through a journey map. An unmapped id is an error naming it; ids are never guessed (a v1 journey cannot be converted).',
  },
  {
    id: 'request.update-intent',
    area: 'request',
    v1: 'intent: Complete | Save | Validate',
    v2: '(none)',
    fidelity: 'approximated',
    note: '`Complete` submits, refusing (400) a required element that is missing or invalid, as v1 did. `Validate` checks the data against the interaction without submitting. `Save` has no v2 counterpart (no drafts): the adapter submits the valid elements at once as a partial submit, so nothing is lost, but a `Save` that carries every required element completes the interaction where v1 kept a draft. Its task stays listed until its `Complete`, as v1 listed the draft (by every process sharing the adapter’s save store with the one that ran the `Save`). A further `Save` or the `Complete` v1 code sends after such a `Save` is answered as v1 did when the journey already holds all it carries, in any spelling (by those processes; another answers 409), and refused (409) naming the elements it adds when it adds data: the journey went on without them.',
  },
  {
    id: 'request.update-participants',
    area: 'request',
    v1: 'context.subject (everything at once)',
    v2: 'participants[] + context.subject',
    fidelity: 'lossless',
    note: 'Elements already provided are left out when the journey holds what the subject carries for them (v2 would answer 409); a required element the subject lacks is refused with 400 as v1 did. Where a tenant never shrinks `outstanding`, a 409 for an element taken before makes the adapter compare it with the journey, then send the rest one by one, optional elements first (the interaction closes once every required one is in); data the journey moved on without taking is answered 409 naming the element, never success.',
  },
  {
    id: 'request.update-correction',
    area: 'request',
    v1: 'a later Save or Complete replaces data given before (a draft, the prefill)',
    v2: 'an element, once provided, cannot change (409 on a resend)',
    fidelity: 'lost',
    note: 'v1 kept the last value a task was given; v2 keeps the first. The adapter compares what an update carries for each element the journey already holds with the journey’s subject: the same value passes and is not sent again, also in another spelling the element accepts (an SSN with or without dashes, surrounding spaces, a date’s timestamp); another value refuses the whole update with 409 conflict-error naming the element (never the values), and nothing is submitted. Data outside the six and the described elements is compared path by path, and another value the journey holds there refuses the update the same way, naming the subject path. A user’s correction after a Save, or of prefill, needs a new journey on v2.',
  },
  {
    id: 'request.update-undescribed-elements',
    area: 'request',
    v1: 'the tenant validated every element its journey collects',
    v2: 'elements beyond the specification’s six (Consent, MobilePhone, EmailAddress, …): the full list is not published',
    fidelity: 'approximated',
    note: 'Elements described to the adapter (`elements`: subject path and format of each field) are planned, validated and shown in task schemas like the six. One it has no description of: `Complete` sends it as a participant with the caller’s subject and v2 decides (its refusal becomes the v1 error); where v2 answers that it was taken before and the journey does not hold what the update carries outside the known elements, 409 says that data was not used, never success; `Validate` refuses with 400 naming it rather than answer `valid: true`; `Save` leaves it to the `Complete` unless the `Save` completes the interaction; the task schema names it in its description, without fields.',
  },
  {
    id: 'request.subject',
    area: 'request',
    v1: 'context.subject',
    v2: 'context.subject',
    fidelity: 'lossless',
    note: 'Same structure. Document sides sent as separate elements are folded into one `Primary` document.',
  },
  {
    id: 'request.prefill-validation',
    area: 'behaviour',
    v1: 'prefill validated only for page delivery',
    v2: 'prefill validated for every delivery',
    fidelity: 'approximated',
    note: 'Invalid prefill that v1 accepted for `api` delivery is refused by v2 with 400; the adapter passes that error back.',
  },
  {
    id: 'response.task-id',
    area: 'response',
    v1: 'taskId (16–64 characters)',
    v2: 'interactionId',
    fidelity: 'approximated',
    note: 'Derived deterministically: `<instanceId>.<digest of interactionId>`, so any replica can resolve it.',
  },
  {
    id: 'response.variant-id',
    area: 'response',
    v1: 'tasks[].variantId, data.process.flow.<variantId>',
    v2: 'interaction resource id, steps[].nodeId',
    fidelity: 'approximated',
    note: 'v2 has no module variants: task variantIds are the interaction resource ids, flow keys the step nodeIds, unless a variant map is configured. Not every v1 variant has a v2 step.',
  },
  {
    id: 'response.state-result',
    area: 'response',
    v1: 'data.process.flow.<variantId>.{result, subject}',
    v2: 'context.process.steps[] and context.result',
    fidelity: 'approximated',
    note: 'Each module step becomes a flow entry `{ result: { outcome, classification, status, advice }, subject }`; a decision step (`result: null`, as live tenants list it) does not; the overall result becomes a `decision` entry. `data.context.process.flow`, with `data.context.result.status` (`pending`, `complete`, `error`) beside it as the live caller read it, is available as an option for callers that read it.',
  },
  {
    id: 'response.decision-wording',
    area: 'response',
    v1: 'the decision entry: its flow key and result.outcome in the tenant’s words, e.g. "Decision: Pass 1+1"',
    v2: 'context.result: advice.decision, an outcome such as "Decision: Accept", or outcomeClassification positive | negative | neutral; else the decision step',
    fidelity: 'approximated',
    note: 'Written under the dialect’s decision key in its wording (default `decision`, "Decision: Pass", "Decision: Reject", "Decision: Manual review"). A decision that is none of v2’s three (an operator’s override such as `Refer`, which v2 classifies as neutral) is written as v2 names it, `Decision: Refer`, as v1 wrote it, never as the decision its classification leans to. Code that compares the text needs the dialect to carry the tenant’s wording: a cutover comparison counts two wordings of one decision as reasonable, not as a match.',
  },
  {
    id: 'response.state-metadata',
    area: 'response',
    v1: 'metaData.createdTime, metaData.completedTime',
    v2: 'context.process.journey.startedAt; the last step end',
    fidelity: 'approximated',
    note: 'createdTime is the journey start; completedTime is the last step end of a finished journey ("" while in progress, as v1), or the time the state was read when v2 shows no step times.',
  },
  {
    id: 'response.start',
    area: 'response',
    v1: 'synchronous start answered the v1 state',
    v2: '201 { instanceId }',
    fidelity: 'approximated',
    note: 'A synchronous v1 start is answered with the mapped state once the journey ends, needs input, or the timeout passes.',
  },
  {
    id: 'status.failure-spelling',
    area: 'status',
    v1: 'Failed',
    v2: 'Failed or Error',
    fidelity: 'lossless',
    note: 'Both v2 spellings map to v1 `Failed`; code comparing with `Failed` must also accept `Error` on v2.',
  },
  {
    id: 'error.body',
    area: 'error',
    v1: '{ status, message, error }',
    v2: '{ errors: [{ code, name, location, problem, action }] }',
    fidelity: 'approximated',
    note: 'message joins the problems; error is the v1 identifier for the status. The v2 code, location and action are lost in the v1 shape; X-Request-ID is kept.',
  },
  {
    id: 'auth.token',
    area: 'auth',
    v1: 'Bearer token from /as/token.oauth2',
    v2: 'the same',
    fidelity: 'lossless',
    note: 'Nothing changes; the client-credentials scope is configurable (specification: svc.token).',
  },
] as const satisfies readonly VersionChange[];

/** The id of an entry of the register: a misspelt id does not compile. */
export type ChangeId = (typeof CHANGES)[number]['id'];
