import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitProject, SIGN_UP_CHECK } from './js-projects.js';
import { runCli } from './run-cli.js';

// Plain JavaScript projects written the way callers write them: what a run leaves on v1, marked, `--check` passes.
const ESM_APP = {
  'package.json': '{ "name": "verify-esm", "type": "module", "private": true }\n',
  'lib/paths.js': `// v1 journey endpoints, relative to the regional API root.
export const PATHS = {
  start: 'journey/start',
  tasks: 'journey/task/list',
  update: 'journey/task/update',
  state: 'journey/state/fetch',
};

export const API_ROOT = \`\${process.env.JOURNEY_HOST}/eu/captain/api/\`;
`,
  'lib/http.js': `import fetch from 'node-fetch';
import { API_ROOT } from './paths.js';

/** POST a JSON body to a path under the API root. */
export default async function postJson(path, token, body) {
  const url = new URL(path, API_ROOT);
  const res = await fetch(url, { method: 'POST', headers: { Authorization: \`Bearer \${token}\` }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(\`POST \${url.pathname} -> \${res.status}\`);
  return res.json();
}
`,
  'lib/journey.js': `import postJson from './http.js';
import { PATHS } from './paths.js';

export async function begin(token, resourceId = 'a1d7c3f0data-check-v1@latest') {
  const { instanceId } = await postJson(PATHS.start, token, { resourceId, context: { config: { async: true }, subject: {} } });
  return instanceId;
}

export async function submitApplicant(token, instanceId, applicant) {
  const { tasks } = await postJson(PATHS.tasks, token, { instanceId });
  const [task] = tasks;
  if (!task) return false;
  await postJson(PATHS.update, token, {
    intent: 'Complete',
    instanceId,
    taskId: task.taskId,
    context: { subject: applicant },
  });
  return true;
}

// Yields each state until the journey has left InProgress.
export async function* states(token, instanceId) {
  for (;;) {
    const state = await postJson(PATHS.state, token, { instanceId });
    yield state;
    if (state.status !== 'InProgress') return;
  }
}
`,
  'lib/index.js': `export * from './journey.js';
export { default as postJson } from './http.js';
`,
};

// One flow migrates with the journey map; the other stays v1 for its metaData read. Without the map, its start is
// unmapped too: the check computes another blocker for the same parts.
const MIXED = {
  'map.json': '{ "a1d7c3f0data-check-v1": "b2e8d4a1data-check-v2", "c3f9e5b2doc-selfie-v1": "d4a0f6c3doc-selfie-v2" }\n',
  'verify.js': `${SIGN_UP_CHECK}
async function limitIncreaseCheck(token, documents) {
  const started = await post(\`\${HOST}/eu/captain/api/journey/start\`, token, {
    resourceId: 'c3f9e5b2doc-selfie-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const id = started.instanceId;
  const list = await post(\`\${HOST}/eu/captain/api/journey/task/list\`, token, { instanceId: id });
  if (list.tasks.length > 0) {
    await post(\`\${HOST}/eu/captain/api/journey/task/update\`, token, {
      intent: 'Complete',
      instanceId: id,
      taskId: list.tasks[0].taskId,
      context: { subject: { documents } },
    });
  }
  const state = await post(\`\${HOST}/eu/captain/api/journey/state/fetch\`, token, { instanceId: id });
  return Date.parse(state.metaData.completedTime) - Date.parse(state.metaData.createdTime);
}

module.exports = { signUpCheck, limitIncreaseCheck };
`,
};

