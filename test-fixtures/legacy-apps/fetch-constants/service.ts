import { DATA_CHECK_JOURNEY, ENDPOINTS, JOURNEY_API, TOKEN_URL } from './endpoints.js';

export class JourneyError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs = 10_000): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

let accessToken: string | undefined;

async function token(): Promise<string> {
  if (accessToken) return accessToken;
  const res = await fetchWithTimeout(TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret', scope: 'svc.token' }),
  });
  const body = (await res.json()) as { access_token: string };
  accessToken = body.access_token;
  return accessToken;
}

async function post<T>(path: string, payload: unknown): Promise<T> {
  const res = await fetchWithTimeout(`${JOURNEY_API}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (!res.ok) {
    const err = (await res.json()) as any;
    throw new JourneyError(err.message, err.error, res.status);
  }
  return (await res.json()) as T;
}

export interface Person {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export async function verifyPerson(person: Person) {
  const { instanceId } = await post<{ instanceId: string }>(ENDPOINTS.JOURNEY_START, {
    resourceId: DATA_CHECK_JOURNEY,
    context: { config: { async: true }, subject: {} },
  });

  let list = await post<any>(ENDPOINTS.JOURNEY_TASK_LIST, { instanceId });
  while (list.tasks.length === 0) {
    await sleep(20);
    list = await post<any>(ENDPOINTS.JOURNEY_TASK_LIST, { instanceId });
  }
  const taskId = list.tasks[0].taskId;

  await post(ENDPOINTS.JOURNEY_TASK_UPDATE, {
    intent: 'Complete',
    instanceId,
    taskId,
    context: {
      subject: { identity: { firstName: person.firstName, lastNames: [person.lastName], dateOfBirth: person.dateOfBirth } },
    },
  });

  let state = await post<any>(ENDPOINTS.JOURNEY_STATE_FETCH, { instanceId });
  while (state.status === 'InProgress') {
    await sleep(20);
    state = await post<any>(ENDPOINTS.JOURNEY_STATE_FETCH, { instanceId });
  }
  if (state.status === 'Failed') return { status: 'failed' };
  const outcomes = Object.values(state.data.process.flow)
    .map((entry: any) => entry.result.outcome as string)
    .filter((outcome) => !outcome.startsWith('Decision'))
    .sort();
  return { status: state.status, outcomes };
}
