import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

// A client written as CommonJS (`exports.x = …`), read by a command-line script that imports it.
const CLIENT = `const BASE = process.env.JOURNEY_HOST + '/eu/captain/api/journey/';
async function post(url, token, body) {
  const r = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}
exports.start = async (token) => (await post(BASE + 'start', token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } })).instanceId;
exports.nextTask = async (token, instanceId) => {
  for (;;) {
    const list = await post(BASE + 'task/list', token, { instanceId });
    if (list.tasks[0]?.taskId) return list.tasks[0]?.taskId;
  }
};
exports.complete = (token, instanceId, taskId, identity) => post(BASE + 'task/update', token, { intent: 'Complete', instanceId, taskId, context: { subject: { identity } } });
exports.state = (token, instanceId) => post(BASE + 'state/fetch', token, { instanceId });
`;

const script = (load: string) => `${load}
const t = process.env.TOKEN;
const id = await client.start(t);
const task = await client.nextTask(t, id);
await client.complete(t, id, task, { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' });
let s = await client.state(t, id);
while (s.status === 'InProgress') s = await client.state(t, id);
console.log(JSON.stringify({ failed: s.status === 'Failed', decision: s.data.process.flow.decision.result.outcome === 'Decision: Pass' ? 'pass' : 'other' }));
`;

let repo: string;
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-cjs-reads-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('a default import of a CommonJS module', () => {
  it.each([
    ['client.cjs', 'main.mjs', "import client from './client.cjs';"],
    ['client.js', 'main.mjs', "import client from './client.js';"],
    ['client.js', 'main.mjs', "import client from './client';"],
  ])('of %s into %s is its module.exports: the reads follow its exports.x (%s)', async (clientFile, main, load) => {
    await writeProject(repo, { 'package.json': '{"name":"kyc-cli","private":true}\n', [clientFile]: CLIENT, [main]: script(load) });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
    const written = await readFile(join(repo, main), 'utf8');
    expect(written).toContain("failed: (s.status === 'Failed' || s.status === 'Error')");
    expect(written).toContain("requiredDecisionOf(s) === 'Accept'");
    expect(written).not.toContain('journey-codemod:');
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });
});

describe('a v1 state read the codemod cannot tie to a call', () => {
  it('keeps on v1 the flow whose answers leave for the file that reads it', async () => {
    // `import()` of the client: the answers of `client.state` are returned to no caller the run ties them to.
    const load = "const { default: client } = await import('./client.cjs');";
    await writeProject(repo, { 'package.json': '{"name":"kyc-cli","private":true}\n', 'client.cjs': CLIENT, 'main.mjs': script(load) });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const client = await readFile(join(repo, 'client.cjs'), 'utf8');
    expect(client).toContain("'/eu/captain/api/journey/'");
    expect(client).toContain("post(BASE + 'task/update'");
    expect(await readFile(join(repo, 'main.mjs'), 'utf8')).toContain('journey-codemod: unsupported [response.state-result]');
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });
});

describe('a v1 state read of what a v2 call answers', () => {
  it('fails --check: the flow is half on v2, though the read is marked', async () => {
    // What an earlier run left: the client on v2, the script still reading a v1 state under a marker.
    const client = CLIENT.replace('/eu/captain/api/journey/', '/eu/v2/captain/journey/');
    const marker = '// journey-codemod: unsupported [response.state-result] a read of a v1 state the codemod could not tie to a v1 call';
    const main = script("import client from './client.cjs';").replace('console.log', `${marker}\nconsole.log`);
    await writeProject(repo, { 'package.json': '{"name":"kyc-cli","private":true}\n', 'client.cjs': client, 'main.mjs': main });
    const check = await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo);
    expect(check.code).toBe(1);
    expect(check.stdout + check.stderr).toContain(
      'main.mjs:9 flow may be half on v2: what the v2 call at line 14 of client.cjs answers is read as a v1 state (s.data.process.flow)',
    );
  });

  it('names the v2 call by its path from the reading file, where a monorepo has one index per package', async () => {
    const client = CLIENT.replace('/eu/captain/api/journey/', '/eu/v2/captain/journey/');
    const main = script("import client from '../../packages/client/index.cjs';");
    await writeProject(repo, {
      'package.json': '{"name":"kyc","private":true}\n',
      'packages/client/index.cjs': client,
      'apps/cli/index.mjs': main,
    });
    const check = await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo);
    expect(check.code).toBe(1);
    expect(check.stdout + check.stderr).toContain(
      'apps/cli/index.mjs:8 flow may be half on v2: what the v2 call at line 14 of ../../packages/client/index.cjs answers is read as a v1 state (s.data.process.flow), and v1 remains (line 8 of this file)',
    );
  });
});

describe('a status comparison reached by the answers of two calls', () => {
  it('takes the v2 spelling once', async () => {
    await writeProject(repo, {
      'package.json': '{"name":"kyc","private":true}\n',
      'kyc.js': `const BASE = process.env.JOURNEY_HOST + '/eu/captain/api/journey/';
async function post(url, token, body) {
  const r = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}
async function run(t, person) {
  const { instanceId } = await post(BASE + 'start', t, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  let list = await post(BASE + 'task/list', t, { instanceId });
  while (!list.tasks[0]?.taskId) list = await post(BASE + 'task/list', t, { instanceId });
  await post(BASE + 'task/update', t, { intent: 'Complete', instanceId, taskId: list.tasks[0]?.taskId, context: { subject: { identity: person } } });
  let state = await post(BASE + 'state/fetch', t, { instanceId });
  while (state.status === 'InProgress') state = await post(BASE + 'state/fetch', t, { instanceId });
  return { status: state.status };
}
module.exports = { run };
`,
      'badge.js': `const { run } = require('./kyc');
exports.load = async function load(t, p) { const r = await run(t, p); return r.status === 'Failed' ? 'red' : 'green'; };
`,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
    expect(await readFile(join(repo, 'badge.js'), 'utf8')).toContain(
      "return (r.status === 'Failed' || r.status === 'Error') ? 'red' : 'green';",
    );
  });
});

describe('a task update body built in steps', () => {
  it('is marked for what its literal lacks, not for a field it has', async () => {
    await writeProject(repo, {
      'package.json': '{"name":"kyc","private":true}\n',
      'http.js': `const BASE = process.env.JOURNEY_HOST + '/eu/captain/api/journey/';
function post(path, token, body) {
  return fetch(BASE + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
}
module.exports = { post };
`,
      'kyc.js': `const { post } = require('./http');
exports.submitPerson = function (token, instanceId, taskId, person) {
  const body = { intent: 'Complete', instanceId: instanceId, taskId: taskId };
  body.context = {};
  body.context.subject = { identity: person };
  return post('task/update', token, body);
};
`,
    });
    await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    const written = await readFile(join(repo, 'kyc.js'), 'utf8');
    expect(written).toContain(
      'journey-codemod: unsupported [codemod.opaque-body] the task update body (body) has no context where it is declared: it is built in steps the codemod does not follow',
    );
    expect(written).not.toContain('no taskId');
  });
});