// v1 requests the codemod does not recognise as calls, written as browser scripts and callback clients write them:
// jQuery with the base held in a `var`, and `http.request` behind a `call(token, path, …)` wrapper.
const UNRECOGNISED_CLIENTS = {
  'public/js/kyc.js': `/* global $ */
var KYC = (function () {
  var API_ROOT = window.KYC_HOST + '/eu/captain/api/';

  function post(path, data) {
    return $.ajax({ url: API_ROOT + 'journey/' + path, type: 'POST', contentType: 'application/json', data: JSON.stringify(data) });
  }

  return {
    start: function () {
      return $.ajax({ url: API_ROOT + 'journey/start', type: 'POST', contentType: 'application/json',
        data: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }) });
    },
    submit: function (instanceId, taskId, subject) {
      return post('task/update', { intent: 'Complete', instanceId: instanceId, taskId: taskId, context: { subject: subject } });
    },
    state: function (instanceId) {
      return $.post(API_ROOT + 'journey/state/fetch', JSON.stringify({ instanceId: instanceId }));
    }
  };
})();
`,
  'lib/client.js': `var http = require('http');
var url = require('url');

var API = (process.env.JOURNEY_HOST || 'https://eu.platform.go.gbgplc.com') + '/eu/captain/api/journey/';

function call(token, path, payload, callback) {
  var target = url.parse(API + path);
  var req = http.request({ hostname: target.hostname, path: target.path, method: 'POST', headers: { Authorization: 'Bearer ' + token } }, function (res) {
    var chunks = '';
    res.on('data', function (c) { chunks += c; });
    res.on('end', function () { callback(null, JSON.parse(chunks)); });
  });
  req.end(JSON.stringify(payload));
}

exports.start = function (token, subject, cb) {
  call(token, 'start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: false }, subject: subject } }, cb);
};

exports.state = function (token, instanceId, cb) {
  call(token, 'state/fetch', { instanceId: instanceId }, cb);
};
`,
};

let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo, stdio: 'pipe' }).toString();

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-check-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('--check on a flow half on v2', () => {
  it('fails a v1 call, marked, that sends the instance a v2 start answered through an axios instance', async () => {
    await commitProject(repo, {
      'half.ts': `import axios from 'axios';

const v2 = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/v2/captain/' });
const v1 = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/' });

export async function saveDraft(subject: object, taskId: string) {
  const { data } = await v2.post('journey/start', { resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject } });
  await v1.post('journey/task/update', { intent: 'Save', instanceId: data.instanceId, taskId, context: { subject } });
  return data.instanceId as string;
}
`,
    });
    // The answer is read as axios gives it (\`data\` is the body): its instanceId ties the v1 save to the v2 start.
    expect((await runCli(['.'], repo)).stderr).toContain('1 half on v2 (marked)');
    git('commit', '-qam', 'marked');
    const check = await runCli(['.', '--check'], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/half\.ts:\d+ flow half on v2 \[request\.update-intent\]/);
  });
});

// A save left on v1 and marked, and a v2 start whose instance goes to the call written at `SEND` by each case.
const MARKED_SAVE = `const V1 = \`\${process.env.JOURNEY_HOST}/us/captain/api/journey/\`;
export async function save(token: string, instanceId: string, taskId: string) {
  // journey-codemod: unsupported [request.update-intent] intent 'Save' has no v2 counterpart
  const res = await fetch(V1 + 'task/update', { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify({ intent: 'Save', instanceId, taskId, context: { subject: {} } }) });
  return res.json();
}
`;
const V2_START = `export async function begin(token: string, res: { json(body: unknown): void }): Promise<void> {
  // ABOVE_START
  const r = await fetch(\`\${process.env.JOURNEY_HOST}/eu/v2/captain/journey/start\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: \`Bearer \${token}\` },
    body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }),
  });
  const { instanceId } = (await r.json()) as { instanceId: string };
  // ABOVE_CALL
  SEND;
}
`;
const AUDIT_REQUEST = "await fetch(process.env.AUDIT_URL as string, { method: 'POST', body: JSON.stringify({ instanceId }) })";

