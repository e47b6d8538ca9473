import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// The most common Express pattern: one route starts a journey and hands its id to the browser (`res.json`), other
// routes take it back from the request body and make the v1 task and state calls. The codemod cannot tie those
// calls to the start, so the two may be one journey: they move to v2 together or stay on v1 together.
const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const START_V1 = `const cfg = require('../config');
const token = require('../token');

// POST /onboarding/start
module.exports = async function startOnboarding(req, res) {
  const t = await token();
  const r = await fetch(new URL('/eu/captain/api/journey/start', cfg.host), {
    method: 'POST',
    headers: { Authorization: \`Bearer \${t}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const started = await r.json();
  res.json({ ok: true, instanceId: started.instanceId });
};
`;
/** The start as a run that moved it alone left it. */
const START_V2 = START_V1.replace('/eu/captain/api/journey/start', '/eu/v2/captain/journey/start')
  .replace('a1d7c3f0data-check-v1@latest', 'b2e8d4a1data-check-v2@latest')
  .replace('{ async: true }', "{ delivery: 'api' }");

/** `/tmp/s16/apps/b-json`: the start, a draft route (a v1 `Save`) and a submit route, both taking `req.body.instanceId`. */
const B_JSON = {
  'package.json': '{ "name": "onboarding-api", "private": true }\n',
  'config.js': `module.exports = { host: process.env.JOURNEY_HOST, region: 'eu' };
`,
  'token.js': `const cfg = require('./config');
module.exports = async function token() {
  const r = await fetch(cfg.host + '/as/token.oauth2', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret',
  });
  return (await r.json()).access_token;
};
`,
  'routes/start.js': START_V1,
  'routes/draft.js': `const cfg = require('../config');
const token = require('../token');

async function call(t, op, body) {
  const r = await fetch(\`\${cfg.host}/\${cfg.region}/captain/api/journey/\${op}\`, {
    method: 'POST',
    headers: { Authorization: \`Bearer \${t}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return r.json();
}

// POST /onboarding/draft : saves what the user typed so far
module.exports = async function saveDraft(req, res) {
  const t = await token();
  const instanceId = req.body.instanceId;
  let list = await call(t, 'task/list', { instanceId });
  while (!list.tasks[0]) list = await call(t, 'task/list', { instanceId });
  await call(t, 'task/update', { intent: 'Save', instanceId, taskId: list.tasks[0].taskId, context: { subject: { identity: req.body.person } } });
  res.json({ saved: true });
};
`,
  'routes/submit.js': `const cfg = require('../config');
const token = require('../token');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// POST /onboarding/submit
module.exports = async function submit(req, res) {
  const t = await token();
  const { instanceId } = req.body;
  const headers = { Authorization: \`Bearer \${t}\`, 'Content-Type': 'application/json' };
  const base = cfg.host + '/eu/captain/api/journey/';
  let list;
  do {
    list = await (await fetch(base + 'task/list', { method: 'POST', headers, body: JSON.stringify({ instanceId }) })).json();
  } while (!list.tasks[0]);
  await fetch(base + 'task/update', {
    method: 'POST',
    headers,
    body: JSON.stringify({ intent: 'Complete', instanceId, taskId: list.tasks[0].taskId, context: { subject: { identity: req.body.person } } }),
  });
  let state;
  do {
    await sleep(100);
    state = await (await fetch(base + 'state/fetch', { method: 'POST', headers, body: JSON.stringify({ instanceId }) })).json();
  } while (state.status === 'InProgress');
  res.json({ status: state.status === 'Failed' ? 'failed' : 'done', decision: state.data.process.flow.decision.result.outcome === 'Decision: Pass' ? 'pass' : 'other' });
};
`,
};

/** A route polling the state of the instance the browser sends: it could move to v2 alone. */
const STATUS_ROUTE = `const cfg = require('../config');
const token = require('../token');

module.exports = async function status(req, res) {
  const t = await token();
  const r = await fetch(cfg.host + '/eu/captain/api/journey/state/fetch', {
    method: 'POST',
    headers: { Authorization: \`Bearer \${t}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId: req.body.instanceId }),
  });
  const state = await r.json();
  res.json({ done: state.status === 'Completed' });
};
`;

