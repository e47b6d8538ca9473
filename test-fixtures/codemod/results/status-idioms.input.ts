const STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';
const FAILED = 'Failed';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchState(instanceId: string): Promise<{ status: string }> {
  const res = await fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return res.json();
}

// Statuses listed inline, and a constant compared with ===/!==: each takes 'Error' beside 'Failed'.
export async function waitAndJudge(instanceId: string): Promise<string> {
  let state = await fetchState(instanceId);
  while (!['Completed', 'Failed'].includes(state.status)) {
    await sleep(200);
    state = await fetchState(instanceId);
  }
  if (new Set(['Failed']).has(state.status)) return 'failed';
  return state.status !== FAILED ? 'done' : 'failed';
}
