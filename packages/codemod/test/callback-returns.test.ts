import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// What a callback returns into a call the codemod does not follow (a retry helper's `withRetry(() => …)`, p-retry's
// `pRetry(() => …)`) reaches that helper's caller unseen, as a value handed to the helper would: an instance id, a
// status or a decision in it has left the code the codemod follows.
const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const RETRY = `export async function withRetry(fn, retries = 3) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= retries) throw error;
    }
  }
}
`;

/**
 * A v1 API module whose start alone is retried, each call with its own URL (a shared one would keep them all on v1
 * together); the other calls take the instance id as a parameter.
 */
const API = `import { withRetry } from './retry.mjs';

const HOST = process.env.JOURNEY_HOST;
const headers = (token) => ({ Authorization: 'Bearer ' + token });

export function start(token) {
  return withRetry(() => fetch(\`\${HOST}/eu/captain/api/journey/start\`, { method: 'POST', headers: headers(token), body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }) }).then((res) => res.json()));
}

export function listTasks(token, instanceId) {
  return fetch(\`\${HOST}/eu/captain/api/journey/task/list\`, { method: 'POST', headers: headers(token), body: JSON.stringify({ instanceId }) }).then((res) => res.json());
}

export function complete(token, instanceId, taskId, subject) {
  return fetch(\`\${HOST}/eu/captain/api/journey/task/update\`, {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({ intent: 'Complete', instanceId, taskId, context: { subject } }),
  }).then((res) => res.json());
}
`;

/** The app over it: one journey, its instance id handed from the start to the other calls. */
const MAIN = `import { complete, listTasks, start } from './api.mjs';

export async function run(token, subject) {
  const { instanceId } = await start(token);
  const list = await listTasks(token, instanceId);
  for (const task of list.tasks) await complete(token, instanceId, task.taskId, subject);
}
`;

/** A v1 API module in CommonJS: an object of functions, each taking the instance id it acts on. */
const CJS_API = `const BASE = process.env.JOURNEY_HOST + '/eu/captain/api/journey/';
const call = (token, op, body) =>
  fetch(BASE + op, { method: 'POST', headers: { Authorization: 'Bearer ' + token }, body: JSON.stringify(body) }).then((res) => res.json());
module.exports = {
  start: (token, resourceId) => call(token, 'start', { resourceId, context: { config: { async: true }, subject: {} } }),
  listTasks: (token, instanceId) => call(token, 'task/list', { instanceId }),
  complete: (token, instanceId, taskId, subject) => call(token, 'task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }),
  fetchState: (token, instanceId) => call(token, 'state/fetch', { instanceId }),
};
`;

let repo: string;
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-callback-returns-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

const migrate = async () => {
  const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
  const check = await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo);
  return { stderr: run.stderr, checked: check.code };
};

describe('an answer a callback returns into a call the codemod does not follow', () => {
  it('keeps a start retried that way on v1 with the calls its instance id may come back to', async () => {
    await writeProject(repo, {
      'retry.mjs': RETRY,
      'main.mjs': MAIN,
      'api.mjs': API,
    });
    const { stderr, checked } = await migrate();
    expect(stderr).toContain('0 migrated whole');
    const written = await readFile(join(repo, 'api.mjs'), 'utf8');
    // The update, whose instance id the codemod cannot tie to a start, stays v1 beside it: never half a journey.
    expect(written).toContain('/eu/captain/api/journey/task/update');
    expect(written).not.toContain('interaction/submit');
    expect(written).toMatch(/journey-codemod: unsupported \[response\.start\] the answer is returned into withRetry/);
    expect(checked).toBe(0);
  });

  it('keeps on v1 a flow whose decision is returned that way, for code that reads it in v1’s words', async () => {
    await writeProject(repo, {
      'retry.mjs': RETRY,
      'journey.mjs': `const HOST = process.env.JOURNEY_HOST + '/eu/captain/api/journey/';
const post = (token, path, body) =>
  fetch(HOST + path, { method: 'POST', headers: { Authorization: 'Bearer ' + token }, body: JSON.stringify(body) }).then((res) => res.json());

export async function check(token, subject) {
  const { instanceId } = await post(token, 'start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  const list = await post(token, 'task/list', { instanceId });
  await post(token, 'task/update', { intent: 'Complete', instanceId, taskId: list.tasks[0].taskId, context: { subject } });
  return instanceId;
}

export async function outcome(token, instanceId) {
  const state = await post(token, 'state/fetch', { instanceId });
  return { status: state.status, decision: state.data.process.flow.decision?.result.outcome };
}
`,
      'main.mjs': `import { check, outcome } from './journey.mjs';
import { withRetry } from './retry.mjs';

const VERDICTS = { 'Decision: Pass': 'approve', 'Decision: Reject': 'decline' };

export async function verdict(token, subject) {
  const instanceId = await check(token, subject);
  const { decision = 'none' } = await withRetry(() => outcome(token, instanceId));
  return VERDICTS[decision] ?? 'refer';
}
`,
    });
    const { stderr, checked } = await migrate();
    expect(stderr).toContain('0 migrated whole');
    const main = await readFile(join(repo, 'main.mjs'), 'utf8');
    expect(main).toMatch(/journey-codemod: unsupported \[response\.state-result\] v2 keeps the overall decision in context\.result/);
    expect(await readFile(join(repo, 'journey.mjs'), 'utf8')).not.toContain('/v2/');
    expect(checked).toBe(0);
  });
});