let repo: string;
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-handed-out-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('an instance id handed out of the code while v1 calls take one from outside', () => {
  it('keeps the start on v1 with the routes that take the id back, marked with where it leaves and one of those calls', async () => {
    await writeProject(repo, B_JSON);
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP, '--report', 'report.json'], repo);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('flows: 0 migrated whole, 1 left on v1 (marked)');
    const start = await readFile(join(repo, 'routes/start.js'), 'utf8');
    expect(start).toContain("new URL('/eu/captain/api/journey/start', cfg.host)");
    expect(start).toContain("'a1d7c3f0data-check-v1@latest'");
    expect(start).toMatch(
      /\/\/ journey-codemod: unsupported \[codemod\.unfollowed-instance\] its instance id is handed to res\.json, which the codemod does not see \(line 14 of this file\), and the v1 call at line \d+ of (draft|submit)\.js takes an instance id the codemod cannot tie to a start/,
    );
    const report = JSON.parse(await readFile(join(repo, 'report.json'), 'utf8')) as {
      flows: { decision: string; files: string[] }[];
      sites: { file: string; rule: string; status: string }[];
    };
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(report.flows[0]?.files).toEqual(
      expect.arrayContaining(['routes/start.js', 'routes/draft.js', 'routes/submit.js'].map((file) => expect.stringContaining(file))),
    );
    expect(report.sites.filter((site) => site.rule === 'codemod.unfollowed-instance').map((site) => site.file)).toEqual([
      expect.stringContaining('routes/start.js'),
    ]);
    // Everything left on v1 is marked: the gate passes.
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });

  it('fails --check for a start already on v2 whose id is handed out while those calls remain on v1, marked or not', async () => {
    await writeProject(repo, { ...B_JSON, 'routes/start.js': START_V2 });
    const finding =
      /routes\/start\.js:13 flow may be half on v2: the instance of the v2 start at line 7 of this file is handed to res\.json, which the codemod does not see, and v1 remains \(line \d+ of (draft|submit)\.js\)/;
    const unmarked = await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo);
    expect(unmarked.code).toBe(1);
    expect(unmarked.stderr).toMatch(finding);
    // A run marks the routes (the start is v2 already): the flow is still half on v2.
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP, '--force'], repo)).code).toBe(0);
    expect(await readFile(join(repo, 'routes/draft.js'), 'utf8')).toContain('journey-codemod: unsupported');
    const marked = await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo);
    expect(marked.code).toBe(1);
    expect(marked.stderr).toMatch(finding);
  });

  it('keeps on v1 a call that could move alone while the start whose id is handed out stays v1 (an unmapped journey)', async () => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': START_V1.replace('a1d7c3f0data-check-v1@latest', 'f0f0f0f0unmapped-v1@latest'),
      'routes/status.js': STATUS_ROUTE,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('flows: 0 migrated whole, 1 left on v1 (marked)');
    const status = await readFile(join(repo, 'routes/status.js'), 'utf8');
    expect(status).toContain("'/eu/captain/api/journey/state/fetch'");
    expect(status).toMatch(
      /\/\/ journey-codemod: unsupported \[codemod\.unfollowed-instance\] it takes an instance id the codemod cannot tie to a start, and the id the call at line \d+ of start\.js answers, which stays v1, is handed to res\.json/,
    );
    // Without the start in the run, the same route moves alone.
    await rm(repo, { recursive: true, force: true });
    await writeProject(repo, { 'config.js': B_JSON['config.js'], 'token.js': B_JSON['token.js'], 'routes/status.js': STATUS_ROUTE });
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP], repo)).stderr).toContain('flows: 1 migrated whole, 0 left on v1');
  });

  it('counts a start whose whole answer a library returns to no caller, beside a v1 Save that takes the id back', async () => {
    const library = `const BASE = process.env.JOURNEY_HOST + '/eu/captain/api/journey/';

async function post(path, token, body) {
  const r = await fetch(BASE + path, { method: 'POST', headers: { Authorization: \`Bearer \${token}\` }, body: JSON.stringify(body) });
  return r.json();
}

export async function startCheck(token) {
  const r = await fetch(process.env.JOURNEY_HOST + '/eu/captain/api/journey/start', {
    method: 'POST',
    headers: { Authorization: \`Bearer \${token}\` },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  return r.json();
}

export async function saveDraft(token, instanceId, person) {
  const list = await post('task/list', token, { instanceId });
  return post('task/update', token, { intent: 'Save', instanceId, taskId: list.tasks[0].taskId, context: { subject: { identity: person } } });
}
`;
    await writeProject(repo, { 'package.json': '{ "name": "kyc-lib", "type": "module" }\n', 'src/kyc.js': library });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('flows: 0 migrated whole, 1 left on v1 (marked)');
    const kyc = await readFile(join(repo, 'src/kyc.js'), 'utf8');
    expect(kyc).toContain("'/eu/captain/api/journey/start'");
    expect(kyc).toContain('[codemod.unfollowed-instance] its instance id is returned to no caller in the run');

    // The library as a run that moved its start alone left it: the gate fails.
    await rm(repo, { recursive: true, force: true });
    const halfMigrated = library
      .replace('/eu/captain/api/journey/start', '/eu/v2/captain/journey/start')
      .replace('a1d7c3f0data-check-v1@latest', 'b2e8d4a1data-check-v2@latest')
      .replace('{ async: true }', "{ delivery: 'api' }");
    await writeProject(repo, { 'package.json': '{ "name": "kyc-lib", "type": "module" }\n', 'src/kyc.js': halfMigrated });
    const check = await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(
      'flow may be half on v2: the instance of the v2 start at line 9 of this file is returned to no caller in the run',
    );
  });

  it('still migrates a start that hands its id out when no v1 call of the run takes one from outside', async () => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': START_V1,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('flows: 1 migrated whole, 0 left on v1');
    const start = await readFile(join(repo, 'routes/start.js'), 'utf8');
    expect(start).toContain("new URL('/eu/v2/captain/journey/start', cfg.host)");
    expect(start).toContain('res.json({ ok: true, instanceId: started.instanceId })');
    expect(start).not.toContain('journey-codemod:');
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });

  it.each([
    ['alone to an event bus', "bus.emit('journey:started', started.instanceId);", 'routes/start.js:14'],
    [
      'in an object the code writes to a database',
      'db.insert({ userId: req.user.id, instanceId: started.instanceId });',
      'routes/start.js:14',
    ],
  ])('lists an instance id handed %s among the flow’s boundaries, and still migrates it', async (_, handOut, place) => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': START_V1.replace(
        'res.json({ ok: true, instanceId: started.instanceId });',
        `${handOut}\n  res.json({ ok: true });`,
      ).replace("const token = require('../token');", "const token = require('../token');\nconst { bus, db } = require('@acme/infra');"),
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP, '--report', '-'], repo);
    const [flow] = (JSON.parse(run.stdout) as { flows: { decision: string; boundaries: string[] }[] }).flows;
    expect(flow?.decision).toBe('migrated');
    expect(flow?.boundaries).toEqual([place]);
  });

  // reviewF expE: a job reads v1 states for ids from the database, through a URL the codemod cannot resolve; the
  // read of `data.process.flow` is all that shows the request is v1's.
  const EXPORT_JOB = `const { rows } = require('@acme/infra');

module.exports = async function exportDecisions(token) {
  const lines = [];
  for (const row of await rows('SELECT instance_id FROM verifications')) {
    const res = await fetch(process.env.KYC_STATE_URL, {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ instanceId: row.instance_id, filterKeys: ['/.*/'] }),
    });
    const state = await res.json();
    lines.push(row.instance_id + ';' + state.data.process.flow.decision.result.outcome);
  }
  return lines;
};
`;
  const stored = (start: string) =>
    start
      .replace(
        'res.json({ ok: true, instanceId: started.instanceId });',
        'db.insert({ instanceId: started.instanceId });\n  res.json({ ok: true });',
      )
      .replace("const token = require('../token');", "const token = require('../token');\nconst { db } = require('@acme/infra');");

  it('keeps on v1 a start whose id is stored, beside a v1 state read of ids from the store through a URL it cannot resolve', async () => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': stored(START_V1),
      'jobs/export.js': EXPORT_JOB,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    const start = await readFile(join(repo, 'routes/start.js'), 'utf8');
    expect(start).toContain("new URL('/eu/captain/api/journey/start', cfg.host)");
    expect(start).toMatch(
      /\[codemod\.unfollowed-instance\] its instance id is handed to db\.insert.*the read at line \d+ of \.\.\/jobs\/export\.js/,
    );
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });

  it('fails --check for a start already on v2 whose id is stored while that read remains', async () => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': stored(START_V2),
      'jobs/export.js': EXPORT_JOB,
    });
    const check = await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(
      /routes\/start\.js:\d+ flow may be half on v2: the instance of the v2 start at line \d+ of this file is handed to db\.insert/,
    );
  });

  it('keeps it on v1 too when a helper of another module fetches that state', async () => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': stored(START_V1),
      'lib/state.js':
        "exports.fetchState = async (token, instanceId) => {\n  const res = await fetch(process.env.KYC_STATE_URL, { method: 'POST', headers: { Authorization: 'Bearer ' + token }, body: JSON.stringify({ instanceId }) });\n  return res.json();\n};\n",
      'jobs/export.js':
        "const { rows } = require('@acme/infra');\nconst { fetchState } = require('../lib/state');\n\nmodule.exports = async function exportDecisions(token) {\n  const lines = [];\n  for (const row of await rows('SELECT instance_id FROM verifications')) {\n    const state = await fetchState(token, row.instance_id);\n    lines.push(row.instance_id + ';' + state.data.process.flow.decision.result.outcome);\n  }\n  return lines;\n};\n",
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    expect(await readFile(join(repo, 'routes/start.js'), 'utf8')).toContain("new URL('/eu/captain/api/journey/start', cfg.host)");
  });

  // reviewM: the state as other code fetches it, through an axios answer's data, a .then chain, a name assigned later.
  it.each([
    [
      "an axios answer's data",
      "const axios = require('axios');\nmodule.exports = async (id) => {\n  const state = (await axios.post(process.env.KYC_STATE_URL, { instanceId: id })).data;\n  return state.data.process.flow.decision.result.outcome;\n};\n",
    ],
    [
      'a .then chain',
      "module.exports = (id) =>\n  fetch(process.env.KYC_STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId: id }) })\n    .then((res) => res.json())\n    .then((state) => state.data.process.flow.decision.result.outcome);\n",
    ],
    [
      'a name given the body later',
      "module.exports = async (id) => {\n  let state;\n  const res = await fetch(process.env.KYC_STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId: id }) });\n  state = await res.json();\n  return state.data.process.flow.decision.result.outcome;\n};\n",
    ],
    // reviewO: a const arrow helper, a destructured .then parameter, a callback handed to .then by name.
    [
      'a const arrow of the file',
      "const fetchState = async (id) => {\n  const res = await fetch(process.env.KYC_STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId: id }) });\n  return res.json();\n};\nmodule.exports = async (id) => {\n  const state = await fetchState(id);\n  return state.data.process.flow.decision.result.outcome;\n};\n",
    ],
    [
      "a .then parameter taking the answer's data apart",
      "const axios = require('axios');\nmodule.exports = (id) => axios.post(process.env.KYC_STATE_URL, { instanceId: id }).then(({ data }) => data.data.process.flow.decision.result.outcome);\n",
    ],
    [
      'a function handed to .then by name',
      "function outcome(state) {\n  return state.data.process.flow.decision.result.outcome;\n}\nmodule.exports = (id) =>\n  fetch(process.env.KYC_STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId: id }) })\n    .then((res) => res.json())\n    .then(outcome);\n",
    ],
  ])('keeps it on v1 when the state read is fetched as %s', async (_, job) => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': stored(START_V1),
      'jobs/outcome.js': job,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
  });

  it('still migrates that start beside a v1 state a local function reads from a database, in a file that posts elsewhere', async () => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': stored(START_V1),
      'jobs/archive.js':
        "const { rows } = require('@acme/infra');\n\nasync function archivedState(id) {\n  const [row] = await rows('SELECT state FROM archive WHERE id = $1', [id]);\n  return row.state;\n}\n\nmodule.exports = async function post(id) {\n  const state = await archivedState(id);\n  await fetch(process.env.SLACK_URL, { method: 'POST', body: JSON.stringify({ text: state.data.process.flow.decision.result.outcome }) });\n};\n",
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole');
  });

  it('still migrates that start beside a v1 state read from a database row, in a file that sends other requests', async () => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': stored(START_V1),
      'jobs/archive.js':
        "const { rows } = require('@acme/infra');\n\nmodule.exports = async function postArchive() {\n  for (const row of await rows('SELECT state FROM archive')) {\n    await fetch(process.env.SLACK_URL, { method: 'POST', body: JSON.stringify({ text: row.state.data.process.flow.decision.result.outcome }) });\n  }\n};\n",
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole');
  });

  it('still migrates that start when the file reading a v1 state sends no request (a test fixture of one)', async () => {
    await writeProject(repo, {
      'config.js': B_JSON['config.js'],
      'token.js': B_JSON['token.js'],
      'routes/start.js': stored(START_V1),
      'fixtures/state.js':
        "const state = { data: { process: { flow: { decision: { result: { outcome: 'Decision: Pass' } } } } } };\nexports.outcome = state.data.process.flow.decision.result.outcome;\n",
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole');
  });
});
