import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A task list handed to code the codemod does not see (a v1 schema's parse, a deep copy) or read through a type
// guard's cast, then read with v1's names: migrating its call would leave those reads on a v2 answer.
const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const http = `const BASE = 'https://eu.example.test/captain/api/journey';

export async function call<T>(op: string, body: object): Promise<T> {
  const res = await fetch(\`\${BASE}/\${op}\`, { method: 'POST', body: JSON.stringify(body) });
  return (await res.json()) as T;
}
`;

/** A check that starts a journey, reads its task list as `read` makes it, and completes the first task. */
const check = (imports: string, read: string, first = 'list.tasks[0]') => `import { call } from './http';
${imports}
export async function verify(subject: object): Promise<string> {
  const { instanceId } = await call<{ instanceId: string }>('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } });
  ${read}
  if (list.status === 'Failed') return 'failed';
  const task = ${first};
  if (task) await call('task/update', { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
  return instanceId;
}
`;

const schema = `import { z } from 'zod';

export const Tasks = z.object({ status: z.string(), tasks: z.array(z.object({ taskId: z.string() })) });
`;

let repo: string;
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-read-back-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

/** Runs the codemod: the flow must stay v1, the marker at the call, and `--check` fail before and pass after. */
async function keptOnV1(file: string, marker: string): Promise<string> {
  expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(1);
  const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
  expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
  const written = await readFile(join(repo, file), 'utf8');
  expect(written).toContain(marker);
  const verify = await readFile(join(repo, 'verify.ts'), 'utf8');
  expect(verify).toContain("call('task/update'");
  expect(verify).not.toContain('interaction/');
  expect(await readFile(join(repo, 'http.ts'), 'utf8')).toContain('/captain/api/journey');
  expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  return written;
}

describe('an answer read back from a function the codemod does not see', () => {
  it.each([
    [
      "a v1 schema's parse",
      "import { Tasks } from './schema';",
      "const list = Tasks.parse(await call<unknown>('task/list', { instanceId }));",
      'Tasks.parse',
      'list.status',
    ],
    [
      "a v1 schema's safeParse",
      "import { Tasks } from './schema';",
      "const parsed = Tasks.safeParse(await call<unknown>('task/list', { instanceId }));\n  if (!parsed.success) throw parsed.error;\n  const list = parsed.data;",
      'Tasks.safeParse',
      'list.status',
    ],
    [
      'a deep copy through JSON',
      '',
      "const list = JSON.parse(JSON.stringify(await call<{ status: string; tasks: { taskId: string }[] }>('task/list', { instanceId })));",
      'JSON.stringify',
      'list.status',
    ],
    [
      'a deep copy handed to a getter',
      "import { cloneDeep, get } from 'lodash';",
      "const copy = cloneDeep(await call<{ status: string; tasks: { taskId: string }[] }>('task/list', { instanceId }));\n  const list = { status: get(copy, 'status') as string, tasks: get(copy, 'tasks') as { taskId: string }[] };",
      'cloneDeep',
      "get(copy, 'status')",
    ],
    [
      'an object the answer is assigned into, handed to a getter',
      "import { get } from 'lodash';",
      "const answer = await call<{ status: string; tasks: { taskId: string }[] }>('task/list', { instanceId });\n  const list = { status: '', tasks: get(Object.assign({}, answer), 'tasks') as { taskId: string }[] };",
      'Object.assign',
      "get(Object.assign({}, answer), 'tasks')",
    ],
  ])('keeps the flow on v1, marked at the call, when it is %s', async (_, imports, read, callee, readAt) => {
    await writeProject(repo, { 'http.ts': http, 'schema.ts': schema, 'verify.ts': check(imports, read) });
    await keptOnV1(
      'verify.ts',
      `// journey-codemod: unsupported [endpoint.task-list] the v1 answer is handed to ${callee}, which the codemod does not see, and what it returns is read in v1's shape (${readAt}`,
    );
  });
});

describe('a task list read through a type guard of the answer', () => {
  it('keeps the flow on v1 when the guard tests the v1 tasks through a cast, rather than retyping the cast alone', async () => {
    await writeProject(repo, {
      'http.ts': http,
      'guards.ts': `export interface TaskList { status: string; tasks: { taskId: string }[] }

export function isTaskList(x: unknown): x is TaskList {
  return typeof x === 'object' && x !== null && Array.isArray((x as { tasks?: unknown }).tasks);
}
`,
      'verify.ts': check(
        "import { isTaskList } from './guards';",
        "const list = await call<unknown>('task/list', { instanceId });\n  if (!isTaskList(list)) throw new Error('not a task list');",
      ),
    });
    const guards = await keptOnV1(
      'guards.ts',
      '// journey-codemod: unsupported [endpoint.task-list] v2 has one active interaction, not a list of tasks: the list is handed to Array.isArray, which the codemod does not see',
    );
    expect(guards).toContain('(x as { tasks?: unknown }).tasks');
    expect(guards).not.toContain('V2Interaction');
  });
});

describe('an answer read through a getter the codemod does not see', () => {
  // The path names the v1 field in a string the codemod cannot rewrite: migrated, the task would be undefined.
  it.each([
    ["lodash's get with a path", "import { get } from 'lodash';", "get(list, 'tasks[0]')", 'get'],
    ["lodash's _.get with an array path", "import _ from 'lodash';", "_.get(list, ['tasks', 0])", '_.get'],
    ["ramda's path", "import * as R from 'ramda';", "R.path(['tasks', 0], list)", 'R.path'],
    ['dlv', "import dlv from 'dlv';", "dlv(list, 'tasks.0')", 'dlv'],
    ['Reflect.get, then an index', '', "Reflect.get(list, 'tasks')[0]", 'Reflect.get'],
    ['a property descriptor', '', "Object.getOwnPropertyDescriptor(list, 'tasks')?.value[0]", 'Object.getOwnPropertyDescriptor'],
    [
      'a helper of its own given a path held in a constant',
      "import { pluck } from 'pluck-path';\nconst TASKS = 'tasks';",
      'pluck(list, TASKS)[0]',
      'pluck',
    ],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the code under test holds a template literal
    ['a helper of its own given a template path', "import { pluck } from 'pluck-path';", 'pluck(list, `tasks.${0}`)', 'pluck'],
    [
      "lodash's get imported under another name, given a path made at run time",
      "import { get as dig } from 'lodash';\nconst at = (path: string) => path;",
      "dig(list, at('tasks'))[0]",
      'dig',
    ],
  ])('keeps the flow on v1, marked at the getter, when it is %s', async (_, imports, first, callee) => {
    const read = "const list = await call<{ status: string; tasks: { taskId: string }[] }>('task/list', { instanceId });";
    await writeProject(repo, { 'http.ts': http, 'verify.ts': check(imports, read, first) });
    const verify = await keptOnV1(
      'verify.ts',
      `// journey-codemod: unsupported [endpoint.task-list] the v1 answer is handed to ${callee}, which the codemod does not see, and what it returns is used here`,
    );
    expect(verify).toContain(first);
  });

  it.each([
    [
      'sent by Express, its result returned',
      "import type { Response } from 'express';\ndeclare const res: Response;",
      'return res.status(200).json(list);',
    ],
    ['tested for emptiness', "import { isEmpty } from 'lodash';", "if (isEmpty(list)) throw new Error('no answer');"],
    [
      'checked by a schema',
      "import { z } from 'zod';\nconst Shape = z.object({});",
      "if (!Shape.safeParse(list).success) throw new Error('bad');",
    ],
    [
      'emitted as an event',
      "import { EventEmitter } from 'node:events';\nconst bus = new EventEmitter();",
      "const heard = bus.emit('journey-done', list);\n  if (!heard) return 'unheard';",
    ],
    ['read by a getter for a member v2 answers alike', "import { get } from 'lodash';", "if (!get(list, 'instanceId')) return 'none';"],
  ])('migrates a flow whose answer is %s: told of no v1 member, it hands back no v1 field', async (_, imports, use) => {
    const read = `const list = await call<{ status: string; tasks: { taskId: string }[] }>('task/list', { instanceId });\n  ${use}`;
    await writeProject(repo, { 'http.ts': http, 'verify.ts': check(imports, read) });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });

  it('migrates a flow whose answer is only handed to a logger, its result unused', async () => {
    const read =
      "const list = await call<{ status: string; tasks: { taskId: string }[] }>('task/list', { instanceId });\n  log.info(list);";
    await writeProject(repo, {
      'http.ts': http,
      'verify.ts': check("import pino from 'pino';\n\nconst log = pino();", read),
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
    expect(await readFile(join(repo, 'verify.ts'), 'utf8')).toContain('log.info(list);');
    expect((await runCli(['.', '--check', '--journey-map', JOURNEY_MAP], repo)).code).toBe(0);
  });
});

describe('a v2 state read through a getter with a v1 path', () => {
  // What a run before this rule left: the call moved to v2, the path did not. The gate must not pass it.
  const reader = (imports: string, read: string) => `${imports}
const STATE_URL = 'https://eu.example.test/v2/captain/journey/state/fetch';

export async function verdict(instanceId: string): Promise<unknown> {
  const res = await fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  return ${read};
}
`;

  it.each([
    ["lodash's get", "import { get } from 'lodash';", "get(state, 'data.process.flow.decision.result.outcome', 'none')"],
    ["ramda's path", "import * as R from 'ramda';", "R.path(['data', 'process', 'flow', 'decision'], state)"],
    ['Reflect.get, then members', '', "Reflect.get(state, 'data').process.flow.decision.result.outcome"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the code under test holds a template literal
    ["lodash's get with a template path", "import { get } from 'lodash';", "get(state, `data.process.flow.${'decision'}.result`)"],
    ["lodash's get with a path joined by +", "import { get } from 'lodash';", "get(state, 'data.process.' + 'flow.decision')"],
    [
      "lodash's get with a path in a constant",
      "import { get } from 'lodash';\nconst DECISION = 'data.process.flow.decision';",
      'get(state, DECISION)',
    ],
  ])('fails --check at the read when it is %s', async (_, imports, read) => {
    await writeProject(repo, { 'verify.ts': reader(imports, read) });
    const check = await runCli(['.', '--check'], repo);
    expect(check.code).toBe(1);
    const line =
      reader(imports, read)
        .split('\n')
        .findIndex((text) => text.includes(read)) + 1;
    expect(check.stdout + check.stderr).toContain(`verify.ts:${line} v1 remains, unmarked [response.state-result] a read of a v1 state`);
  });

  it("passes --check when the path is v2's", async () => {
    await writeProject(repo, { 'verify.ts': reader("import { get } from 'lodash';", "get(state, 'context.result.outcome', 'none')") });
    expect((await runCli(['.', '--check'], repo)).code).toBe(0);
  });
});

describe('an answer held in a member of this, picked by a getter handed this', () => {
  // A client class keeps the last state it fetched and reads its decision by a path from the instance itself.
  const app = (verdict: string) => `import { get } from 'lodash';
import * as R from 'ramda';

const BASE = 'https://eu.example.test/captain/api/journey/';

export class JourneyClient {
  constructor(token) {
    this.token = token;
    this.last = undefined;
  }

  async post(path, body) {
    const res = await fetch(BASE + path, { method: 'POST', headers: { authorization: 'Bearer ' + this.token }, body: JSON.stringify(body) });
    return res.json();
  }

  async run(subject) {
    const { instanceId } = await this.post('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
    const list = await this.post('task/list', { instanceId });
    for (const task of list.tasks) await this.post('task/update', { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
    this.last = await this.post('state/fetch', { instanceId });
    return this.verdict();
  }

  verdict() {
    return ${verdict};
  }
}
`;

  it('migrates it when the getter picks another member of this', async () => {
    await writeProject(repo, { 'app.js': app("this.last.status === 'Completed' && get(this, 'token') !== undefined") });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
  });

  it.each([
    ["lodash's get", "get(this, 'last.data.process.flow.decision.result.outcome') === 'Decision: Pass'", 'get'],
    ["ramda's path", "R.path(['last', 'data', 'process', 'flow', 'decision'], this) !== undefined", 'R.path'],
  ])('keeps the flow on v1, marked at the getter, when it is %s', async (_, verdict, callee) => {
    await writeProject(repo, { 'app.js': app(verdict) });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const written = await readFile(join(repo, 'app.js'), 'utf8');
    expect(written).toContain(`the v1 answer is held in this.last, which ${callee} picks by a path the codemod cannot rewrite`);
    expect(written).toContain("this.post('task/update'");
  });
});
