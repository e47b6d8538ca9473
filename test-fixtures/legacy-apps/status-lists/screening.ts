const JOURNEY_API = `${process.env.JOURNEY_HOST}/us/captain/api/journey/`;
const FAILED = 'Failed';

interface Applicant {
  identity: { firstName: string; lastNames: string[]; dateOfBirth: string; idNumbers: { idNumber: string; type: string }[] };
}

async function call<T>(path: string, token: string, body: object): Promise<T> {
  const res = await fetch(JOURNEY_API + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

function fetchState(token: string, instanceId: string): Promise<{ status: string }> {
  return call<{ status: string }>('state/fetch', token, { instanceId });
}

/** Polls until the status is one the inline list names, then judges it with a constant and an inline Set. */
export async function screen(token: string, applicant: Applicant): Promise<string> {
  const { instanceId } = await call<{ instanceId: string }>('start', token, {
    resourceId: 'e5b1a7d4fraud-screen-v1@latest',
    context: { config: { async: true }, subject: applicant },
  });
  let state = await fetchState(token, instanceId);
  while (!['Completed', 'Failed'].includes(state.status)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    state = await fetchState(token, instanceId);
  }
  if (state.status !== FAILED) return 'screened';
  return new Set(['Failed']).has(state.status) ? 'failed' : 'unknown';
}
