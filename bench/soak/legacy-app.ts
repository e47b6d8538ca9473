import { setTimeout as sleep } from 'node:timers/promises';
import { NO_ANSWER, nextStep } from './error-table.js';
import { TokenCache } from './token-cache.js';

/**
 * A legacy v1 app in the style of `test-fixtures/legacy-apps/fetch-service`, but one that follows the
 * specification's error table: 500 retried with exponential backoff, 503 after `Retry-After`, 400 and 409 never
 * retried, one shared token refreshed once however many journeys find it expired. What the table does not
 * cover it decides as a careful app would: a start answered 502 or 504 may have created the journey, so before
 * starting again it waits for the platform to settle and looks the start up by the `X-Request-ID` it sent, which
 * it records before sending (as it would store it with the customer's record).
 */

/** The person a journey verifies, and the outcome the journey must reach. */
export interface Customer {
  /** The app's own id of the person, sent as `context.subject.uid`. */
  readonly uid: string;
  readonly resourceId: string;
  /** Sent with the start (besides `uid`). */
  readonly prefill: Readonly<Record<string, unknown>>;
  /** Everything else the app knows of the person; each task gets the parts its schema names. */
  readonly subject: Readonly<Record<string, unknown>>;
  readonly expected: { readonly status: string; readonly decision: string };
}

/** What the platform did with a start request, as far as can be found out by its request id. */
export type StartLookup = { readonly created: string } | { readonly created: false };

export interface LegacyAppOptions {
  /** The v1 base, e.g. the shim's `…/captain/api/`. */
  readonly v1BaseUrl: string;
  readonly tokenUrl: string;
  /** The token request's form fields (grant, client and user credentials). */
  readonly tokenForm: Readonly<Record<string, string>>;
  /** Interval of state polls, ms. */
  readonly pollMs: number;
  /** How long a start whose outcome is unknown is left to settle before it is looked up, ms. */
  readonly settleMs: number;
  /** Finds out, by its request id, whether a start created a journey: the vendor's support or portal, in real life. */
  readonly lookUpStart: (requestId: string) => Promise<StartLookup>;
}

/** A journey the app finished. */
export interface Verification {
  readonly customer: Customer;
  readonly instanceId: string;
  readonly status: string;
  readonly decision: string | undefined;
  /** The subject parts sent, one per completed task. */
  readonly submitted: readonly Record<string, unknown>[];
}

/** What the app met on its way, for the soak's report. */
export interface AppCounters {
  /** Answers by status, on every v1 call (token requests apart); 0 counts calls that got no answer at all. */
  readonly answers: Map<number, number>;
  tokenRequests: number;
  /** Starts answered 502 or 504, and what the look-up found. */
  unknownStarts: number;
  foundCreated: number;
  foundNotCreated: number;
  /** Task updates answered 409: the task was no longer open (taken by an earlier attempt the app or the shim made). */
  tasksNoLongerOpen: number;
  /** 502/504 start answers whose `X-Request-ID` was not the one the app sent (the shim must name it). */
  otherRequestIds: number;
}

interface Answer {
  readonly status: number;
  readonly body: any;
  readonly requestId: string | null;
  readonly retryAfterMs: number | undefined;
}

const MAX_ATTEMPTS = 10;
const FIND_OUT_LOOKS = 3;
const BACKOFF_BASE_MS = 100;
const BACKOFF_MAX_MS = 2000;

/** Full-jitter exponential backoff before retry `attempt` (1-based). */
const backoff = (attempt: number) => Math.random() * Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));

/** A refusal or a failure the app does not retry: the journey ends as a failure of the soak. */
export class JourneyFailed extends Error {
  override name = 'JourneyFailed';
}

