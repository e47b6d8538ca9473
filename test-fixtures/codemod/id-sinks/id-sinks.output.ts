import type { V2State } from './journey-v2.js';
// The instance is logged, answered, listed, saved and timed: none of that reaches a v1 call, so the flow migrates.
const JOURNEY_API = `${process.env.JOURNEY_HOST}/us/v2/captain/journey/`;
const started: string[] = [];
const startedAt = new Map<string, number>();

interface Reply {
  json(body: unknown): void;
}
interface Logger {
  info(fields: object, message?: string): void;
}
interface Store {
  save(row: { instanceId: string }): Promise<void>;
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

export async function screen(token: string, subject: object, res: Reply, log: Logger, db: Store): Promise<string> {
  const { instanceId } = await call<{ instanceId: string }>('start', token, {
    resourceId: 'd4a0f6c3doc-selfie-v2@latest',
    context: { config: { delivery: 'api' }, subject },
  });
  log.info({ instanceId }, 'started');
  console.log(`started ${instanceId}`);
  res.json({ instanceId });
  started.push(instanceId);
  startedAt.set(instanceId, Date.now());
  await db.save({ instanceId });
  setTimeout(() => {}, 10, instanceId);
  const state = await call<V2State>('state/fetch', token, { instanceId });
  return state.status === 'Completed' ? 'ok' : 'no';
}