describe('--check on a v2 start whose instance is sent where the codemod cannot read', () => {
  const v2App = (audit: string, { imports = '', ignoreAbove = '' } = {}) =>
    `${imports}${V2_START.replace('SEND', audit)}`
      .replace('// ABOVE_START', ignoreAbove === 'start' ? '// journey-codemod-ignore' : '')
      .replace('// ABOVE_CALL', ignoreAbove === 'call' ? '// journey-codemod-ignore' : '');
  const check = async (files: Record<string, string>) => {
    await commitProject(repo, { 'src/other.ts': MARKED_SAVE, ...files });
    return runCli(['src', '--check'], repo);
  };

  it("fails res.json({ instanceId }) while a v1 call, marked, takes its instance id from outside (the save's parameter)", async () => {
    // The browser may send the id back to a route calling \`save\`: the v2 instance may reach the v1 save.
    const run = await check({ 'src/v2app.ts': v2App('res.json({ instanceId })') });
    expect(run.stderr).toMatch(
      /v2app\.ts:\d+ flow may be half on v2: the instance of the v2 start at line \d+ of this file is handed to res\.json/,
    );
    expect(run.code).toBe(1);
  });

  it('passes a request it cannot read while the only v1 is marked in a file the call does not reach', async () => {
    expect((await check({ 'src/v2app.ts': v2App(AUDIT_REQUEST) })).code).toBe(0);
  });

  it('fails while that v1 sits in a file the call reaches, until journey-codemod-ignore is above the call or the v2 start', async () => {
    const imports = "import { save } from './other';\nexport const saveDraft = save;\n";
    const half = await check({ 'src/v2app.ts': v2App(AUDIT_REQUEST, { imports }) });
    expect(half.code).toBe(1);
    expect(half.stderr).toMatch(
      /v2app\.ts:\d+ flow may be half on v2: the instance of the v2 start at line \d+ of this file is sent to fetch/,
    );
    expect((await check({ 'src/v2app.ts': v2App(AUDIT_REQUEST, { imports, ignoreAbove: 'call' }) })).code).toBe(0);
    expect((await check({ 'src/v2app.ts': v2App(AUDIT_REQUEST, { imports, ignoreAbove: 'start' }) })).code).toBe(0);
  });

  it('passes a synchronous start a run wrapped in waitUntilRun: the generated module hands the instance only to the v2 fetch beside it', async () => {
    await commitProject(repo, {
      'map.json': '{ "a1d7c3f0data-check-v1": "b2e8d4a1data-check-v2" }\n',
      'src/other.ts': MARKED_SAVE,
      'src/begin.ts': `const HOST = process.env.JOURNEY_HOST;
async function post<T>(url: string, body: unknown): Promise<T> {
  return (await (await fetch(url, { method: 'POST', body: JSON.stringify(body) })).json()) as T;
}
export async function begin(subject: object): Promise<void> {
  const { instanceId } = await post<{ instanceId: string }>(\`\${HOST}/eu/captain/api/journey/start\`, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } });
  const list = await post<{ tasks: { taskId: string }[] }>(\`\${HOST}/eu/captain/api/journey/task/list\`, { instanceId });
  for (const task of list.tasks)
    await post(\`\${HOST}/eu/captain/api/journey/task/update\`, { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
}
`,
    });
    expect((await runCli(['src', '--journey-map', 'map.json'], repo)).code).toBe(0);
    expect(await readFile(join(repo, 'src/begin.ts'), 'utf8')).toContain('waitUntilRun(post<');
    git('add', '-A');
    git('commit', '-qm', 'migrated');
    const run = await runCli(['src', '--check', '--journey-map', 'map.json'], repo);
    expect(run.stderr).not.toContain('journey-v2.ts');
    expect(run.code).toBe(0);
  });
});

