// The instance is logged, answered, listed, saved and timed: none of that reaches a v1 call, so the flow migrates.
const JOURNEY_API = `${process.env.JOURNEY_HOST}/us/captain/api/journey/`;
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
    resourceId: 'c3f9e5b2doc-selfie-v1@latest',
    context: { config: { async: true }, subject },
  });
  log.info({ instanceId }, 'started');
  console.log(`started ${instanceId}`);
  res.json({ instanceId });
  started.push(instanceId);
  startedAt.set(instanceId, Date.now());
  await db.save({ instanceId });
  setTimeout(() => {}, 10, instanceId);
  const state = await call<{ status: string }>('state/fetch', token, { instanceId });
  return state.status === 'Completed' ? 'ok' : 'no';
}
