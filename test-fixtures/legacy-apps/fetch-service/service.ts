import { ENDPOINTS } from './endpoints.ts';
import { fetchWithTimeout } from './http.ts';

const BASE = process.env.JOURNEY_V1_BASE_URL as string;

export async function getToken(): Promise<string> {
  const response = await fetch(process.env.JOURNEY_TOKEN_URL as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: process.env.JOURNEY_CLIENT_ID as string,
      client_secret: process.env.JOURNEY_CLIENT_SECRET as string,
      scope: 'svc.token',
    }),
  });
  return (await response.json()).access_token;
}

function post(path: string, token: string, body: unknown) {
  return fetchWithTimeout(BASE + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function verifyCustomer(subject: object): Promise<{ instanceId: string; status: string; decision: string }> {
  const token = await getToken();
  const started = await post(ENDPOINTS.JOURNEY_START, token, {
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const instanceId = started.instanceId;
  const list = await post(ENDPOINTS.JOURNEY_TASK_LIST_SCHEMA, token, { instanceId });
  for (const task of list.tasks) {
    await post(ENDPOINTS.JOURNEY_TASK_UPDATE, token, { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
  }
  let state = await post(ENDPOINTS.JOURNEY_STATE, token, { instanceId });
  while (state.status === 'InProgress') {
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.JOURNEY_POLL_MS ?? 1000)));
    state = await post(ENDPOINTS.JOURNEY_STATE, token, { instanceId });
  }
  if (state.status === 'Failed') throw new Error(`journey ${instanceId} failed`);
  return { instanceId, status: state.status, decision: state.data.process.flow.decision.result.outcome };
}
