import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// Requests to a v1 URL the codemod does not recognise as an operation (`new URL('start', V1_BASE)` over a base read
// from the environment with a v1 fallback): what they answer is v1, so the calls using the instance id they answer
// stay v1 with them, and no path joined to such a base moves to v2 alone (rt17-codemod2 F1: url-mixed, urlbuild).
const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

/** `/tmp/rt17-codemod2/apps/url-mixed`: the start through `new URL('start', V1_BASE)`, the task and state calls in plain templates. */
const URL_MIXED = `const HOST = process.env.JOURNEY_HOST || 'http://127.0.0.1:21717';
const V1_BASE = process.env.JOURNEY_V1_BASE ?? 'http://127.0.0.1:21717/eu/captain/api/journey/';

async function token() {
  const r = await fetch(\`\${HOST}/as/token.oauth2\`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret', scope: 'svc.token' }) });
  return (await r.json()).access_token;
}
const send = async (t, url, body) => (await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + t, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();

async function verify(subject) {
  const t = await token();
  const started = await send(t, new URL('start', V1_BASE), { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  const list = await send(t, \`\${HOST}/eu/captain/api/journey/task/list\`, { instanceId: started.instanceId });
  await send(t, \`\${HOST}/eu/captain/api/journey/task/update\`, { intent: 'Complete', instanceId: started.instanceId, taskId: list.tasks[0].taskId, context: { subject } });
  let state;
  do {
    await new Promise((r) => setTimeout(r, 200));
    state = await send(t, \`\${HOST}/eu/captain/api/journey/state/fetch\`, { instanceId: started.instanceId });
  } while (state.status === 'InProgress');
  if (state.status === 'Failed') throw new Error('failed');
  return { instanceId: started.instanceId, status: state.status, decision: state.data.process.flow.decision.result.outcome };
}
module.exports = { verify };
`;

/** `/tmp/rt17-codemod2/apps/urlbuild`: `new URL('journey/task/list', V1_BASE).href`, V1_BASE from the environment or v1. */
const URLBUILD = `const path = require('node:path');
const HOST = process.env.JOURNEY_HOST || 'http://127.0.0.1:21717';
const V1_BASE = process.env.JOURNEY_V1_BASE || HOST + '/eu/captain/api/';

async function token() {
  const r = await fetch(\`\${HOST}/as/token.oauth2\`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret', scope: 'svc.token' }) });
  return (await r.json()).access_token;
}
const send = async (t, url, body) => (await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + t, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();

async function verify(subject) {
  const t = await token();
  const started = await send(t, new URL('journey/start', V1_BASE), { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  const list = await send(t, new URL('journey/task/list', V1_BASE).href, { instanceId: started.instanceId });
  const upd = HOST +
    '/eu/captain/api' +
    '/journey/task/update';
  await send(t, upd, { intent: 'Complete', instanceId: started.instanceId, taskId: list.tasks[0].taskId, context: { subject } });
  const stateUrl = HOST + path.posix.join('/eu/captain/api/journey', 'state', 'fetch');
  let state;
  do {
    await new Promise((r) => setTimeout(r, 200));
    state = await send(t, stateUrl, { instanceId: started.instanceId });
  } while (state.status === 'InProgress');
  return { instanceId: started.instanceId, status: state.status, decision: state.data.process.flow.decision.result.outcome };
}
module.exports = { verify };
`;