export function createLegacyApp(options: LegacyAppOptions) {
  const counters: AppCounters = {
    answers: new Map(),
    tokenRequests: 0,
    unknownStarts: 0,
    foundCreated: 0,
    foundNotCreated: 0,
    tasksNoLongerOpen: 0,
    otherRequestIds: 0,
  };

  const tokens = new TokenCache(async () => {
    for (let attempt = 1; ; attempt += 1) {
      counters.tokenRequests += 1;
      const response = await fetch(options.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(options.tokenForm),
      });
      const body = await response.json();
      if (response.ok) return body;
      if (nextStep(response.status, false) === 'give-up' || attempt === MAX_ATTEMPTS)
        throw new JourneyFailed(`token request: ${response.status}`);
      await sleep(backoff(attempt));
    }
  });

  /** One POST, with the token refreshed and the call sent again once if the platform refused it. */
  async function post(path: string, body: unknown, requestId?: string): Promise<Answer> {
    for (let replayed = false; ; replayed = true) {
      const token = await tokens.get();
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${options.v1BaseUrl}journey/${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            ...(requestId && { 'x-request-id': requestId }),
          },
          body: JSON.stringify(body),
        });
        text = await response.text();
      } catch {
        // No answer at all (the connection failed): as unknown an outcome as a 502.
        counters.answers.set(0, (counters.answers.get(0) ?? 0) + 1);
        return { status: NO_ANSWER, body: undefined, requestId: requestId ?? null, retryAfterMs: undefined };
      }
      counters.answers.set(response.status, (counters.answers.get(response.status) ?? 0) + 1);
      if (response.status === 401 && !replayed) {
        tokens.refused(token);
        continue;
      }
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        status: response.status,
        body: text ? JSON.parse(text) : undefined,
        requestId: response.headers.get('x-request-id'),
        retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 5) * 1000 : undefined,
      };
    }
  }

  /**
   * A call that changes nothing, or a task update, retried per the table. A task update answered 409 is not
   * retried and not a failure: the task is no longer open (its data was taken, maybe by an earlier attempt whose
   * answer was lost), and the task list says what comes next.
   */
  async function call(path: string, body: unknown, { closedBy409 = false } = {}): Promise<any> {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await post(path, body);
      if (answer.status < 300) return answer.body;
      if (answer.status === 409 && closedBy409) {
        counters.tasksNoLongerOpen += 1;
        return undefined;
      }
      const step = nextStep(answer.status, false);
      if (step === 'give-up' || step === 'refresh-token' || attempt === MAX_ATTEMPTS) {
        throw new JourneyFailed(`${path}: ${answer.status} ${answer.body?.message ?? ''}`);
      }
      await sleep(step === 'retry-after' ? (answer.retryAfterMs ?? 200) : backoff(attempt));
    }
  }

  /**
   * What became of a start of unknown outcome: looked up once it had time to settle, and twice more, as far
   * apart, before it counts as not created (a platform under load may still be handling it).
   */
  async function findOut(requestId: string): Promise<StartLookup> {
    for (let look = 1; look <= FIND_OUT_LOOKS; look += 1) {
      await sleep(options.settleMs);
      const found = await options.lookUpStart(requestId);
      if (found.created) return found;
    }
    return { created: false };
  }

  /** Starts the customer's journey exactly once, however its starts are answered. */
  async function start(customer: Customer): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      // Recorded before it is sent, so that an unknown outcome can always be looked up.
      const requestId = crypto.randomUUID();
      const answer = await post(
        'start',
        { resourceId: customer.resourceId, context: { config: { async: true }, subject: { uid: customer.uid, ...customer.prefill } } },
        requestId,
      );
      if (answer.status === 201) return answer.body.instanceId;
      const step = nextStep(answer.status, true);
      if (step === 'find-out') {
        counters.unknownStarts += 1;
        if (answer.requestId !== requestId) counters.otherRequestIds += 1;
        const found = await findOut(requestId);
        if (found.created) {
          counters.foundCreated += 1;
          return found.created;
        }
        counters.foundNotCreated += 1;
      } else if (step === 'give-up' || step === 'refresh-token' || attempt === MAX_ATTEMPTS) {
        throw new JourneyFailed(`start: ${answer.status} ${answer.body?.message ?? ''}`);
      } else {
        await sleep(step === 'retry-after' ? (answer.retryAfterMs ?? 200) : backoff(attempt));
      }
    }
  }

  /** The parts of what the app knows that a task's schema asks for. */
  function subjectFor(customer: Customer, schema: any): Record<string, unknown> {
    const wanted = Object.keys(schema?.properties?.context?.properties?.subject?.properties ?? {});
    return Object.fromEntries(wanted.flatMap((key) => (key in customer.subject ? [[key, customer.subject[key]]] : [])));
  }

  /** Runs the customer's journey to its end: start, every task as it comes, then the state until it settles. */
  async function verify(customer: Customer): Promise<Verification> {
    const instanceId = await start(customer);
    const submitted: Record<string, unknown>[] = [];
    for (;;) {
      const list = await call('task/list/schema', { instanceId });
      if (list.status !== 'InProgress') break;
      if (list.tasks.length === 0) await sleep(options.pollMs);
      for (const task of list.tasks) {
        const subject = subjectFor(customer, list.schemas[String(task.schema.$ref).split('/').pop() ?? '']);
        await call('task/update', { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } }, { closedBy409: true });
        submitted.push(subject);
      }
    }
    let state = await call('state/fetch', { instanceId });
    while (state.status === 'InProgress') {
      await sleep(options.pollMs);
      state = await call('state/fetch', { instanceId });
    }
    return { customer, instanceId, status: state.status, decision: state.data?.process?.flow?.decision?.result?.outcome, submitted };
  }

  return { verify, counters, tokens };
}
