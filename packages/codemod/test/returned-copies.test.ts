import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { runCli } from './run-cli.js';
import { appsOnSimulator, SEND_MODULE, STRICT_TSCONFIG, writeApp } from './strict-apps.js';
import { typeErrors } from './type-errors.js';

// An answer handed to a function of the project that returns a copy of it made by code the codemod does not see
// (`const copy = (o) => Object.assign({}, o)`), read by the caller in v1's shape: migrated, the caller would read
// `list.tasks` of a v2 answer. The copy's reads are where the function returns to, not where the copy is made; so
// are those of a copy handed to a function of the project, in its parameter.

/** Completes the listed tasks and answers the journey's status, reading the list and the state as `copy` hands them back. */
const app = (copy: string, imports = '', read = 'state.status') => ({
  'tsconfig.json': STRICT_TSCONFIG,
  'http.ts': SEND_MODULE,
  'main.ts': `import { send } from './http';
${imports}
interface TaskList { instanceId: string; status: string; tasks: { taskId: string }[] }
interface State { instanceId: string; status: string }

${copy}

export async function check(token: string, subject: object): Promise<string> {
  const { instanceId } = await send<{ instanceId: string }>('start', token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } });
  const list = copy(await send<TaskList>('task/list', token, { instanceId }));
  for (const task of list.tasks) await send<unknown>('task/update', token, { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
  const state = copy(await send<State>('state/fetch', token, { instanceId }));
  return ${read};
}
`,
});

const PERSON = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' } };

const apps = appsOnSimulator();

const migrate = (dir: string) => runCli(['.', '--journey-map', 'journey-map.json', '--force'], dir);

describe("an answer copied by a function of the project and read in v1's shape where it returns", () => {
  it('keeps the flow on v1, marked at the copy, and the app answers as it did', async () => {
    const before = join(apps.work, 'assign-before');
    const after = join(apps.work, 'assign-after');
    await writeApp(before, app('const copy = (o: object) => Object.assign({}, o) as any;'));
    await cp(before, after, { recursive: true });
    const run = async (dir: string) => {
      const main = (await import(pathToFileURL(join(dir, 'main.ts')).href)) as { check(token: string, subject: object): Promise<string> };
      return main.check(apps.simulator.issueToken(), PERSON).catch((error: unknown) => `threw: ${String(error)}`);
    };
    const answered = await run(before);
    expect(answered).not.toMatch(/^threw/);

    const cli = await migrate(after);
    expect(cli.stderr).toContain('0 migrated whole, 1 left on v1');
    const main = await readFile(join(after, 'main.ts'), 'utf8');
    expect(main).toContain(
      "// journey-codemod: unsupported [endpoint.task-list] the v1 answer is handed to Object.assign, which the codemod does not see, and what it returns is read in v1's shape (list.tasks, returned through copy)",
    );
    expect(main).toContain("send<TaskList>('task/list'");
    expect((await runCli(['.', '--check', '--journey-map', 'journey-map.json'], after)).code).toBe(0);
    expect(typeErrors(after)).toEqual([]);
    expect(await run(after)).toBe(answered);
  });

  it.each([
    [
      'a lodash mapKeys in an arrow',
      "import _ from 'lodash';",
      'const copy = (o: object) => _.mapKeys(o, (_v: unknown, k: string) => _.snakeCase(k)) as any;',
      '_.mapKeys',
    ],
    [
      'a structuredClone returned by a function declaration',
      '',
      'function copy(o: object): any {\n  return structuredClone(o);\n}',
      'structuredClone',
    ],
    [
      'a clone held in a name before it is returned',
      "import { cloneDeep } from 'lodash';",
      'function copy(o: object): any {\n  const cloned = cloneDeep(o);\n  return cloned;\n}',
      'cloneDeep',
    ],
  ])('keeps the flow on v1, marked at the copy, when it is %s', async (name, imports, copy, callee) => {
    const dir = join(apps.work, name.replaceAll(' ', '-'));
    await writeApp(dir, app(copy, imports));
    const cli = await migrate(dir);
    expect(cli.stderr).toContain('0 migrated whole, 1 left on v1');
    expect(await readFile(join(dir, 'main.ts'), 'utf8')).toContain(
      `// journey-codemod: unsupported [endpoint.task-list] the v1 answer is handed to ${callee}, which the codemod does not see, and what it returns is read in v1's shape (list.tasks, returned through copy)`,
    );
  });

  it('migrates a flow whose copies are read only for what v2 answers alike', async () => {
    const dir = join(apps.work, 'alike');
    const files = app('const copy = <T extends object>(o: T): T => Object.assign({}, o);', '', 'state.instanceId');
    files['main.ts'] = files['main.ts'].replace('const list = copy(', 'const list = (');
    await writeApp(dir, files);
    const cli = await migrate(dir);
    expect(cli.stderr).toContain('1 migrated whole, 0 left on v1');
  });
});

describe("an answer's copy handed to a function of the project that reads it in v1's shape", () => {
  it.each([
    ['an arrow reading a member', 'const firstOf = (l: any) => l.tasks[0];', 'l.tasks'],
    ['a function destructuring its parameter', 'function firstOf({ tasks }: any) {\n  return tasks[0];\n}', '{ tasks }: any'],
  ])('keeps the flow on v1, marked at the copy, when it is %s', async (name, reader, read) => {
    const dir = join(apps.work, `handed-${name.replaceAll(' ', '-')}`);
    const files = app('', '', 'state.instanceId');
    files['main.ts'] = files['main.ts']
      .replace('const list = copy(await send<TaskList>', 'const list = (await send<TaskList>')
      .replace('for (const task of list.tasks) await', 'const task = firstOf(Object.assign({}, list));\n  if (task) await')
      .replace('const state = copy(', 'const state = (')
      .replace('\n\n\n', `\n\n${reader}\n`);
    await writeApp(dir, files);
    const cli = await migrate(dir);
    expect(cli.stderr).toContain('0 migrated whole, 1 left on v1');
    expect(await readFile(join(dir, 'main.ts'), 'utf8')).toContain(
      `// journey-codemod: unsupported [endpoint.task-list] the v1 answer is handed to Object.assign, which the codemod does not see, and what it returns is read in v1's shape (${read}, in firstOf)`,
    );
  });
});

describe("an answer copied by a function another module exports as its anonymous default, read in v1's shape", () => {
  it.each([
    ['an arrow', 'export default (o: object): any => Object.assign({}, o);\n', 'Object.assign'],
    ['a function with no name', 'export default function (o: object): any {\n  return structuredClone(o);\n}\n', 'structuredClone'],
  ])('keeps the flow on v1, marked at the copy, when it is %s', async (name, clone, callee) => {
    const dir = join(apps.work, `default-${name.replaceAll(' ', '-')}`);
    await writeApp(dir, { ...app('', "import copy from './clone';"), 'clone.ts': clone });
    const cli = await runCli(['.', '--journey-map', 'journey-map.json', '--report', '-', '--force'], dir);
    expect((JSON.parse(cli.stdout) as Report).flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'clone.ts'), 'utf8')).toContain(
      `// journey-codemod: unsupported [endpoint.task-list] the v1 answer is handed to ${callee}, which the codemod does not see, and what it returns is read in v1's shape (list.tasks, returned through copy)`,
    );
  });
});