/** `/tmp/rt17-codemod2/apps/url-mixed2`, the control: a recognised start, the state fetch through `new URL('state/fetch', V1_BASE)`. */
const URL_MIXED2 = `const HOST = process.env.JOURNEY_HOST || 'http://127.0.0.1:21717';
// journey-codemod: unsupported [codemod.unrecognized-v1-url] v1 URL text outside a call the codemod recognises: "/eu/captain/api/journey/" → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
const V1_BASE = \`\${HOST}/eu/captain/api/journey/\`;

async function token() {
  const r = await fetch(\`\${HOST}/as/token.oauth2\`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret', scope: 'svc.token' }) });
  return (await r.json()).access_token;
}
const send = async (t, url, body) => (await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + t, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();

async function verify(subject) {
  const t = await token();
  const started = await send(t, \`\${HOST}/eu/captain/api/journey/start\`, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  const list = await send(t, \`\${HOST}/eu/captain/api/journey/task/list\`, { instanceId: started.instanceId });
  await send(t, \`\${HOST}/eu/captain/api/journey/task/update\`, { intent: 'Complete', instanceId: started.instanceId, taskId: list.tasks[0].taskId, context: { subject } });
  let state;
  do {
    await new Promise((r) => setTimeout(r, 200));
    state = await send(t, new URL('state/fetch', V1_BASE), { instanceId: started.instanceId });
  } while (state.status === 'InProgress');
  if (state.status === 'Failed') throw new Error('failed');
  // journey-codemod: unsupported [response.state-result] a read of a v1 state (state.data.process.flow) the codemod could not tie to a v1 call → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
  return { instanceId: started.instanceId, status: state.status, decision: state.data.process.flow.decision.result.outcome };
}
module.exports = { verify };
`;

const project = (client: string) => ({ 'package.json': '{ "name": "url-app", "private": true }\n', 'client.js': client });

let repo: string;
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-unrecognized-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('an instance id answered by a request to an unrecognised v1 URL', () => {
  it('keeps the calls that use it on v1, marked with the call it came from, and --check passes the marked tree', async () => {
    await writeProject(repo, project(URL_MIXED));
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toContain('flows: 0 migrated whole, 1 left on v1 (marked)');
    const client = await readFile(join(repo, 'client.js'), 'utf8');
    expect(client).not.toContain('/eu/v2/captain');
    expect(client).not.toContain('interaction/');
    const lines = client.split('\n');
    const start = lines.findIndex((line) => line.startsWith('  const started')) + 1;
    expect(lines[start - 2]).toContain("[codemod.unrecognized-v1-url] sends a request to a v1 URL (new URL('start', V1_BASE))");
    for (const op of ['task/list', 'task/update', 'state/fetch']) {
      const at = lines.findIndex((line) => !line.includes('journey-codemod') && line.includes(`/eu/captain/api/journey/${op}`));
      expect(lines[at - 1]).toContain(`belongs to the journey flow of the v1 call at line ${start} of this file, which stays v1`);
    }
    const check = await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo);
    expect(check.code).toBe(0);
  });

  it('--check fails the tree a run that moved the task calls alone left', async () => {
    const half = URL_MIXED.replace('/eu/captain/api/journey/task/list', '/eu/v2/captain/journey/interaction/fetch').replace(
      "/eu/captain/api/journey/task/update`, { intent: 'Complete', instanceId: started.instanceId, taskId: list.tasks[0].taskId,",
      '/eu/v2/captain/journey/interaction/submit`, { instanceId: started.instanceId, interactionId: list.interactions[0].id,',
    );
    expect(half).toContain('interaction/submit');
    await writeProject(repo, project(half));
    const check = await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo);
    expect(check.code).toBe(1);
    // The start is what a run marks; the gate fails on the flow itself, marked or not.
    expect(check.stderr).toMatch(/client\.js:\d+ flow half on v2 \[codemod\.unrecognized-v1-url\]/);
    await runCli(['.', '--journey-map', JOURNEY_MAP, '--force'], repo);
    const marked = await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo);
    expect(marked.code).toBe(1);
    expect(marked.stderr).not.toContain('v1 remains, unmarked');
    expect(marked.stderr).toMatch(/client\.js:\d+ flow half on v2 \[codemod\.unrecognized-v1-url\]/);
  });

  it('leaves the control alone: a recognised start whose state fetch is unrecognised stays v1 whole', async () => {
    await writeProject(repo, project(URL_MIXED2));
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toContain('flows: 0 migrated whole, 1 left on v1 (marked)');
    const client = await readFile(join(repo, 'client.js'), 'utf8');
    expect(client).not.toContain('/eu/v2/captain');
    expect(client).toContain('[codemod.unfollowed-instance] belongs to the journey flow of the v1 call at line 15 of this file');
    expect(client).not.toContain('sends a request to a v1 URL');
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo)).code).toBe(0);
  });
});

