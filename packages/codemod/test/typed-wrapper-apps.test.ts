import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { runCli } from './run-cli.js';
import { appsOnSimulator, STRICT_TSCONFIG, writeApp } from './strict-apps.js';
import { typeErrors } from './type-errors.js';

/**
 * Small strict TypeScript apps over a generic wrapper (`send<T>(path, token, body)`), as teams write them: type
 * arguments on every call, the v1 statuses as a union of their own, and a loop that completes the listed task
 * until the journey ends. Rewritten by the CLI, type-checked with their own tsconfig, and run on the simulator.
 */
const HTTP = `const host = process.env.JOURNEY_HOST ?? 'https://eu.platform.go.vendor.com';
const JOURNEY_BASE = \`\${host}/eu/captain/api/journey/\`;

export async function send<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(JOURNEY_BASE + path, {
    method: 'POST',
    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(\`journey \${path} \${response.status}\`);
  return (await response.json()) as T;
}
`;

/** Lists the task, completes it, and again, until the journey ends: v1 refused an update that carried nothing asked. */
const LOOP_APP: Record<string, string> = {
  'tsconfig.json': STRICT_TSCONFIG,
  'http.ts': HTTP,
  'checks.ts': `import { send } from './http';

interface TaskList {
  instanceId: string;
  status: 'InProgress' | 'Completed' | 'Failed' | 'Paused';
  tasks: { taskId: string }[];
}

export class Checks {
  constructor(private readonly token: string) {}
  begin(resourceId: string, subject: object) { return send<{ instanceId: string }>('start', this.token, { resourceId, context: { subject } }); }
  pending(instanceId: string) { return send<TaskList>('task/list', this.token, { instanceId }); }
  finish(instanceId: string, taskId: string, subject: object) { return send<unknown>('task/update', this.token, { intent: 'Complete', instanceId, taskId, context: { subject } }); }
}
`,
  'main.ts': `import { Checks } from './checks';

export async function check(token: string, subject: object): Promise<string> {
  const checks = new Checks(token);
  const { instanceId } = await checks.begin('a1d7c3f0data-check-v1@latest', subject);
  for (;;) {
    const list = await checks.pending(instanceId);
    if (list.status === 'Failed') return 'failed';
    if (list.status === 'Completed') return 'done';
    const [task] = list.tasks;
    if (!task) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    await checks.finish(instanceId, task.taskId, subject);
  }
}
`,
};

/** Its own union of v1's statuses, a name typed by it, and a switch closed by an exhaustiveness check. */
const UNION_APP: Record<string, string> = {
  'tsconfig.json': STRICT_TSCONFIG,
  'http.ts': HTTP,
  'phase.ts': `import { send } from './http';

type Phase = 'InProgress' | 'Completed' | 'Failed' | 'Paused';
function unreachable(value: never): never {
  throw new Error(\`unexpected \${String(value)}\`);
}

export async function phaseOf(token: string, subject: object): Promise<string> {
  const { instanceId } = await send<{ instanceId: string }>('start', token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } });
  const state = await send<{ status: Phase }>('state/fetch', token, { instanceId });
  const phase: Phase = state.status;
  switch (state.status) {
    case 'InProgress': return \`waiting (\${phase})\`;
    case 'Completed': return 'ok';
    case 'Failed': return 'failed';
    case 'Paused': return 'paused';
    default: return unreachable(state.status);
  }
}
`,
};

/** An exhaustiveness check alone: the status reaches a parameter typed \`never\`. */
const NEVER_APP: Record<string, string> = {
  'tsconfig.json': STRICT_TSCONFIG,
  'http.ts': HTTP,
  'outcome.ts': `import { send } from './http';

function unreachable(value: never): never {
  throw new Error(\`unexpected \${String(value)}\`);
}

export async function outcomeOf(token: string, instanceId: string): Promise<string> {
  const state = await send<{ status: 'InProgress' | 'Completed' | 'Failed' | 'Paused' }>('state/fetch', token, { instanceId });
  switch (state.status) {
    case 'InProgress':
    case 'Paused':
      return 'waiting';
    case 'Completed': return 'ok';
    case 'Failed': return 'failed';
    default: return unreachable(state.status);
  }
}
`,
};