describe('--check on a v2 call that takes an instance id from outside', () => {
  // Migrated by hand, or by a run over another part of the tree: its id and the v1 parts' ids come from code the
  // run does not see, so they may be one journey's.
  const V2_STATUS = `export async function status(token: string, params: { id: string }) {
  const res = await fetch(\`\${process.env.JOURNEY_HOST}/us/v2/captain/journey/state/fetch\`, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify({ instanceId: params.id }) });
  return (await res.json()).status;
}
`;
  const V1_START = `export async function begin(token: string, res: { json(body: unknown): void }) {
  // journey-codemod: unsupported [request.start-resource-id] the resourceId is not in the journey map
  const started = await fetch(\`\${process.env.JOURNEY_HOST}/us/captain/api/journey/start\`, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify({ resourceId: 'unmapped-v1@latest', context: { subject: {} } }) });
  const { instanceId } = await started.json();
  res.json({ instanceId });
}
`;

  it('fails beside a v1 call, marked, that takes one from outside too', async () => {
    await commitProject(repo, { 'src/other.ts': MARKED_SAVE, 'src/status.ts': V2_STATUS });
    const check = await runCli(['src', '--check'], repo);
    expect(check.stderr).toMatch(
      /status\.ts:2 flow may be half on v2: the v2 call at line 2 of this file may take an instance id no start of the run answered, and v1 remains \(line 4 of other\.ts\)/,
    );
    expect(check.code).toBe(1);
  });

  // The helper table's form, `waitForResult(started, fetchState)`, and the arrow the run itself writes.
  const V2_READ =
    // biome-ignore lint/suspicious/noTemplateCurlyInString: code written into a file, its template kept as text.
    "fetch(`${process.env.JOURNEY_HOST}/us/v2/captain/journey/state/fetch`, { method: 'POST', body: JSON.stringify({ instanceId }) }).then((res) => res.json() as Promise<V2State>)";
  it.each([
    ['a function of another module', 'fetchState', "import { fetchState } from './state';\n", ''],
    ['a function of its own', 'fetchState', '', `const fetchState = (instanceId: string) => ${V2_READ};\n  `],
    [
      'an arrow calling a function of another module',
      '(instanceId) => fetchState(instanceId)',
      "import { fetchState } from './state';\n",
      '',
    ],
  ])('passes a v2 wait given the start and %s, beside a v1 call that takes an outside id', async (_, given, imports, local) => {
    const run = `import { type V2State, waitForResult } from './journey-v2';
${imports}
export async function run(subject: object): Promise<string> {
  ${local}const started = fetch(\`\${process.env.JOURNEY_HOST}/us/v2/captain/journey/start\`, { method: 'POST', body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject } }) }).then((res) => res.json() as Promise<{ instanceId: string }>);
  return (await waitForResult(started, ${given})).status;
}
`;
    await commitProject(repo, {
      'src/other.ts': MARKED_SAVE,
      // Only where it is imported: an exported read nothing calls may be given any id.
      ...(imports && {
        'src/state.ts': `import type { V2State } from './journey-v2';\n\nexport function fetchState(instanceId: string): Promise<V2State> {\n  return ${V2_READ};\n}\n`,
      }),
      'src/run.ts': run,
      // The module a run generates, as a run writes it beside the code.
      'src/journey-v2.ts': readFileSync(new URL('../helpers/journey-v2.ts', import.meta.url), 'utf8'),
    });
    const check = await runCli(['src', '--check'], repo);
    expect(check.stderr).not.toContain('may be half on v2');
    expect(check.code).toBe(0);
  });

  const STATUS = `export async function readState(instanceId: string) {
  const res = await fetch(\`\${process.env.JOURNEY_HOST}/us/v2/captain/journey/state/fetch\`, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return ((await res.json()) as { status: string }).status === 'Completed';
}
export const status = (params: { id: string }) => readState(params.id);
`;
  /** A v2 start in a route handed to `router.post`, then `after`. */
  const startingRoute = (head: string, after: string) => `${head}
export const register = (router: { post(path: string, handler: () => Promise<void>): void }) =>
  router.post('/checks', async () => {
    const res = await fetch(\`\${process.env.JOURNEY_HOST}/us/v2/captain/journey/start\`, { method: 'POST', body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }) });
    const { instanceId } = (await res.json()) as { instanceId: string };
    ${after}
  });
`;
  it.each([
    [
      'a v2 start of the run reaches it, and a route gives it its parameter',
      "import { readState } from './status';",
      'await readState(instanceId);',
    ],
    [
      'a v2 start sits in a route that calls another function of the same name',
      'const readState = (size: number) => console.log(size);',
      'readState(instanceId.length);',
    ],
  ])('fails a v2 read where %s', async (_, head, after) => {
    await commitProject(repo, { 'src/other.ts': MARKED_SAVE, 'src/status.ts': STATUS, 'src/app.ts': startingRoute(head, after) });
    const check = await runCli(['src', '--check'], repo);
    expect(check.stderr).toMatch(
      /status\.ts:2 flow may be half on v2: the v2 call at line 2 of this file may take an instance id no start of the run answered/,
    );
    expect(check.code).toBe(1);
  });

  it('fails a v2 read of a route registered in the function that registers the starting route', async () => {
    const app = `export function register(app: { post(path: string, handler: (req: { params: { id: string } }) => Promise<unknown>): void }) {
  app.post('/start', async () => {
    const res = await fetch(\`\${process.env.JOURNEY_HOST}/us/v2/captain/journey/start\`, { method: 'POST', body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }) });
    return res.json();
  });
  app.post('/status/:id', async (req) => {
    const res = await fetch(\`\${process.env.JOURNEY_HOST}/us/v2/captain/journey/state/fetch\`, { method: 'POST', body: JSON.stringify({ instanceId: req.params.id }) });
    return ((await res.json()) as { status: string }).status === 'Completed';
  });
}
`;
    await commitProject(repo, { 'src/other.ts': MARKED_SAVE, 'src/app.ts': app });
    const check = await runCli(['src', '--check'], repo);
    expect(check.stderr).toMatch(/app\.ts:7 flow may be half on v2: the v2 call at line 7 of this file may take an instance id/);
    expect(check.code).toBe(1);
  });

  it('fails a v2 read that only shares its name with the function a wait is handed', async () => {
    const read = (name: string) => `async function ${name}(instanceId: string) {
  const res = await fetch(\`\${process.env.JOURNEY_HOST}/us/v2/captain/journey/state/fetch\`, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return (await res.json()) as V2State;
}
`;
    await commitProject(repo, {
      'src/other.ts': MARKED_SAVE,
      'src/journey-v2.ts': readFileSync(new URL('../helpers/journey-v2.ts', import.meta.url), 'utf8'),
      'src/start.ts': `import { type V2State, waitForResult } from './journey-v2';
${read('fetchState')}
export async function run() {
  const started = fetch(\`\${process.env.JOURNEY_HOST}/us/v2/captain/journey/start\`, { method: 'POST', body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }) }).then((res) => res.json() as Promise<{ instanceId: string }>);
  return (await waitForResult(started, fetchState)).status;
}
`,
      'src/route.ts': `import type { V2State } from './journey-v2';
${read('fetchState')}
export const route = async (params: { id: string }) => (await fetchState(params.id)).status;
`,
    });
    const check = await runCli(['src', '--check'], repo);
    expect(check.stderr).toMatch(/route\.ts:3 flow may be half on v2/);
    expect(check.stderr).not.toMatch(/start\.ts:\d+ flow may be half on v2/);
    expect(check.code).toBe(1);
  });

  it('fails beside a v1 start, marked, whose id leaves the code (a package migrated alone), and passes alone', async () => {
    await commitProject(repo, { 'src/begin.ts': V1_START, 'src/status.ts': V2_STATUS });
    const check = await runCli(['src', '--check'], repo);
    expect(check.stderr).toMatch(
      /status\.ts:2 flow may be half on v2: the v2 call at line 2 of this file .*, and v1 remains \(line 3 of begin\.ts\)/,
    );
    expect(check.code).toBe(1);
    expect((await runCli(['src/status.ts', '--check'], repo)).code).toBe(0);
  });
});