describe('a path joined to a run-time base that falls back to v1', () => {
  it('is not rewritten to a v2 operation: it stays v1, marked, with its flow', async () => {
    await writeProject(repo, project(URLBUILD));
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toContain('flows: 0 migrated whole, 1 left on v1 (marked)');
    const client = await readFile(join(repo, 'client.js'), 'utf8');
    expect(client).toContain("new URL('journey/task/list', V1_BASE).href");
    expect(client).not.toContain('interaction/');
    expect(client).not.toContain('/eu/v2/captain');
    expect(client).toContain(
      "[codemod.unrecognized-v1-url] its base (process.env.JOURNEY_V1_BASE || HOST + '/eu/captain/api/') is known only at run time and falls back to the v1 base",
    );
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo)).code).toBe(0);
  });
});

describe('a marker whose advice names journey-codemod-ignore', () => {
  // reviewK p5: the marker on another API's look-alike call advises the opt-out comment; read back as one, it
  // unblocked the start it kept on v1, so --check failed the run's own output and a second run moved the start.
  it('is no opt-out: --check passes the run it wrote, and a second run changes nothing', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "crm-and-kyc", "private": true }\n',
      'crm.js':
        "const axios = require('axios');\nconst crm = axios.create({ baseURL: 'https://crm.example.com/api/' });\nexports.customerTasks = function (instanceId) { return crm.post('journey/task/list', { instanceId }); };\n",
      'start.js':
        "const axios = require('axios');\nexports.begin = async function (req, res) {\n  const r = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: {}, config: { async: true } } });\n  res.json({ instanceId: r.data.instanceId });\n};\n",
    });
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
    const crm = await readFile(join(repo, 'crm.js'), 'utf8');
    expect(crm).toContain('journey-codemod-ignore');
    const start = await readFile(join(repo, 'start.js'), 'utf8');
    expect(start).toContain('[codemod.unfollowed-instance]');
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo)).code).toBe(0);
    await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(await readFile(join(repo, 'start.js'), 'utf8')).toBe(start);
    expect(await readFile(join(repo, 'crm.js'), 'utf8')).toBe(crm);
  });
});

