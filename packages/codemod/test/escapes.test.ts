import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// An instance id or a status written where the codemod cannot follow it (a member of a handler's parameter, a
// callback the caller passes) may be read there by code that calls v1 with it or compares it with 'Failed' alone.
const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const post = `async function post(url, t, body) {
  const r = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer ' + t }, body: JSON.stringify(body) });
  return r.json();
}
`;

/** A whole data check that could move alone, whose last line hands on the state's status (`end`). */
const dataCheck = (params: string, end: string) => `'use strict';
${post}
const BASE = process.env.JOURNEY_HOST + '/eu/captain/api/journey/';
async function run(t, person${params}) {
  const { instanceId } = await post(BASE + 'start', t, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  let list = await post(BASE + 'task/list', t, { instanceId });
  while (!list.tasks[0]?.taskId) list = await post(BASE + 'task/list', t, { instanceId });
  await post(BASE + 'task/update', t, { intent: 'Complete', instanceId, taskId: list.tasks[0]?.taskId, context: { subject: { identity: person } } });
  let state = await post(BASE + 'state/fetch', t, { instanceId });
  while (state.status === 'InProgress') state = await post(BASE + 'state/fetch', t, { instanceId });
  ${end}
}

module.exports = { run };
`;

/** A caller of the check, so that what `run` returns stays in the run. */
const CALLER = "const { run } = require('./kyc');\nmodule.exports = (t, p) => run(t, p).then((failed) => (failed ? 'retry' : 'ok'));\n";

/** A route that starts the journey and keeps its instance in the session; another one saves a draft on it (v1 only). */
const startRoute = (path: string, resourceId: string) => `const cfg = require('../config');

module.exports = async function startOnboarding(req, res) {
  const r = await fetch(cfg.host + '${path}', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ resourceId: '${resourceId}', context: { config: { async: true }, subject: {} } }),
  });
  const started = await r.json();
  req.session.instanceId = started.instanceId;
  res.json({ ok: true });
};
`;
const draftRoute = `const cfg = require('../config');

module.exports = async function saveDraft(req, res) {
  const instanceId = req.session.instanceId;
  const call = async (op, body) => (await fetch(cfg.host + '/eu/captain/api/journey/' + op, { method: 'POST', body: JSON.stringify(body) })).json();
  const list = await call('task/list', { instanceId });
  await call('task/update', { intent: 'Save', instanceId, taskId: list.tasks[0].taskId, context: { subject: { identity: req.body.person } } });
  res.json({ saved: true });
};
`;

let repo: string;

/** Runs the codemod on the start route, its id handed on by `line` instead of the session, beside the draft route. */
const API = "const api = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/' });";
/** An axios service of one file: a start whose id is returned, and a task list that `listed` sends, its id a parameter. */
const axiosService = (clients: string, listed: string) => `import axios from 'axios';
${clients}

export async function start(subject: object): Promise<string> {
  const started = await api.post('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });
  return started.data.instanceId;
}

export async function hasTask(instanceId: string): Promise<boolean> {
  const list = await ${listed};
  return list.data.tasks.length > 0;
}
`;