describe('--check on what a run marked', () => {
  it('passes parts another part keeps on v1 in a statement already marked for that part (a barrel, a path wrapper, a generator)', async () => {
    await commitProject(repo, ESM_APP);
    expect((await runCli(['.'], repo)).code).toBe(0);
    const journey = await readFile(join(repo, 'lib/journey.js'), 'utf8');
    // One marker above `const { tasks } = await postJson(…)`, for the call and the read of its answer alike.
    expect(journey).toMatch(/\/\/ journey-codemod: unsupported \[codemod\.shared-constant\][^\n]*\n {2}const \{ tasks \} = await/);
    git('commit', '-qam', 'marked');

    const check = await runCli(['.', '--check'], repo);
    expect(check.stderr).not.toContain('unmarked');
    expect(check.code).toBe(0);
    expect((await runCli(['.'], repo)).stderr).toContain('0 changed');
  });

  it('passes without the journey map what it passes with it, and still fails on a v1 statement with no marker', async () => {
    await commitProject(repo, MIXED);
    expect((await runCli(['.', '--journey-map', 'map.json'], repo)).code).toBe(0);
    git('add', '.');
    git('commit', '-qm', 'marked');
    const verify = await readFile(join(repo, 'verify.js'), 'utf8');
    expect(verify).toContain('journey-codemod: unsupported [response.state-metadata]');

    expect((await runCli(['.', '--check', '--journey-map', 'map.json'], repo)).code).toBe(0);
    const withoutMap = await runCli(['.', '--check'], repo);
    expect(withoutMap.stderr).not.toContain('unmarked');
    expect(withoutMap.code).toBe(0);

    // The marker above the second start taken away: that statement is v1 with no marker, whichever blocker it names.
    const unmarked = verify.replace(
      / *\/\/ journey-codemod:[^\n]*\n(?= {2}const started = await post\(`\$\{HOST\}\/eu\/captain\/api\/journey\/start`, token, \{\n {4}resourceId: 'c3f9)/,
      '',
    );
    expect(unmarked).not.toBe(verify);
    await writeFile(join(repo, 'verify.js'), unmarked);
    const check = await runCli(['.', '--check'], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/verify\.js:\d+ v1 remains, unmarked \[request\.start-resource-id\] no v2 resourceId/);
  });
});

describe('--check on v1 requests through clients the codemod does not recognise', () => {
  it('fails until each request is marked where it is written, the calls of a wrapper over such a client too', async () => {
    await commitProject(repo, UNRECOGNISED_CLIENTS);
    expect((await runCli(['.', '--check'], repo)).code).toBe(1);
    expect((await runCli(['.'], repo)).code).toBe(0);
    git('commit', '-qam', 'marked');
    const kyc = await readFile(join(repo, 'public/js/kyc.js'), 'utf8');
    const client = await readFile(join(repo, 'lib/client.js'), 'utf8');
    const marked = (text: string, statement: string) =>
      expect(text).toMatch(new RegExp(`// journey-codemod: unsupported \\[codemod\\.unrecognized-v1-url\\][^\\n]*\\n *${statement}`));
    marked(kyc, String.raw`return \$\.ajax\(\{ url: API_ROOT \+ 'journey/start'`);
    marked(kyc, String.raw`return post\('task/update'`);
    marked(kyc, String.raw`return \$\.post\(API_ROOT \+ 'journey/state/fetch'`);
    marked(client, String.raw`call\(token, 'start'`);
    marked(client, String.raw`call\(token, 'state/fetch'`);
    expect((await runCli(['.', '--check'], repo)).code).toBe(0);

    // The marker above the wrapper's task update taken away: that request is v1 with no marker.
    const unmarked = kyc.replace(/ *\/\/ journey-codemod:[^\n]*\n(?= *return post\('task\/update')/, '');
    expect(unmarked).not.toBe(kyc);
    await writeFile(join(repo, 'public/js/kyc.js'), unmarked);
    const check = await runCli(['.', '--check'], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/kyc\.js:\d+ v1 remains, unmarked \[codemod\.unrecognized-v1-url\] sends 'task\/update'/);
  });
});

describe('a run given two directories', () => {
  const SYNC_START = readFileSync(new URL('../../../test-fixtures/codemod/call-styles/got-resolve-body.input.ts', import.meta.url), 'utf8');
  // A journey the map does not name: its calls stay v1, marked, beside the migrated one.
  const UNMAPPED = `const axios = require('axios');

exports.legacyState = async (instanceId) =>
  (await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId })).data.status;
`;

  it('writes the helper module into their parent, and --check with the same directories passes: the module is read there', async () => {
    await commitProject(repo, {
      'map.json': '{ "c3f9e5b2doc-selfie-v1": "d4a0f6c3doc-selfie-v2" }\n',
      'src/check.ts': SYNC_START,
      'lib/check.ts': SYNC_START,
      'lib/legacy.js': UNMAPPED,
    });
    expect((await runCli(['src', 'lib', '--journey-map', 'map.json'], repo)).code).toBe(0);
    expect(await readFile(join(repo, 'src/check.ts'), 'utf8')).toMatch(/from '\.\.\/journey-v2\.js'/);
    const check = await runCli(['src', 'lib', '--journey-map', 'map.json', '--check'], repo);
    expect(check.stdout).toBe('');
    expect(check.code).toBe(0);
  });
});