describe('a v1 state read by destructuring that the codemod cannot tie to a call', () => {
  const project = (read: string) => ({
    'api.js': CJS_API,
    // The state reaches the caller through a callback, which the codemod does not follow.
    'poll.js': `const api = require('./api');
function pollState(token, instanceId, done) {
  api.fetchState(token, instanceId).then((state) => (state.status === 'InProgress' ? setTimeout(() => pollState(token, instanceId, done), 50) : done(null, state)), done);
}
module.exports = { pollState };
`,
    'verdict.js': `function outcomeOf(state) {
  ${read}
  return outcome;
}
module.exports = { outcomeOf };
`,
    'main.js': `const api = require('./api');
const { pollState } = require('./poll');
const { outcomeOf } = require('./verdict');
async function run(token, subject) {
  const { instanceId } = await api.start(token, 'a1d7c3f0data-check-v1@latest');
  const list = await api.listTasks(token, instanceId);
  await api.complete(token, instanceId, list.tasks[0].taskId, subject);
  const state = await new Promise((resolve, reject) => pollState(token, instanceId, (error, s) => (error ? reject(error) : resolve(s))));
  return outcomeOf(state);
}
module.exports = { run };
`,
  });

  it.each([
    [
      'nested patterns with defaults',
      "const { data: { process: { flow: { decision: { result: { outcome = 'none' } = {} } = {} } = {} } = {} } = {} } = state;",
    ],
    ['a pattern of a member chain', 'const { flow } = state.data.process;\n  const outcome = flow.decision.result.outcome;'],
    [
      'a pattern with context between',
      "const { data: { context: { process: { 'flow': f } } } } = state;\n  const outcome = f.decision.result.outcome;",
    ],
    [
      'a default beside the key',
      'const { flow = {}, steps = [] } = state.data.process;\n  const outcome = flow.decision?.result.outcome ?? steps;',
    ],
    [
      'a member chain with an index and a computed key',
      "const { flow: { decision } = {} } = [state][0].data['process'];\n  const outcome = decision?.result.outcome;",
    ],
  ])('keeps the flow on v1 when the read is %s, in a file the escaping state may reach', async (_name, read) => {
    await writeProject(repo, project(read));
    const { stderr, checked } = await migrate();
    expect(stderr).toContain('0 migrated whole');
    expect(await readFile(join(repo, 'verdict.js'), 'utf8')).toMatch(
      /journey-codemod: unsupported \[response\.state-result\] a read of a v1 state \(.*\) the codemod could not tie to a v1 call/,
    );
    expect(await readFile(join(repo, 'api.js'), 'utf8')).not.toContain('/v2/');
    expect(checked).toBe(0);
  });

  it('migrates the flow when the destructuring reads no v1 state', async () => {
    await writeProject(repo, project("const { data: { process: { steps } = {} } = {} } = state;\n  const outcome = steps ?? 'none';"));
    const { stderr } = await migrate();
    expect(stderr).toContain('1 migrated whole');
  });
});

describe('a callback into a function that hands its result back, though named as a listener is', () => {
  it.each([
    ['a project’s on(fn)', 'function on(fn) {\n  return fn();\n}\n', 'on('],
    ['an imported once(fn)', "const { once } = require('lodash');\n", 'once('],
    ['a project’s hooks.on(event, fn)', 'const hooks = { on(event, fn) {\n  return fn(event);\n} };\n', "hooks.on('done', "],
  ])('keeps the flow on v1 when the answer goes through %s', async (_name, helper, call) => {
    await writeProject(repo, {
      'api.js': CJS_API,
      'main.js': `const api = require('./api');
${helper}
async function run(token, subject) {
  const { instanceId } = await api.start(token, 'a1d7c3f0data-check-v1@latest');
  const list = await api.listTasks(token, instanceId);
  await api.complete(token, instanceId, list.tasks[0].taskId, subject);
  const state = await ${call}() => api.fetchState(token, instanceId));
  return state.data.process.flow.decision.result.outcome;
}
module.exports = { run };
`,
    });
    const { stderr, checked } = await migrate();
    expect(stderr).toContain('0 migrated whole');
    expect(await readFile(join(repo, 'api.js'), 'utf8')).not.toContain('/v2/');
    expect(checked).toBe(0);
  });
});

describe('a callback whose result is dropped, or followed where the chain goes', () => {
  it.each([
    ['timers', 'setTimeout(() => state.status, 10);\n  queueMicrotask(() => state.status);\n  process.nextTick(() => instanceId);'],
    ['an event listener', "process.once('SIGTERM', () => state.status);"],
    ['a listener for an event held in a constant', "const SIGNAL = 'SIGUSR2';\n  process.on(SIGNAL, () => state.status);"],
    [
      'a promise chain’s catch and finally',
      "const again = await api.fetchState(token, instanceId).then((s) => s.status).catch(() => state.status).finally(() => instanceId);\n  if (again === 'Failed') return 'failed';",
    ],
  ])('leaves the flow free to migrate whole past %s', async (_name, line) => {
    await writeProject(repo, {
      'api.js': CJS_API,
      'main.js': `const api = require('./api');
async function run(token, subject) {
  const { instanceId } = await api.start(token, 'a1d7c3f0data-check-v1@latest');
  const list = await api.listTasks(token, instanceId);
  await api.complete(token, instanceId, list.tasks[0].taskId, subject);
  const state = await api.fetchState(token, instanceId);
  ${line}
  return state.status === 'Completed' ? 'done' : 'pending';
}
module.exports = { run };
`,
    });
    const { stderr, checked } = await migrate();
    expect(stderr).toContain('1 migrated whole');
    expect(await readFile(join(repo, 'api.js'), 'utf8')).toContain('/v2/');
    expect(checked).toBe(0);
  });
});
