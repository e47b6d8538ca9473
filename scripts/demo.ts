/**
 * `pnpm demo`: the migration story on the simulator (a free loopback port), every step printed:
 *   1. a native v2 journey;
 *   2. legacy v1 code on the v1 surface, as it runs today;
 *   3. the same v1 code on v2 through `journey-bridge serve`, only its base URL changed;
 *   4. the same v1 code on v2 through the in-process fetch interceptor, nothing changed at all;
 *   5. a legacy TypeScript service rewritten to native v2 by journey-codemod, then run on v2;
 *   6. the side-by-side cutover: twenty journeys in shadow, the report, a seeded mismatch found, a ramp, and an
 *      automatic rollback.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createV1Adapter, installV1Compat } from '@journey-bridge/adapter';
import { createJourneyClient, createV1Client, staticToken, type V1Api } from '@journey-bridge/client';
import { formatSummary, runCodemod, summarize } from '@journey-bridge/codemod';
import type { Subject } from '@journey-bridge/contract';
import {
  contextualV1Client,
  createCutover,
  describeStage,
  formatSummary as formatCutoverSummary,
  type PairRecord,
  type StageChange,
  summariseRecords,
} from '@journey-bridge/cutover';
import { ShimConfig, startShim } from '@journey-bridge/shim';
import { bundledJourneysDir, createSimulator, loadJourneys } from '@journey-bridge/simulator';

const JOURNEYS = bundledJourneysDir;
const POLL_MS = 25;

/**
 * The data check's v2 republication with one rule changed, so part 6 has a real difference to find: its identity
 * check answers "Partial Match" for the surname Babbage, which the v1 publication matches.
 */
const journeys = (await loadJourneys(JOURNEYS)).map((journey) =>
  journey.id !== 'data-check'
    ? journey
    : {
        ...journey,
        segments: journey.segments.map((segment) => ({
          ...segment,
          modules: segment.modules.map((module) =>
            module.id !== 'identity-check'
              ? module
              : {
                  ...module,
                  v2Rules: [
                    {
                      when: [{ path: 'identity.lastNames.0', equals: 'Babbage' }],
                      outcome: 'Partial Match',
                      classification: 'neutral' as const,
                      error: false,
                    },
                    ...module.rules,
                  ],
                },
          ),
        })),
      },
);
const simulator = createSimulator({ journeys, clock: { scale: 50 } });
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

/** One legacy journey through `api`, quietly: start, the task, the submit, state polls. Answers the final state. */
async function quietJourney(api: V1Api, subject: Subject, uid: string) {
  const { instanceId } = await api.startJourney({
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: { uid } },
  });
  const [task] = (await api.listTasks({ instanceId })).tasks;
  await api.updateTask({ intent: 'Complete', instanceId, taskId: task?.taskId ?? '', context: { subject } });
  let state = await api.fetchState({ instanceId });
  while (state.status === 'InProgress') {
    await pause();
    state = await api.fetchState({ instanceId });
  }
  return { instanceId, state };
}

/** Part 6: the cutover over the v1 client and the adapter, as `journey-bridge serve --cutover` runs it. */
async function sideBySide(token: string): Promise<void> {
  log('\n6. side-by-side cutover: the data check on v1 and on its v2 republication, outcomes compared');
  const records: PairRecord[] = [];
  let changed: (change: StageChange) => void = () => {};
  const cutover = createCutover({
    v1: contextualV1Client(createV1Client({ baseUrl: `${running.url}/eu/captain/api/`, auth: staticToken(token) })),
    v2: createV1Adapter({
      client: createJourneyClient({ baseUrl: `${running.url}/eu/v2/captain/`, auth: staticToken(token) }),
      journeyMap,
      dialect: { flowKeys: variantIds },
    }),
    mappings: [{ name: 'data-check', v1: 'a1d7c3f0data-check-v1', v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
    publish: (record) => records.push(record),
    shadow: { pollIntervalMs: POLL_MS, timeoutMs: 30_000 },
    rollback: { minPairs: 5, consistencyBelow: 0.9 },
    onStageChange: (change) => changed(change),
    logger: {
      warn: (message, fields) => log(`  log (warn)    ${message} ${JSON.stringify(fields)}`),
      error: (message, fields) => log(`  log (error)   ${message} ${JSON.stringify(fields)}`),
    },
  });
  try {
    const babbage = { identity: { ...person.identity, lastNames: ['Babbage'] } };
    log(`  stage         ${describeStage(await cutover.stageOf('data-check'))}: v1 answers every caller, each new journey also runs on v2`);
    await Promise.all(Array.from({ length: 20 }, (_, i) => quietJourney(cutover, i === 13 ? babbage : person, `user-${i}`)));
    await cutover.idle();
    log('  20 journeys   answered by v1; the shadows ran on v2 off the callers’ path and were compared');
    for (const line of formatCutoverSummary(summariseRecords(records)).split('\n')) log(`  report        ${line}`);
    const mismatch = records.find((record) => record.result === 'mismatch');
    // Attributed to the module whose rule changed, not only to the decision it moved.
    const found = mismatch?.differences.find((difference) => difference.module !== 'decision' && difference.module !== 'status');
    log(
      `  seeded diff   found in the one Babbage journey: module ${found?.module} ${found?.field} ${JSON.stringify(found?.v1)} on v1, ${JSON.stringify(found?.v2)} on v2`,
    );

    await cutover.setStage('data-check', { kind: 'ramp', percent: 30 });
    const sides = { v1: 0, v2: 0 };
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const { instanceId } = await quietJourney(cutover, person, `ramp-user-${i}`);
        sides[simulator.core.engine.get(instanceId)?.version === 'v2' ? 'v2' : 'v1'] += 1;
      }),
    );
    log(`  stage         ramp 30%: 20 new journeys split by uid, ${sides.v2} on v2 alone, ${sides.v1} on v1 alone`);

    await cutover.setStage('data-check', { kind: 'live', sample: 1 });
    log('  stage         live 100%: v2 answers, v1 shadows; rollback below 90% consistency over 5 pairs');
    const rolledBack = new Promise<StageChange>((resolve) => {
      changed = resolve;
    });
    let run = 0;
    while (records.filter((record) => record.stage === 'live').length < 5) {
      await quietJourney(cutover, babbage, `live-user-${run++}`);
      await cutover.idle();
    }
    const { from, to } = await rolledBack;
    log(
      `  rollback      ${describeStage(from)} → ${describeStage(to)} after ${run} journeys that disagree: new journeys start on v1 again`,
    );
  } finally {
    await cutover.close();
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
  await sideBySide(token);
  log(
    '\ndemo complete: one v1 integration ran on v1 and on v2 without a code change; another was rewritten to v2; a cutover compared both, ramped, and stepped back by itself',
  );
} finally {
  await shim.close();
  await running.close();
}
