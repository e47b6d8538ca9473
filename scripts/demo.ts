/**
 * `pnpm demo`: the migration story on the simulator (a free loopback port), every step printed:
 *   1. a native v2 journey;
 *   2. legacy v1 code on the v1 surface, as it runs today;
 *   3. the same v1 code on v2 through `journey-bridge serve`, only its base URL changed;
 *   4. the same v1 code on v2 through the in-process fetch interceptor, nothing changed at all;
 *   5. a legacy TypeScript service rewritten to native v2 by journey-codemod, then run on v2.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { installV1Compat } from '@journey-bridge/adapter';
import { formatSummary, runCodemod, summarize } from '@journey-bridge/codemod';
import { ShimConfig, startShim } from '@journey-bridge/shim';
import { createSimulator, loadJourneys } from '@journey-bridge/simulator';

const JOURNEYS = fileURLToPath(new URL('../test-fixtures/journeys', import.meta.url));
const POLL_MS = 25;

const simulator = createSimulator({ journeys: await loadJourneys(JOURNEYS), clock: { scale: 50 } });
const running = await simulator.listen();
const log = (line: string) => process.stdout.write(`${line}\n`);

async function call(path: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(path.startsWith('http') ? path : `${running.url}${path}`, {
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
  log('\n1. native v2: document + selfie journey, interactions');
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

/** The legacy v1 integration: unchanged code, whatever serves `base`. */
async function v1Journey(token: string, base: string, heading: string): Promise<string> {
  log(`\n${heading}`);
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
  return instanceId;
}

const ranOn = (instanceId: string) => `  ran on        ${simulator.core.engine.get(instanceId)?.version} journey instance ${instanceId}`;

/** A copy of a legacy service, rewritten by the codemod, run against the simulator's v2 surface. */
async function rewriteAndRun(): Promise<void> {
  log('\n5. one-shot rewrite: journey-codemod over a copy of test-fixtures/legacy-apps/fetch-constants');
  const dir = await mkdtemp(join(tmpdir(), 'journey-demo-'));
  try {
    await cp(fileURLToPath(new URL('../test-fixtures/legacy-apps/fetch-constants', import.meta.url)), dir, { recursive: true });
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n'); // as in the repository it came from
    const result = await runCodemod({ paths: [dir], journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
    for (const line of formatSummary(summarize(result), true).split('\n')) log(`  codemod       ${line}`);
    const before = simulator.core.journal.count({ path: '*/captain/api/*' });
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(dir, 'main.ts')], {
      env: { ...process.env, JOURNEY_HOST: running.url },
    });
    log(`  rewritten app ${stdout.trim()}`);
    log(`  v1 requests   ${simulator.core.journal.count({ path: '*/captain/api/*' }) - before} (all its calls went to /v2/captain/)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const journeyMap = { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' };
const variantIds = { 'identity-check': 'kyc-eu-v3', 'age-check': 'age-eu-v1' };
const v1Base = `${running.url}/eu/captain/api/journey`;
const shim = await startShim(
  ShimConfig.parse({ upstream: `${running.url}/eu/v2/captain/`, journeyMap, variantIds, port: 0, logLevel: 'silent' }),
);
try {
  log(`journey-sim on ${running.url} (virtual time ×50); journey-bridge serve on ${shim.url}`);
  const token = await accessToken();
  await v2Journey(token);
  log(ranOn(await v1Journey(token, v1Base, '2. legacy v1 code on the v1 surface (today)')));
  log(
    ranOn(
      await v1Journey(token, `${shim.url}/captain/api/journey`, '3. the same v1 code, base URL → journey-bridge serve (drop-in by URL)'),
    ),
  );
  const uninstall = installV1Compat({ upstream: `${running.url}/eu/v2/captain/`, journeyMap, dialect: { flowKeys: variantIds } });
  try {
    log(ranOn(await v1Journey(token, v1Base, '4. the same v1 code, unchanged, with installV1Compat() at start-up (in-process)')));
  } finally {
    uninstall();
  }
  await rewriteAndRun();
  log('\ndemo complete: one v1 integration ran on v1 and on v2 without a code change; another was rewritten to v2');
} finally {
  await shim.close();
  await running.close();
}