const PERSON = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' } };

const apps = appsOnSimulator();

async function migrate(dir: string): Promise<Report> {
  const cli = await runCli(['.', '--journey-map', 'journey-map.json', '--report', '-', '--force'], dir);
  expect(cli.code).toBe(0);
  return JSON.parse(cli.stdout) as Report;
}

/** Resolves with what the app answered or threw, or `'still looping'` once `ms` have passed. */
function settled(run: Promise<string>, ms: number): Promise<string> {
  return Promise.race([
    run.catch((error: unknown) => `threw: ${error instanceof Error ? error.message : String(error)}`),
    new Promise<string>((resolve) => setTimeout(() => resolve('still looping'), ms)),
  ]);
}

describe('an app that completes the listed task until the journey ends', () => {
  let v1: string;
  let v2: string;
  const run = async (dir: string, subject: object) => {
    const main = (await import(pathToFileURL(join(dir, 'main.ts')).href)) as { check(token: string, subject: object): Promise<string> };
    return main.check(apps.simulator.issueToken(), subject);
  };

  beforeAll(async () => {
    v1 = join(apps.work, 'loop-v1');
    v2 = join(apps.work, 'loop-v2');
    await writeApp(v1, LOOP_APP);
    await cp(v1, v2, { recursive: true });
  });

  it('is migrated whole, and the interaction fetches it inserts name the v2 type they answer', async () => {
    const report = await migrate(v2);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    const checks = await readFile(join(v2, 'checks.ts'), 'utf8');
    // Never the original call's type argument: `unknown` does not type participantsFor's interaction.
    expect(checks).toContain("participantsFor(await send<V2Interaction>('interaction/fetch', this.token, { instanceId }), subject)");
    expect(checks).toContain("(instanceId) => send<V2Interaction>('interaction/fetch', this.token, { instanceId })");
    expect(checks).not.toMatch(/send<(unknown|\{ instanceId: string \})>\('interaction\/fetch'/);
    expect(typeErrors(v2)).toEqual([]);
  });

  it('ends the journey on v2 as on v1 with a subject that carries what it asks for', async () => {
    expect(await settled(run(v1, PERSON), 10_000)).toBe('done');
    expect(await settled(run(v2, PERSON), 10_000)).toBe('done');
  });

  it('fails on v2 as on v1 when the subject carries none of it, instead of submitting nothing for ever', async () => {
    expect(await settled(run(v1, {}), 10_000)).toBe('threw: journey task/update 400');
    apps.simulator.core.journal.clear();
    const outcome = await settled(run(v2, {}), 5_000);
    expect(outcome).toMatch(
      /^threw: the interaction asks for .*FullName.*, and the submitted data holds none of it: nothing was submitted$/,
    );
    expect(apps.simulator.core.journal.count({ path: '*/v2/captain/journey/interaction/submit' })).toBe(0);
  });
});

describe("an app whose statuses are a union of its own (v1's four)", () => {
  it('keeps the flow on v1, marked, when the status reaches a name of that type and an exhaustiveness check', async () => {
    const dir = join(apps.work, 'union');
    await writeApp(dir, UNION_APP);
    const report = await migrate(dir);
    expect(report.flows.map((flow) => ({ decision: flow.decision, rule: flow.blockedBy?.rule }))).toEqual([
      { decision: 'v1', rule: 'status.failure-spelling' },
    ]);
    const phase = await readFile(join(dir, 'phase.ts'), 'utf8');
    expect(phase).toContain('const phase: Phase = state.status;');
    expect(phase).not.toContain("case 'Error'");
    expect(phase).toMatch(
      /journey-codemod: unsupported \[status\.failure-spelling\] .*gives it the type Phase, which a v2 status does not fit/,
    );
    expect(typeErrors(dir)).toEqual([]);
  });

  it('keeps it on v1 when the status reaches only a parameter typed never', async () => {
    const dir = join(apps.work, 'never');
    await writeApp(dir, NEVER_APP);
    const report = await migrate(dir);
    expect(report.flows.map((flow) => ({ decision: flow.decision, rule: flow.blockedBy?.rule }))).toEqual([
      { decision: 'v1', rule: 'status.failure-spelling' },
    ]);
    expect(await readFile(join(dir, 'outcome.ts'), 'utf8')).toMatch(/gives it the type never, which a v2 status does not fit/);
    expect(typeErrors(dir)).toEqual([]);
  });
});

/** A task list read over fetch as a type the app writes out, under noUncheckedIndexedAccess: `read` takes the list's answer. */
const taskListApp = (read: string) => ({
  'tsconfig.json': JSON.stringify({
    ...JSON.parse(STRICT_TSCONFIG),
    compilerOptions: { ...JSON.parse(STRICT_TSCONFIG).compilerOptions, noUncheckedIndexedAccess: true },
  }),
  'tasks.ts': `const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';
const post = (token: string, path: string, body: unknown) =>
  fetch(BASE + path, { method: 'POST', headers: { Authorization: \`Bearer \${token}\` }, body: JSON.stringify(body) });

export async function firstTask(token: string, instanceId: string): Promise<string> {
${read}
}
`,
});

describe('a task list answer asserted to a type the app writes out', () => {
  const migrated = async (name: string, read: string) => {
    const dir = join(apps.work, name);
    await writeApp(dir, taskListApp(read));
    const report = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(typeErrors(dir)).toEqual([]);
    return readFile(join(dir, 'tasks.ts'), 'utf8');
  };

  it('is destructured with its assertion retyped to V2Interaction, not crashing on the two edits', async () => {
    const tasks = await migrated(
      'asserted-tasks',
      `  const list = await post(token, 'task/list', { instanceId });
  const { tasks } = (await list.json()) as { tasks: { taskId: string }[] };
  return tasks[0]?.taskId ?? '';`,
    );
    expect(tasks).toContain('const tasks = pendingInteractionId((await list.json()) as V2Interaction);');
    expect(tasks).toContain("return tasks ?? '';");
  });

  it('is destructured from .then with the call inside the declaration rewritten too', async () => {
    const tasks = await migrated(
      'then-tasks',
      `  const { tasks } = await post(token, 'task/list', { instanceId }).then((r) => r.json() as Promise<{ tasks: { taskId: string }[] }>);
  return tasks[0]?.taskId ?? '';`,
    );
    expect(tasks).toContain("const tasks = pendingInteractionId(await post(token, 'interaction/fetch', { instanceId })");
    expect(tasks).toContain('r.json() as Promise<V2Interaction>');
  });

  it.each([
    ['a non-null assertion', 'tasks[0]!.taskId', 'requiredInteractionId(tasks)'],
    ['parentheses and an as', '(tasks[0] as { taskId: string }).taskId', 'requiredInteractionId(tasks)'],
  ])('has its first task read through %s followed as the plain read', async (_, read, id) => {
    const tasks = await migrated(
      `wrapped-task-${read.length}`,
      `  const list = await post(token, 'task/list', { instanceId });
  const { tasks } = (await list.json()) as { tasks: { taskId: string }[] };
  return ${read} ?? '';`,
    );
    expect(tasks).toContain(`return ${id} ?? '';`);
  });

  const requests = (text: string) => text.split("post(token, '").length - 1;

  it.each([
    [
      'an asserted answer',
      `  const list = await post(token, 'task/list', { instanceId });
  const tasks = ((await list.json()) as { tasks: { taskId: string }[] }).tasks;
  return tasks[0]!.taskId;`,
      'const tasks = pendingInteractionId((await list.json()) as V2Interaction);',
      'return requiredInteractionId(tasks);',
    ],
    [
      '.then',
      `  const tasks = (await post(token, 'task/list', { instanceId }).then((r) => r.json() as Promise<{ tasks: { taskId: string }[] }>)).tasks;
  return tasks[0]?.taskId ?? '';`,
      "const tasks = pendingInteractionId(await post(token, 'interaction/fetch', { instanceId }).then((r) => r.json() as Promise<V2Interaction>));",
      "return tasks ?? '';",
    ],
    [
      'a name',
      `  const list = (await (await post(token, 'task/list', { instanceId })).json()) as { tasks: { taskId: string }[] };
  const tasks = list.tasks;
  return tasks[0]?.taskId ?? '';`,
      'const tasks = pendingInteractionId(list);',
      "return tasks ?? '';",
    ],
  ])('declared alone as .tasks of %s, holds the interaction id read once, with the same requests', async (_, read, declared, returned) => {
    const tasks = await migrated(`member-tasks-${read.length}`, read);
    expect(tasks).toContain(declared);
    expect(tasks).toContain(returned);
    expect(tasks).not.toContain('.tasks');
    expect(requests(tasks)).toBe(requests(read));
  });

  it('is read inline as .tasks of a request, written around it so the request is made once', async () => {
    const read = `  const list = await post(token, 'task/list', { instanceId });
  return ((await list.json()) as { tasks: { taskId: string }[] }).tasks[0]?.taskId ?? '';`;
    const tasks = await migrated('inline-tasks', read);
    expect(tasks).toContain("return pendingInteractionId((await list.json()) as V2Interaction) ?? '';");
    expect(requests(tasks)).toBe(requests(read));
  });

  it('stays on v1, marked, when .tasks of a request is iterated: its id would be read by sending it again', async () => {
    const dir = join(apps.work, 'iterated-tasks');
    const read = `  const list = await post(token, 'task/list', { instanceId });
  for (const task of ((await list.json()) as { tasks: { taskId: string }[] }).tasks) return task.taskId;
  return '';`;
    await writeApp(dir, taskListApp(read));
    const report = await migrate(dir);
    expect(report.flows.map((flow) => ({ decision: flow.decision, rule: flow.blockedBy?.rule }))).toEqual([
      { decision: 'v1', rule: 'endpoint.task-list' },
    ]);
    const tasks = await readFile(join(dir, 'tasks.ts'), 'utf8');
    expect(tasks).toMatch(/the task list is read as \.tasks of \(await list\.json\(\)\) as .*, not of a name: .*a request sent twice/);
    expect(tasks.replace(/^ *\/\/ journey-codemod: .*\n/gm, '')).toBe(taskListApp(read)['tasks.ts']);
  });
});

/**
 * A strict app that hands its first task's id to a `string` parameter, read by `read` from `list` or from the names
 * `declared` before it; `after` reads them again after the submit.
 */
const firstTaskApp = (read: string, declared = '', after = '') => ({
  'tsconfig.json': STRICT_TSCONFIG,
  'flow.ts': `interface Task { taskId: string }
interface TaskList { tasks: Task[] }
const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

async function post<T>(path: string, body: object): Promise<T> {
  const res = await fetch(BASE + path, { method: 'POST', body: JSON.stringify(body) });
  return (await res.json()) as T;
}

async function complete(instanceId: string, taskId: string): Promise<void> {
  await post('task/update', { intent: 'Complete', instanceId, taskId, context: { subject: { documents: [] } } });
}

export async function run(): Promise<void> {
  const started = await post<{ instanceId: string }>('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  const list = await post<TaskList>('task/list', { instanceId: started.instanceId });
  ${declared}
  await complete(started.instanceId, ${read});
  ${after}
}
`,
});

describe("the first task's id read as there being one", () => {
  it.each([
    ['plainly', 'list.tasks[0].taskId', 'interactionIdToSubmit(list)'],
    ['through parentheses and an as', '(list.tasks[0] as Task).taskId', 'interactionIdToSubmit(list)'],
    ['through a non-null assertion', 'list.tasks[0]!.taskId', 'interactionIdToSubmit(list)'],
    [
      'from a request',
      "(await post<TaskList>('task/list', { instanceId: started.instanceId })).tasks[0]!.taskId",
      "interactionIdToSubmit(await post<V2Interaction>('interaction/fetch', { instanceId: started.instanceId }))",
    ],
  ])('read %s, is the id that throws where v1 did on no task, typed string', async (_, read, id) => {
    const dir = join(apps.work, `first-task-${read.length}`);
    await writeApp(dir, firstTaskApp(read));
    expect(typeErrors(dir)).toEqual([]);
    const report = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    const flow = await readFile(join(dir, 'flow.ts'), 'utf8');
    expect(flow).toContain(`await complete(started.instanceId, ${id});`);
    expect(flow).toContain("import { type V2Interaction, interactionIdToSubmit, participantsFor } from './journey-v2.js';");
    expect(typeErrors(dir)).toEqual([]);
  });

  it('read optionally, is still the id or undefined', async () => {
    const dir = join(apps.work, 'first-task-optional');
    await writeApp(dir, firstTaskApp("list.tasks[0]?.taskId ?? ''"));
    await migrate(dir);
    expect(await readFile(join(dir, 'flow.ts'), 'utf8')).toContain("await complete(started.instanceId, pendingInteractionId(list) ?? '');");
    expect(typeErrors(dir)).toEqual([]);
  });

  it.each([
    ['destructured', 'const { tasks } = list;', 'tasks[0].taskId', 'const tasks = pendingInteractionId(list);'],
    ['declared', 'const tasks = list.tasks;', 'tasks[0]!.taskId', 'const tasks = pendingInteractionId(list);'],
    [
      'declared from a request',
      "const tasks = (await post<TaskList>('task/list', { instanceId: started.instanceId })).tasks;",
      '(tasks[0] as Task).taskId',
      "const tasks = pendingInteractionId(await post<V2Interaction>('interaction/fetch', { instanceId: started.instanceId }));",
    ],
  ])(
    'read through a name holding the list %s, is the id that throws where v1 did, its optional reads kept',
    async (_, declared, read, declaration) => {
      const dir = join(apps.work, `first-task-list-${declared.length}`);
      await writeApp(dir, firstTaskApp(read, declared, "console.log(tasks[0]?.taskId ?? 'none', tasks.length === 0);"));
      expect(typeErrors(dir)).toEqual([]);
      const report = await migrate(dir);
      expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
      const flow = await readFile(join(dir, 'flow.ts'), 'utf8');
      expect(flow).toContain(declaration);
      expect(flow).toContain('await complete(started.instanceId, requiredInteractionId(tasks));');
      expect(flow).toContain("console.log(tasks ?? 'none', tasks === undefined);");
      expect(typeErrors(dir)).toEqual([]);
    },
  );

  it.each([
    ['declared', 'const task = list.tasks[0];'],
    ['destructured', 'const [task] = list.tasks;'],
  ])('read through a first task %s, is the id that throws where v1 did, its optional reads kept', async (_, declared) => {
    const dir = join(apps.work, `first-task-named-${declared.length}`);
    await writeApp(dir, firstTaskApp('task.taskId', declared, "console.log(task?.taskId ?? 'none', !task);"));
    expect(typeErrors(dir)).toEqual([]);
    const report = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    const flow = await readFile(join(dir, 'flow.ts'), 'utf8');
    expect(flow).toContain('const task = pendingInteractionId(list);');
    expect(flow).toContain('await complete(started.instanceId, requiredInteractionId(task));');
    expect(flow).toContain("console.log(task ?? 'none', !task);");
    expect(typeErrors(dir)).toEqual([]);
  });

  it.each([
    ['annotated optional', 'const task: Task | undefined = list.tasks[0];', 'const task: string | undefined = pendingInteractionId(list);'],
    ['annotated', 'const task: Task = list.tasks[0]!;', 'const task: string | undefined = pendingInteractionId(list)!;'],
    ['cast', 'const task = list.tasks[0] as Task;', 'const task = pendingInteractionId(list);'],
    [
      'annotated as the list',
      'const tasks: Task[] = list.tasks;\n  const task = tasks[0];',
      'const tasks: string | undefined = pendingInteractionId(list);',
    ],
  ])('read through a first task %s with the v1 type, is typed as the id it holds once migrated', async (_, declared, declaration) => {
    const dir = join(apps.work, `first-task-typed-${declared.length}`);
    await writeApp(dir, firstTaskApp('task!.taskId', declared));
    expect(typeErrors(dir)).toEqual([]);
    const report = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    const flow = await readFile(join(dir, 'flow.ts'), 'utf8');
    expect(flow).toContain(declaration);
    expect(typeErrors(dir)).toEqual([]);
  });

  it.each([
    [
      'a function',
      'function first(from: TaskList): Task | undefined {\n    const task = from.tasks[0];\n    return task;\n  }',
      'function first(from: V2Interaction): string | undefined {',
    ],
    [
      'an async function',
      'async function first(from: TaskList): Promise<Task | undefined> {\n    const found = from.tasks[0];\n    return found;\n  }',
      'async function first(from: V2Interaction): Promise<string | undefined> {',
    ],
  ])(
    'read through %s answering the first task under the v1 type, is typed as the id it returns once migrated',
    async (_, declared, signature) => {
      const dir = join(apps.work, `first-task-returned-${declared.length}`);
      await writeApp(dir, firstTaskApp('task!.taskId', `${declared}\n  const task = await first(list);`));
      expect(typeErrors(dir)).toEqual([]);
      const report = await migrate(dir);
      expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
      const flow = await readFile(join(dir, 'flow.ts'), 'utf8');
      expect(flow).toContain(signature);
      expect(typeErrors(dir)).toEqual([]);
    },
  );

  it('stays on v1, marked, when the first task is typed so that the id does not fit: an id is never null', async () => {
    const dir = join(apps.work, 'first-task-nullable');
    const declared = 'const task: Task | null = list.tasks[0]!;';
    await writeApp(dir, firstTaskApp('task!.taskId', declared));
    const report = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    const flow = await readFile(join(dir, 'flow.ts'), 'utf8');
    expect(flow).toContain("the type Task | null describes a v1 task, and migrated the value holds the interaction's id");
    expect(flow.replace(/^ *\/\/ journey-codemod: .*\n/gm, '')).toBe(firstTaskApp('task!.taskId', declared)['flow.ts']);
  });

  it('stays on v1, marked, when the name holding the first task is given another task: migrated, it would be sent as the id', async () => {
    const dir = join(apps.work, 'first-task-reassigned');
    const declared = "let task = list.tasks[0];\n  if (!task) task = { taskId: 'cached-task-id' };";
    await writeApp(dir, firstTaskApp('task.taskId', declared));
    const report = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    const flow = await readFile(join(dir, 'flow.ts'), 'utf8');
    expect(flow).toContain(
      "it is assigned again by task = { taskId: 'cached-task-id' }, which migrated would be read as the interaction's id",
    );
    expect(flow.replace(/^ *\/\/ journey-codemod: .*\n/gm, '')).toBe(firstTaskApp('task.taskId', declared)['flow.ts']);
  });
});

const PENDING_CALL = 'pendingInteractionId(';

describe('a task list read as .tasks of a request in JavaScript', () => {
  it.each([
    [
      'fetch',
      `const res = await fetch(BASE + 'task/list', { method: 'POST', headers: { Authorization: \`Bearer \${token}\` }, body: JSON.stringify({ instanceId }) });
  const tasks = (await res.json()).tasks;
  return tasks[0].taskId;`,
      'const tasks = pendingInteractionId(await res.json());',
    ],
    [
      'fetch and .then',
      `const tasks = (await fetch(BASE + 'task/list', { method: 'POST', headers: { Authorization: \`Bearer \${token}\` }, body: JSON.stringify({ instanceId }) }).then((r) => r.json())).tasks;
  return tasks.length === 0 ? undefined : tasks[0].taskId;`,
      "const tasks = pendingInteractionId(await fetch(BASE + 'interaction/fetch',",
    ],
    [
      'axios',
      `const tasks = (await axios.post(BASE + 'task/list', { instanceId }, { headers: { Authorization: \`Bearer \${token}\` } })).data.tasks;
  return tasks[0].taskId;`,
      "const tasks = pendingInteractionId((await axios.post(BASE + 'interaction/fetch', { instanceId }, { headers:",
    ],
  ])('over %s holds the interaction id, read with the one request the list made', async (_, read, declared) => {
    const dir = join(apps.work, `js-member-tasks-${read.length}`);
    await writeApp(dir, {
      'tasks.js': `import axios from 'axios';
const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

export async function firstTask(token, instanceId) {
  ${read}
}
`,
    });
    const report = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    const tasks = await readFile(join(dir, 'tasks.js'), 'utf8');
    expect(tasks).toContain(declared);
    expect(tasks).not.toContain('.tasks');
    expect(tasks).not.toContain('task/list');
    expect(tasks.split(PENDING_CALL).length - 1).toBe(1);
    expect(tasks.split(/\b(?:fetch|axios\.post)\(/).length).toBe(read.split(/\b(?:fetch|axios\.post)\(/).length);
  });
});

/** A decision read as there being one (no `?.`), returned as the app's own `Promise<string>`, beside one read optionally. */
const DECISION_APP: Record<string, string> = {
  'tsconfig.json': STRICT_TSCONFIG,
  'http.ts': HTTP,
  'main.ts': `import { send } from './http';

export async function finalDecision(token: string, instanceId: string): Promise<string> {
  const state = await send<any>('state/fetch', token, { instanceId, filterKeys: ['/.*/'] });
  return state.data.process.flow.decision.result.outcome;
}

export async function decisionSoFar(token: string, instanceId: string): Promise<string | undefined> {
  const state = await send<any>('state/fetch', token, { instanceId, filterKeys: ['/.*/'] });
  return state.data.process.flow.decision?.result.outcome;
}

export async function check(token: string, subject: object): Promise<string> {
  const { instanceId } = await send<{ instanceId: string }>('start', token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } });
  const soFar = await decisionSoFar(token, instanceId);
  try {
    return (await finalDecision(token, instanceId)) === 'Decision: Pass' ? 'accepted' : 'not accepted';
  } catch {
    return \`undecided (\${soFar})\`;
  }
}
`,
};

describe('a decision the app returns as a string', () => {
  const run = async (dir: string) => {
    const main = (await import(pathToFileURL(join(dir, 'main.ts')).href)) as { check(token: string, subject: object): Promise<string> };
    // No data given: the journey waits for its task, undecided.
    return main.check(apps.simulator.issueToken(), {});
  };

  it('throws while undecided where v1 read it as there being one, and still type-checks once migrated', async () => {
    const v1 = join(apps.work, 'decision-v1');
    const v2 = join(apps.work, 'decision-v2');
    await writeApp(v1, DECISION_APP);
    await cp(v1, v2, { recursive: true });
    expect(await run(v1)).toBe('undecided (undefined)');
    const report = await migrate(v2);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    const main = await readFile(join(v2, 'main.ts'), 'utf8');
    expect(main).toContain('  return requiredDecisionOf(state);\n');
    expect(main).toContain('  return decisionOf(state);\n');
    expect(typeErrors(v2)).toEqual([]);
    expect(await run(v2)).toBe('undecided (undefined)');
  });
});
