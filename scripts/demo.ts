/**
 * `pnpm demo`: the simulator on a free loopback port, one complete v2 journey and one complete v1 journey driven
 * through plain HTTP, every step printed. Later stages of the migration story build on this.
 */
import { fileURLToPath } from 'node:url';
import { createSimulator, loadJourneys } from '@journey-bridge/simulator';

const JOURNEYS = fileURLToPath(new URL('../test-fixtures/journeys', import.meta.url));
const POLL_MS = 25;

const simulator = createSimulator({ journeys: await loadJourneys(JOURNEYS), clock: { scale: 50 } });
const running = await simulator.listen();
const log = (line: string) => process.stdout.write(`${line}\n`);

async function call(path: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`${running.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function accessToken(): Promise<string> {
  const response = await fetch(`${running.url}/as/token.oauth2`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'demo-client',
      client_secret: 'demo-secret',
      scope: 'svc.token',
    }),
  });
  const { access_token, expires_in } = (await response.json()) as { access_token: string; expires_in: number };
  log(`  token         client credentials → Bearer token, expires in ${expires_in} s`);
  return access_token;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));
const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

async function v2Journey(token: string): Promise<void> {
  const base = '/eu/v2/captain/journey';
  log('\nv2: document + selfie journey, interactions');
  const { instanceId } = await call(
    `${base}/start`,
    { resourceId: 'd4a0f6c3doc-selfie-v2@latest', context: { config: { delivery: 'api' }, subject: {} } },
    token,
  );
  log(`  start         201 instanceId=${instanceId}`);
  const documents = [{ type: 'Primary', side1Image: Buffer.from('front').toString('base64'), side2Image: '' }];
  const biometrics = [{ selfieImage: Buffer.from('selfie').toString('base64') }];
  const data: Record<string, object> = { PrimaryDocument: { documents }, FullName: person, Selfie: { biometrics } };
  for (;;) {
    const interaction = await call(`${base}/interaction/fetch`, { instanceId }, token);
    if (interaction.processing) {
      await pause();
      continue;
    }
    if (interaction.journey.status !== 'InProgress') break;
    const elements = interaction.interaction.collects.map((entry: { ref: string }) => entry.ref);
    log(
      `  interaction   ${interaction.interaction.resource.name}: collects ${elements.join(', ')}; outstanding ${interaction.outstanding.join(', ')}`,
    );
    // One submit for the whole interaction: once the required elements are in, it closes by itself.
    const subject = Object.assign({}, ...elements.map((element: string) => data[element]));
    await call(
      `${base}/interaction/submit`,
      {
        instanceId,
        interactionId: interaction.interactionId,
        participants: elements.map((domainElementId: string) => ({ domainElementId })),
        context: { subject },
      },
      token,
    );
    log(`  submit        ${elements.join(', ')} → success`);
    log('  modules       running…');
  }
  const state = await call(`${base}/state/fetch`, { instanceId }, token);
  for (const step of state.context.process.steps) log(`  step          ${step.name}: ${step.outcome}`);
  log(`  outcome       status=${state.status} result=${state.context.result.status} decision=${state.context.result.advice.decision}`);
}

async function v1Journey(token: string): Promise<void> {
  const base = '/eu/captain/api/journey';
  log('\nv1: identity data check, tasks');
  const { instanceId } = await call(
    `${base}/start`,
    { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } },
    token,
  );
  log(`  start         201 instanceId=${instanceId} (async)`);
  const list = await call(`${base}/task/list/schema`, { instanceId }, token);
  const [task] = list.tasks;
  const schema = list.schemas[task.schema.$ref.split('/').pop()];
  log(
    `  task/list     task ${task.taskId} (${task.variantId}); schema requires ${schema.properties.context.properties.subject.properties.identity.required.join(', ')}`,
  );
  await call(`${base}/task/update`, { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: person } }, token);
  log('  task/update   intent Complete → accepted');
  let state = await call(`${base}/state/fetch`, { instanceId }, token);
  while (state.status === 'InProgress') {
    await pause();
    state = await call(`${base}/state/fetch`, { instanceId }, token);
  }
  for (const [variantId, entry] of Object.entries<{ result: { outcome: string } }>(state.data.process.flow)) {
    log(`  flow          ${variantId}: ${entry.result.outcome}`);
  }
  log(`  outcome       status=${state.status} completed ${state.metaData.completedTime}`);
}

try {
  log(`journey-sim on ${running.url} (virtual time ×50)`);
  const token = await accessToken();
  await v2Journey(token);
  await v1Journey(token);
  log('\ndemo complete');
} finally {
  await running.close();
}
