import { mkdir, mkdtemp, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// Rewrites that read well and pass --check but would fail at run time: a name out of scope, a constant a package
// shares by its name, a route table picked from at run time. Each keeps its flow on v1, marked.
const MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const API = `const HOST = process.env.JOURNEY_HOST ?? 'http://localhost:8080';
const BASE = \`\${HOST}/eu/captain/api/journey/\`;

async function post(path, token, body) {
  const res = await fetch(BASE + path, {
    method: 'POST',
    headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

export function startCheck(token) {
  return post('start', token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
}
export function listTasks(token, instanceId) {
  return post('task/list', token, { instanceId });
}
export function complete(token, instanceId, taskId, subject) {
  return post('task/update', token, { intent: 'Complete', instanceId, taskId, context: { subject } });
}
`;

let repo: string;
beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-reach-')));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('rewrites that would reach what is not there', () => {
  it('keeps a task list assigned to an outer variable on v1: its answer is out of scope where the variable is read', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "k", "private": true, "type": "module" }\n',
      'src/api.js': API,
      'src/flow.js': `import { startCheck, listTasks, complete } from './api.js';

export async function run(token, person) {
  const { instanceId } = await startCheck(token);
  let tasks = [];
  while (!tasks.length) {
    const list = await listTasks(token, instanceId);
    tasks = list.tasks;
  }
  await complete(token, instanceId, tasks[0].taskId, { identity: person });
}
`,
    });
    const run = await runCli(['.', '--journey-map', MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const flow = await readFile(join(repo, 'src/flow.js'), 'utf8');
    expect(flow).not.toContain("from './journey-v2");
    expect(flow).toContain('tasks[0].taskId');
    expect(flow).toContain('while (!tasks.length)');
    expect(flow).toMatch(/unsupported \[endpoint\.task-list\] the task list is assigned to tasks/);
    expect(await readFile(join(repo, 'src/api.js'), 'utf8')).toContain('/eu/captain/api/journey/');
    expect((await runCli(['.', '--check'], repo)).code).toBe(0);
  });
  for (const linked of [true, false]) {
    it(`keeps a base constant on v1 that another package imports by its name${linked ? '' : ', unlinked'} for its own v1 calls`, async () => {
      await writeProject(repo, {
        '.gitignore': 'node_modules\n',
        'package.json': '{ "name": "acme", "private": true, "workspaces": ["packages/*"] }\n',
        'packages/api-client/package.json': '{ "name": "@acme/api-client", "type": "module", "exports": "./src/index.js" }\n',
        'packages/api-client/src/index.js': "export * from './journey.js';\n",
        'packages/api-client/src/journey.js': `const HOST = process.env.JOURNEY_HOST ?? 'http://localhost:8080';
export const JOURNEY_BASE = \`\${HOST}/eu/captain/api/journey/\`;

export async function startCheck(token) {
  const res = await fetch(\`\${JOURNEY_BASE}start\`, {
    method: 'POST',
    headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  return (await res.json()).instanceId;
}
`,
        'packages/server/package.json': '{ "name": "@acme/server", "type": "module" }\n',
        'packages/server/src/status.js': `import { JOURNEY_BASE } from '@acme/api-client';

export async function statusOf(token, instanceId) {
  const res = await fetch(\`\${JOURNEY_BASE}state/fetch\`, {
    method: 'POST',
    headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  const state = await res.json();
  return state.status + ' since ' + state.metaData.createdTime;
}
`,
      });
      if (linked) {
        await mkdir(join(repo, 'node_modules/@acme'), { recursive: true });
        await symlink('../../packages/api-client', join(repo, 'node_modules/@acme/api-client'));
      }
      const run = await runCli(['.', '--journey-map', MAP], repo);
      // The index, which names nothing, is the one file skipped: status.js imports by the package's name.
      expect(run.stderr).toContain('3 scanned, 1 skipped by prefilter');
      expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
      const journey = await readFile(join(repo, 'packages/api-client/src/journey.js'), 'utf8');
      expect(journey).toContain('/eu/captain/api/journey/');
      expect(journey).toContain("'a1d7c3f0data-check-v1@latest'");
      expect(journey).toContain('unsupported [codemod.shared-constant]');
      expect((await runCli(['.', '--check'], repo)).code).toBe(0);
    });
  }
  it('keeps a route table on v1 when a wrapper picks from it at run time, and its literal reads with it', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "j", "private": true, "type": "module" }\n',
      'src/routes.js': `export const JOURNEY_ROUTES = {
  start: '/eu/captain/api/journey/start',
  update: '/eu/captain/api/journey/task/update',
};
`,
      'src/client.js': `import { JOURNEY_ROUTES } from './routes.js';

async function post(url, token, body) {
  const res = await fetch(process.env.JOURNEY_HOST + url, { method: 'POST', headers: { Authorization: 'Bearer ' + token }, body: JSON.stringify(body) });
  return res.json();
}

export async function start(token) {
  const started = await post(JOURNEY_ROUTES.start, token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  return started.instanceId;
}
`,
      'src/raw.js': `import { JOURNEY_ROUTES } from './routes.js';

export async function raw(op, token, body) {
  const res = await fetch(\`\${process.env.JOURNEY_HOST}\${JOURNEY_ROUTES[op]}\`, { method: 'POST', headers: { Authorization: 'Bearer ' + token }, body: JSON.stringify(body) });
  return res.json();
}
`,
      'src/admin.js': `import { raw } from './raw.js';

export function forceComplete(token, instanceId, taskId) {
  return raw('update', token, { intent: 'Complete', instanceId, taskId, context: { subject: {} } });
}
`,
    });
    const run = await runCli(['.', '--journey-map', MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const routes = await readFile(join(repo, 'src/routes.js'), 'utf8');
    expect(routes).toContain("'/eu/captain/api/journey/start'");
    expect(routes).toContain("'/eu/captain/api/journey/task/update'");
    expect(await readFile(join(repo, 'src/raw.js'), 'utf8')).toContain(
      'unsupported [codemod.unrecognized-v1-url] a v1 path picked from a table at run time (JOURNEY_ROUTES[op])',
    );
    const client = await readFile(join(repo, 'src/client.js'), 'utf8');
    expect(client).toContain("'a1d7c3f0data-check-v1@latest'");
    expect(client).toMatch(
      /unsupported \[codemod\.shared-constant\] shares the literal at line 2 of routes\.js with the v1 code at line 5 of raw\.js/,
    );
    expect((await runCli(['.', '--check'], repo)).code).toBe(0);
  });
});