async function startSending(line: string) {
  await writeProject(repo, {
    'config.js': 'module.exports = { host: process.env.JOURNEY_HOST };\n',
    'routes/start.js': startRoute('/eu/captain/api/journey/start', 'a1d7c3f0data-check-v1@latest').replace(
      'req.session.instanceId = started.instanceId;',
      line,
    ),
    'routes/draft.js': draftRoute,
  });
  return runCli(['.', '--journey-map', JOURNEY_MAP], repo);
}

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-escapes-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('a value the codemod cannot follow', () => {
  it('keeps a start on v1 whose instance id is stored in the session, and --check fails a v2 start that stores it there', async () => {
    await writeProject(repo, {
      'config.js': 'module.exports = { host: process.env.JOURNEY_HOST };\n',
      'routes/start.js': startRoute('/eu/captain/api/journey/start', 'a1d7c3f0data-check-v1@latest'),
      'routes/draft.js': draftRoute,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    const start = await readFile(join(repo, 'routes/start.js'), 'utf8');
    expect(start).toContain("'/eu/captain/api/journey/start'");
    expect(start).toContain(
      "journey-codemod: unsupported [codemod.unfollowed-instance] the journey's id is stored in req.session.instanceId",
    );

    // What a run that moved the start alone left: its instance reaches the draft's v1 calls through the session.
    await rm(repo, { recursive: true, force: true });
    await writeProject(repo, {
      'config.js': 'module.exports = { host: process.env.JOURNEY_HOST };\n',
      'routes/start.js': startRoute('/eu/v2/captain/journey/start', 'b2e8d4a1data-check-v2@latest'),
      'routes/draft.js': draftRoute,
    });
    await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    const check = await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(
      'flow may be half on v2: the instance of the v2 start at line 4 of this file is stored in req.session.instanceId',
    );
  });

  it.each([
    ['joined into a redirect URL', "res.redirect('/draft?iid=' + started.instanceId);"],
    ['written into a header with a template', `res.setHeader('Location', \`/draft/\${started.instanceId}\`);`],
    ['encoded for a cookie', "res.cookie('iid', encodeURIComponent(started.instanceId));"],
    ['kept in the session in an array', 'req.session.ids = [started.instanceId];'],
    ['made into text by a method of its own', "res.redirect(started.instanceId.concat('/draft'));"],
    ['appended to a link with +=', "let link = '/draft?iid=';\n  link += started.instanceId;\n  res.redirect(link);"],
    ['made the key of an object', 'req.session.seen = { [started.instanceId]: true };'],
    ['stored under a computed key', 'Object.assign(pending, { [req.user.id]: started.instanceId });'],
    ['stored under a computed key beside other fields', 'cache.put({ [req.user.id]: started.instanceId, at: Date.now() });'],
    ['joined in an array', "res.redirect(['/draft', started.instanceId].join('/'));"],
    ['taken out of an array by a loop', 'for (const id of [started.instanceId]) req.session.iid = id;'],
    ['matched', "res.redirect('/draft/' + started.instanceId.match(/^[0-9a-f]+$/)[0]);"],
    [
      'to a function of its own named as an error handler',
      "const handleError = (to) => res.redirect(to);\n  handleError('/draft?iid=' + started.instanceId);",
    ],
    [
      'to a function of its own named as a log level',
      "const info = (to) => res.redirect(to);\n  info('/draft?iid=' + started.instanceId);",
    ],
    ['in a message kept in the session', "req.session.message = 'continue at /draft?iid=' + started.instanceId;"],
    ['in an error’s headers', "throw new HttpError(401, { headers: { Location: '/draft?iid=' + started.instanceId } });"],
    ['to a logger of its own', "const logger = { info: (to) => res.redirect(to) };\n  logger.info('/draft?iid=' + started.instanceId);"],
  ])('keeps a start on v1 with the draft’s calls when its instance id leaves %s', async (_name, line) => {
    const run = await startSending(line);
    expect(run.stderr).toContain('0 migrated whole');
    expect(await readFile(join(repo, 'routes/start.js'), 'utf8')).toMatch(
      /journey-codemod: unsupported \[codemod\.unfollowed-instance\] its instance id is (written into text \(a URL, a header, a cookie\)|put in an array|made into text by \.concat\(\)|made the key of an object|stored under a computed key|made into text by \.match\(\)), which the codemod does not follow/,
    );
  });

  it.each([
    ['only reaches a log line', "console.log('started ' + started.instanceId);"],
    ['is only tested', "if (!started.instanceId.startsWith('0')) res.status(202);"],
    ['is only looked for in an array', 'if (![started.instanceId].includes(req.query.iid)) res.status(202);'],
    ['only reaches a log line as JSON', "console.log(JSON.stringify({ msg: 'started ' + started.instanceId }));"],
    ['is only compared, lower-cased', 'if (started.instanceId.toLowerCase() === String(req.query.iid)) res.status(200);'],
  ])('moves a start whose instance id %s, the draft’s calls left on v1', async (_name, line) => {
    const run = await startSending(line);
    expect(run.stderr).toContain('1 migrated whole');
  });

  it.each([
    ['written in the call', "legacy.post('task/list', { instanceId })"],
    ['held in a constant', 'legacy.post(TASK_LIST, { instanceId })'],
  ])(
    'keeps a start on v1 whose id is returned when a v1 task list on a base only run time knows, its path %s, takes an id from a parameter',
    async (_, listed) => {
      await writeProject(repo, {
        'src/verify.ts': axiosService(
          `${API}\nconst legacy = axios.create({ baseURL: process.env.LEGACY_URL });\nconst TASK_LIST = 'task/list';`,
          listed,
        ),
      });
      const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
      expect(run.stderr).toContain('0 migrated whole');
      const code = await readFile(join(repo, 'src/verify.ts'), 'utf8');
      expect(code).toContain("baseURL: 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/'");
      expect(code).toMatch(/journey-codemod: unsupported \[codemod\.unfollowed-instance\] its instance id is returned/);
    },
  );

  it('reads calls through an axios base known only at run time that falls back to v1 as v1 calls: marked, and the start stays with them', async () => {
    const statusApi =
      "const statusApi = axios.create({ baseURL: process.env.JOURNEY_API_URL || 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/' });";
    await writeProject(repo, {
      'src/verify.ts': `import axios from 'axios';
const api = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/' });
${statusApi}

export async function start(subject: object): Promise<string> {
  const started = await api.post('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });
  return started.data.instanceId;
}

export async function status(instanceId: string): Promise<string> {
  const { data } = await statusApi.post('state/fetch', { instanceId });
  return data.status;
}
`,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    const code = await readFile(join(repo, 'src/verify.ts'), 'utf8');
    expect(code).toContain("baseURL: 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/' });");
    expect(code).toMatch(
      /journey-codemod: unsupported \[codemod\.unrecognized-v1-url\] its base \(process\.env\.JOURNEY_API_URL \|\| .*\) is known only at run time and falls back to the v1 base/,
    );
  });

  it('reads an axios instance called as a function (api({ url })) as a call through its base: the base never moves under it', async () => {
    await writeProject(repo, {
      'src/verify.ts': axiosService(API, "api({ method: 'post', url: 'task/list', data: { instanceId } })"),
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    const code = await readFile(join(repo, 'src/verify.ts'), 'utf8');
    // The codemod does not rewrite an instance called as a function: the flow stays v1, that call marked.
    expect(run.stderr).toContain('0 migrated whole');
    expect(code).toContain("baseURL: 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/'");
    expect(code).toMatch(/journey-codemod: unsupported \[[\w.-]+\][^\n]*\n\s*const list = await api\(/);
  });

  it("reads api.defaults.baseURL as the axios instance's base: a call joined to it moves with the base, never apart", async () => {
    await writeProject(repo, {
      'src/verify.ts': axiosService(API, 'axios.post(`$' + '{api.defaults.baseURL}task/list`, { instanceId })'),
    });
    await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    const code = await readFile(join(repo, 'src/verify.ts'), 'utf8');
    expect(code).toContain("baseURL: 'https://eu.platform.go.gbgplc.com/eu/v2/captain/journey/'");
    // `$` and `{` apart: the text is the migrated template literal, not one of this test's.
    expect(code).toContain('axios.post(`$' + '{api.defaults.baseURL}interaction/fetch`');
  });

  it('follows a status returned to a React component through .then into its state and compares it there with both spellings', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "kyc-app", "private": true }\n',
      'server/kyc.js': dataCheck('', 'return { status: state.status };'),
      'web/src/Result.jsx': `import React from 'react';
import { run } from '../../server/kyc';

export function Result({ token, person }) {
  const [status, setStatus] = React.useState(null);
  React.useEffect(() => { run(token, person).then((r) => setStatus(r.status)); }, []);
  if (status === 'Failed') return <p className="error">Verification failed</p>;
  return <p>{status}</p>;
}
`,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
    expect(await readFile(join(repo, 'web/src/Result.jsx'), 'utf8')).toContain("if (status === 'Failed' || status === 'Error') return");
  });

  it.each([
    ['passed to a callback parameter', ', cb', 'cb(null, state.status);'],
    ["stored in a Koa context's body", ', ctx', 'ctx.body = { status: state.status };'],
    ["stored in an Express response's locals", ', res', 'res.locals.status = state.status;'],
  ])('keeps the flow on v1 when its status is %s', async (_, params, end) => {
    await writeProject(repo, { 'kyc.js': dataCheck(params, end) });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const written = await readFile(join(repo, 'kyc.js'), 'utf8');
    expect(written).toContain("'a1d7c3f0data-check-v1@latest'");
    expect(written).toContain(
      `// journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and it is handed to code the codemod does not see`,
    );
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });

  it.each([
    ['String()', "return String(state.status) === 'Failed';", 'comparing String(state.status) with both would evaluate it twice'],
    ['String() as a table key', 'return { Failed: 1 }[String(state.status)] === 1;', 'this code looks it up in { Failed: 1 }'],
    ['a template literal', `return \`\${state.status}\` === 'Failed';`, `comparing \`\${state.status}\` with both would evaluate it twice`],
    ["+ ''", "return state.status + '' === 'Failed';", "comparing state.status + '' with both would evaluate it twice"],
    ['an array', "return [state.status].includes('Failed');", 'this code puts it in an array'],
    ['an array destructured', "const [s] = [state.status];\n  return s === 'Failed';", 'this code puts it in an array'],
    [
      'Object.values',
      "return Object.values({ s: state.status }).includes('Failed');",
      'this code hands an object holding it to Object.values',
    ],
  ])('keeps the flow on v1 when its status is wrapped in %s before it is compared', async (_, end, how) => {
    await writeProject(repo, { 'kyc.js': dataCheck('', end), 'caller.js': CALLER });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const written = await readFile(join(repo, 'kyc.js'), 'utf8');
    expect(written).toContain("'a1d7c3f0data-check-v1@latest'");
    expect(written).toContain(
      `// journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and ${how}`,
    );
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });

  // The status's own text is the status: what takes it whole migrates as the status would.
  it.each([
    ["String() compared with 'Completed'", "return String(state.status) === 'Completed';"],
    ['a lone template literal returned', `return \`\${state.status}\`;`],
  ])('migrates a status wrapped in %s, as it migrates the status itself', async (_, end) => {
    await writeProject(repo, { 'kyc.js': dataCheck('', end), 'caller.js': CALLER });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
    expect(await readFile(join(repo, 'kyc.js'), 'utf8')).toContain(end);
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });

  it.each([
    ['Promise.all', "const [s] = await Promise.all([run(t, p)]);\n  return s === 'Failed';", 'puts it in an array'],
    ['Promise.race', "const s = await Promise.race([run(t, p), timeout]);\n  return s === 'Failed';", 'puts it in an array'],
    [
      'Promise.allSettled',
      "const [r] = await Promise.allSettled([run(t, p)]);\n  return r.status === 'fulfilled' && r.value === 'Failed';",
      'puts it in an array',
    ],
    ['.then with a named callback', "const judge = (s) => s === 'Failed';\n  return run(t, p).then(judge);", 'hands it to judge by .then'],
  ])('keeps the flow on v1 when a returned status reaches its comparison through %s', async (_, body, how) => {
    await writeProject(repo, {
      'kyc.js': dataCheck('', 'return state.status;'),
      'caller.js': `const { run } = require('./kyc');\nconst timeout = new Promise((r) => setTimeout(() => r('InProgress'), 5000));\nmodule.exports = async function failed(t, p) {\n  ${body}\n};\n`,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    expect(await readFile(join(repo, 'kyc.js'), 'utf8')).toContain("'a1d7c3f0data-check-v1@latest'");
    expect(await readFile(join(repo, 'caller.js'), 'utf8')).toContain(
      `// journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and this code ${how}, which the codemod cannot show takes both`,
    );
  });
});
