import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';
import { SDK_TYPES } from './vendored-sdk-types.js';

// An app that starts its journey with its own fetch and hands the id to a vendored CommonJS SDK, typed by an
// `index.d.ts` beside its `index.js`. The start and the SDK's task calls are one journey: they move together or not at all.
const MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const APP = `import { completeTask, fetchState, listTasks } from '../vendor/journey-sdk/index.js';

const host = process.env.JOURNEY_HOST ?? 'http://localhost:8080';

async function start(token: string): Promise<string> {
  const res = await fetch(\`\${host}/eu/captain/api/journey/start\`, {
    method: 'POST',
    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  return instanceId;
}

export async function verify(token: string, subject: object): Promise<string> {
  const instanceId = await start(token);
  const list = await listTasks(token, instanceId);
  for (const task of list.tasks) await completeTask(token, instanceId, task.taskId, subject);
  const state = await fetchState(token, instanceId);
  return state.status;
}
`;

const SDK = `'use strict';
const BASE = (process.env.JOURNEY_HOST || 'http://localhost:8080') + '/eu/captain/api/journey/';

async function call(path, token, body) {
  const res = await fetch(BASE + path, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

exports.listTasks = function (token, instanceId) {
  return call('task/list', token, { instanceId: instanceId });
};
exports.completeTask = function (token, instanceId, taskId, subject) {
  return call('task/update', token, { intent: 'Complete', instanceId: instanceId, taskId: taskId, context: { subject: subject } });
};
exports.fetchState = function (token, instanceId) {
  return call('state/fetch', token, { instanceId: instanceId });
};
`;

let repo: string;
beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-vendored-')));
  await writeProject(repo, {
    'package.json': '{ "name": "vendored", "private": true, "type": "module" }\n',
    'src/app.ts': APP,
    'vendor/journey-sdk/package.json': '{ "name": "journey-sdk", "type": "commonjs", "main": "index.js", "types": "index.d.ts" }\n',
    'vendor/journey-sdk/index.js': SDK,
    'vendor/journey-sdk/index.d.ts': SDK_TYPES,
  });
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('a vendored SDK typed by a declaration file', () => {
  it('keeps the start on v1, marked, when the SDK it hands the id to lies outside the run', async () => {
    const run = await runCli(['src', '--journey-map', MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const app = await readFile(join(repo, 'src/app.ts'), 'utf8');
    expect(app).toContain('/eu/captain/api/journey/start');
    expect(app).not.toContain('/v2/captain/');
    expect(app).toMatch(/unsupported \[codemod\.unfollowed-instance\] the journey's id is sent to listTasks/);
    expect(await readFile(join(repo, 'vendor/journey-sdk/index.js'), 'utf8')).toBe(SDK);
    expect((await runCli(['src', '--check', '--journey-map', MAP], repo)).code).toBe(0);
  });

  it("ties the app's calls to the SDK's index.js, not its index.d.ts, so neither moves to v2 alone", async () => {
    const run = await runCli(['.', '--journey-map', MAP], repo);
    expect(run.stderr).not.toMatch(/[1-9]\d* migrated whole/);
    const app = await readFile(join(repo, 'src/app.ts'), 'utf8');
    const sdk = await readFile(join(repo, 'vendor/journey-sdk/index.js'), 'utf8');
    expect(app).toContain('/eu/captain/api/journey/start');
    expect(sdk).toContain("'/eu/captain/api/journey/'");
    expect(sdk).toContain("call('task/list'");
    for (const text of [app, sdk]) expect(text).not.toMatch(/\/v2\/captain\/|interaction\/|journey-v2/);
    expect((await runCli(['.', '--check', '--journey-map', MAP], repo)).code).toBe(0);
  });
});

// The same start handing its id to code outside the run that is not the SDK: a logger, with no journey text.
const LOGGED = APP.replace(
  "import { completeTask, fetchState, listTasks } from '../vendor/journey-sdk/index.js';",
  "import { log } from '../lib/log';",
).replace(
  /export async function verify[\s\S]*$/,
  'export async function begin(token: string): Promise<void> {\n  log(await start(token));\n}\n',
);

describe('code outside the run that the id is handed to', () => {
  it('migrates the flow whole when that code is a logger with no v1 or v2 journey text', async () => {
    await writeProject(repo, { 'src/logged.ts': LOGGED, 'lib/log.ts': 'export const log = (value: unknown) => console.log(value);\n' });
    const run = await runCli(['src/logged.ts', '--journey-map', MAP], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
    expect(await readFile(join(repo, 'src/logged.ts'), 'utf8')).toContain('/v2/captain/journey/start');
  });

  it('keeps the flow on v1 when that code, read from disk, has v1 journey text', async () => {
    await writeProject(repo, {
      'src/logged.ts': LOGGED,
      'lib/log.ts':
        "export const log = (instanceId: unknown) => fetch('/eu/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });\n",
    });
    const run = await runCli(['src/logged.ts', '--journey-map', MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    expect(await readFile(join(repo, 'src/logged.ts'), 'utf8')).toMatch(
      /unsupported \[codemod\.unfollowed-instance\] the journey's id is sent to log/,
    );
  });
});