describe('a v1 base the calls of another file may go through', () => {
  const selfie = `import axios from 'axios';
export async function selfie(subject) {
  const started = (await axios.post('journey/start', { resourceId: 'c3f9e5b2doc-selfie-v1@latest', context: { subject: {}, config: { async: true } } })).data;
  const list = (await axios.post('journey/task/list', { instanceId: started.instanceId })).data;
  return list.tasks[0].taskId;
}
`;
  // reviewM D1, D3: the bootstrap gives the defaults the base through a constant, or by a computed key.
  it.each([
    [
      'through a constant',
      "const axios = require('axios');\nconst JOURNEY_BASE = 'https://eu.platform.go.gbgplc.com/captain/api/';\naxios.defaults.baseURL = JOURNEY_BASE;\n",
    ],
    [
      'by a computed key',
      "const axios = require('axios');\naxios.defaults['baseURL'] = 'https://eu.platform.go.gbgplc.com/captain/api/';\n",
    ],
    // reviewP: a setting with its v1 fallback on the next line, as Prettier writes it.
    [
      'as a setting with a v1 fallback on the next line',
      "const axios = require('axios');\naxios.defaults.baseURL = process.env.JOURNEY_API_URL\n  ? process.env.JOURNEY_API_URL\n  : 'https://eu.platform.go.gbgplc.com/captain/api/';\n",
    ],
  ])("given to axios's defaults %s keeps them on v1", async (_, bootstrap) => {
    await writeProject(repo, {
      'package.json': '{ "name": "selfie-bff", "private": true }\n',
      'bootstrap.js': bootstrap,
      'selfie.mjs': selfie,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    expect(await readFile(join(repo, 'selfie.mjs'), 'utf8')).not.toContain('interaction/');
  });

  // reviewO b_defaults: defaults given another API's setting; a page link in that file names no base of these calls.
  it("leaves them free when the file's defaults take a setting alone and its v1 URL is only named", async () => {
    const bootstrap =
      "const axios = require('axios');\naxios.defaults.baseURL = process.env.ORDERS_API_URL;\nexports.LINKS = { journeyApi: 'https://eu.platform.go.gbgplc.com/captain/api/' };\n";
    const service = `class Service {\n  constructor(base) {\n    this.base = base;\n  }\n  async first(instanceId) {\n    const res = await fetch(\`\${this.base}journey/task/list\`, { method: 'POST', body: JSON.stringify({ instanceId }) });\n    const list = await res.json();\n    return list.tasks[0]?.taskId;\n  }\n}\nmodule.exports = { Service };\n`;
    await writeProject(repo, { 'package.json': '{ "name": "bff", "private": true }\n', 'bootstrap.js': bootstrap, 'service.js': service });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole');
  });

  // reviewN cfg: a config provider's getter, in a file the service imports (NestJS injects it by its class); reviewO
  // b_barrel: the same class re-exported by `config/index.ts`.
  const CONFIG =
    "export class JourneyConfig {\n  get baseUrl(): string {\n    return (process.env.JOURNEY_HOST ?? 'https://eu.platform.go.gbgplc.com') + '/captain/api/';\n  }\n}\n";
  it.each([
    ['directly', { 'config.ts': CONFIG }],
    ['through a barrel', { 'config/index.ts': "export * from './journey';\n", 'config/journey.ts': CONFIG }],
  ])("in a config class's getter the service imports %s keeps the service's run-time-base calls on v1", async (_, config) => {
    await writeProject(repo, {
      'package.json': '{ "name": "kyc-service", "private": true }\n',
      ...config,
      'service.ts': `import { JourneyConfig } from './config';
export class JourneyService {
  constructor(private readonly config: JourneyConfig) {}
  async tasks(instanceId: string): Promise<string | undefined> {
    const res = await fetch(\`\${this.config.baseUrl}journey/task/list\`, { method: 'POST', body: JSON.stringify({ instanceId }) });
    const list = (await res.json()) as { tasks: { taskId: string }[] };
    return list.tasks[0]?.taskId;
  }
}
`,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    expect(await readFile(join(repo, 'service.ts'), 'utf8')).not.toContain('interaction/');
  });
});

describe("a v1 base given to axios's defaults in a bootstrap file", () => {
  // reviewK p1: the calls through the default axios elsewhere moved to v2 paths and bodies under a run-time base
  // review marker, while the bootstrap's literal, marked, stayed v1: v2 paths went to the v1 base.
  it('keeps the calls of another file that go through a run-time base on v1 with it', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "selfie-bff", "private": true }\n',
      'bootstrap.js':
        "const axios = require('axios');\naxios.defaults.baseURL = 'https://eu.platform.go.gbgplc.com/captain/api/';\nmodule.exports = axios;\n",
      'selfie.mjs': `import axios from 'axios';
export async function selfie(subject) {
  const started = (await axios.post('journey/start', { resourceId: 'c3f9e5b2doc-selfie-v1@latest', context: { subject: {}, config: { async: true } } })).data;
  const list = (await axios.post('journey/task/list', { instanceId: started.instanceId })).data;
  await axios.post('journey/task/update', { intent: 'Complete', instanceId: started.instanceId, taskId: list.tasks[0].taskId, context: { subject } });
  return started.instanceId;
}
`,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const selfie = await readFile(join(repo, 'selfie.mjs'), 'utf8');
    expect(selfie).not.toContain('interaction/');
    expect(selfie).toContain('shares its run-time base (axios) with the v1 code at line 3 of bootstrap.js');
  });
});

describe('a v1 base given to a client factory of the project', () => {
  // reviewK iso2: `module.exports = createJourneyApi({ baseUrl: '…/captain/api/' })` joins the base to operations
  // at run time; a widget's state fetch on an id from outside moved to v2 alone, while the journeys it reads are
  // started through the factory's client, on v1.
  it('counts as requests taking ids from outside: a v1 call taking one stays on v1 with it', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "kyc-bff", "private": true }\n',
      'journey.js': `const axios = require('axios');
function createJourneyApi({ baseUrl }) {
  function post(path, body) { return axios.post(baseUrl + 'journey/' + path, body).then((r) => r.data); }
  return { start: (resourceId, subject) => post('start', { resourceId, context: { subject } }) };
}
module.exports = createJourneyApi({ baseUrl: 'https://eu.platform.go.gbgplc.com/captain/api/' });
`,
      'public/widget.js': `async function done(instanceId, token) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
    method: 'POST',
    headers: { Authorization: 'Bearer ' + token },
    body: JSON.stringify({ instanceId }),
  });
  const state = await res.json();
  return state.status === 'Completed';
}
window.done = done;
`,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const widget = await readFile(join(repo, 'public/widget.js'), 'utf8');
    expect(widget).toContain('/captain/api/journey/state/fetch');
    expect(widget).toContain('[codemod.unfollowed-instance] it may take an instance id no start of the run answered');
  });
  const WIDGET = `async function done(instanceId, token) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', headers: { Authorization: 'Bearer ' + token }, body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  return state.status === 'Completed';
}
window.done = done;
`;
  const FACTORY =
    "const axios = require('axios');\nfunction createJourneyApi({ baseUrl }) {\n  return { start: (resourceId) => axios.post(baseUrl + 'journey/start', { resourceId }).then((r) => r.data) };\n}\n";

  // reviewM F1, F3, F4: the base held in an options object, behind a run-time fallback, or only named to a library.
  it.each([
    [
      'held in an options object',
      `${FACTORY}const options = { baseUrl: 'https://eu.platform.go.gbgplc.com/captain/api/', timeout: 5000 };\nmodule.exports = createJourneyApi(options);\n`,
      'v1',
    ],
    [
      'as the fallback of a setting',
      `${FACTORY}module.exports = createJourneyApi({ baseUrl: process.env.JOURNEY_BASE || 'https://eu.platform.go.gbgplc.com/captain/api/' });\n`,
      'v1',
    ],
    // reviewO: a package's factory, and an options const spread into the object passed.
    [
      "given to a package's factory",
      "const { createJourneyClient } = require('@acme/journey-sdk');\nmodule.exports = createJourneyClient({ baseUrl: 'https://eu.platform.go.gbgplc.com/captain/api/' });\n",
      'v1',
    ],
    [
      'held in a const spread into the options',
      `${FACTORY}const defaults = { baseUrl: 'https://eu.platform.go.gbgplc.com/captain/api/' };\nmodule.exports = createJourneyApi({ ...defaults, timeout: 5000 });\n`,
      'v1',
    ],
    // reviewP: named in a response's text, or to a view.
    [
      "only named in a response's JSON text",
      "exports.status = (req, res) => res.end(JSON.stringify({ journeyApi: 'https://eu.platform.go.gbgplc.com/captain/api/journey/' }));\n",
      'migrated',
    ],
    [
      'only named to a view',
      "exports.status = async (request, reply) => reply.view('status', { journeyApi: 'https://eu.platform.go.gbgplc.com/captain/api/journey/' });\n",
      'migrated',
    ],
    [
      "only named to a library's call (a page's link)",
      "exports.status = (req, res) => res.render('status', { journeyApi: 'https://eu.platform.go.gbgplc.com/captain/api/journey/' });\n",
      'migrated',
    ],
  ])("%s: the widget's call stays v1 with the base, or migrates where the base is only named", async (_, journey, decision) => {
    await writeProject(repo, {
      'package.json': '{ "name": "kyc-bff", "private": true }\n',
      'journey.js': journey,
      'public/widget.js': WIDGET,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain(decision === 'v1' ? '0 migrated whole, 1 left on v1' : '1 migrated whole');
  });
});
