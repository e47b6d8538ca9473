import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { runCli } from './run-cli.js';
import { appsOnSimulator, SEND_MODULE, STRICT_TSCONFIG, writeApp } from './strict-apps.js';
import { typeErrors } from './type-errors.js';

// A status read through a function a call made (`fp.get('status')`, `by('status')` of `(k) => (o) => o[k]`,
// Ramda's `propEq('Failed', 'status')`): the path was given to the earlier call, so the comparison with 'Failed'
// is one the codemod cannot see. Migrated, a v2 journey that ends in `Error` would read as a success.

/** Completes the listed tasks, waits for the journey to end, and answers `error` when `failed`, written with `helpers`, holds. */
const app = (helpers: string, failed: string, imports = '') => ({
  'tsconfig.json': STRICT_TSCONFIG,
  'http.ts': SEND_MODULE,
  'main.ts': `import { send } from './http';
${imports}
interface TaskList { instanceId: string; status: string; tasks: { taskId: string }[] }
interface State { instanceId: string; status: 'InProgress' | 'Completed' | 'Failed' | 'Paused' }

${helpers}

export async function check(token: string, subject: object): Promise<string> {
  const { instanceId } = await send<{ instanceId: string }>('start', token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } });
  const list = await send<TaskList>('task/list', token, { instanceId });
  for (const task of list.tasks) await send<unknown>('task/update', token, { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
  let state = await send<State>('state/fetch', token, { instanceId });
  while (state.status === 'InProgress') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    state = await send<State>('state/fetch', token, { instanceId });
  }
  if (${failed}) return 'error';
  return 'done';
}
`,
});

/** The data check's source is down for this last name: the journey fails, `Failed` on v1 and `Error` on v2. */
const OUTAGE = { identity: { firstName: 'Ada', lastNames: ['Outage'], dateOfBirth: '1985-12-10' } };

const apps = appsOnSimulator();

const migrate = (dir: string) => runCli(['.', '--journey-map', 'journey-map.json', '--force'], dir);

describe('a status read through a function a call made', () => {
  it('keeps the flow on v1, marked at the call, and a failed journey still reads as one', async () => {
    const before = join(apps.work, 'by-before');
    const after = join(apps.work, 'by-after');
    await writeApp(before, app('const by = (k: string) => (o: any) => o[k];', "by('status')(state) === 'Failed'"));
    await cp(before, after, { recursive: true });
    const run = async (dir: string) => {
      const main = (await import(pathToFileURL(join(dir, 'main.ts')).href)) as { check(token: string, subject: object): Promise<string> };
      return main.check(apps.simulator.issueToken(), OUTAGE);
    };
    expect(await run(before)).toBe('error');

    const cli = await migrate(after);
    expect(cli.stderr).toContain('0 migrated whole, 1 left on v1');
    const main = await readFile(join(after, 'main.ts'), 'utf8');
    expect(main).toContain(
      "// journey-codemod: unsupported [response.state-result] the v1 answer is handed to by('status'), a function made by a call the codemod does not follow, and what it returns is used here: it may be read from the answer in v1's shape (by its maker's path, or unseen), which the codemod cannot rewrite",
    );
    expect(main).toContain("send<State>('state/fetch'");
    expect((await runCli(['.', '--check', '--journey-map', 'journey-map.json'], after)).code).toBe(0);
    expect(typeErrors(after)).toEqual([]);
    expect(await run(after)).toBe('error');
  });

  it.each([
    [
      "lodash/fp's get held in a name",
      "import fp from 'lodash/fp';",
      "const statusOf = fp.get('status');",
      "statusOf(state) === 'Failed'",
      "statusOf (fp.get('status'))",
    ],
    ["lodash's property", "import _ from 'lodash';", '', "_.property('status')(state) === 'Failed'", "_.property('status')"],
    ["Ramda's propEq", "import { propEq } from 'ramda';", '', "propEq('Failed', 'status')(state)", "propEq('Failed', 'status')"],
    [
      "Ramda's pipe, its path out of sight",
      "import * as R from 'ramda';",
      '',
      "R.pipe(R.prop('status'), R.equals('Failed'))(state)",
      "R.pipe(R.prop('status'), R.equals('Failed'))",
    ],
  ])('keeps the flow on v1, marked at the call, when it is %s', async (name, imports, helpers, failed, callee) => {
    const dir = join(apps.work, name.replace(/\W+/g, '-'));
    await writeApp(dir, app(helpers, failed, imports));
    const cli = await migrate(dir);
    expect(cli.stderr).toContain('0 migrated whole, 1 left on v1');
    expect(await readFile(join(dir, 'main.ts'), 'utf8')).toContain(
      `// journey-codemod: unsupported [response.state-result] the v1 answer is handed to ${callee}, a function made by a call the codemod does not follow, and what it returns is used here`,
    );
  });

  it('migrates a flow whose answer is handed, given no path, to a function a module required by name exports', async () => {
    const dir = join(apps.work, 'required');
    await writeApp(dir, app("const isEmpty = require('lodash.isempty');", "isEmpty(state) && state.status === 'Failed'"));
    const cli = await migrate(dir);
    expect(cli.stderr).toContain('1 migrated whole, 0 left on v1');
  });

  it('migrates a flow whose made getter picks a member v2 answers alike', async () => {
    const dir = join(apps.work, 'alike');
    await writeApp(dir, app('', "fp.get('instanceId')(state) === ''", "import fp from 'lodash/fp';"));
    const cli = await migrate(dir);
    expect(cli.stderr).toContain('1 migrated whole, 0 left on v1');
  });
});

describe('a status read through a function a call made in another module, or held in an object', () => {
  const report = async (dir: string) => {
    const cli = await runCli(['.', '--journey-map', 'journey-map.json', '--report', '-', '--force'], dir);
    expect(cli.code).toBe(0);
    return JSON.parse(cli.stdout) as Report;
  };
  const GET = "import fp from 'lodash/fp';";

  it.each([
    [
      'imported by name',
      { 'getters.ts': `${GET}\nexport const statusOf = fp.get('status');\n` },
      "import { statusOf } from './getters';",
      '',
      "statusOf(state) === 'Failed'",
      "statusOf (fp.get('status'))",
    ],
    [
      'imported as the default export',
      { 'getters.ts': `${GET}\nconst statusOf = fp.get('status');\nexport default statusOf;\n` },
      "import statusOf from './getters';",
      '',
      "statusOf(state) === 'Failed'",
      "statusOf (fp.get('status'))",
    ],
    [
      'imported through a namespace',
      { 'getters.ts': `${GET}\nexport const statusOf = fp.get('status');\n` },
      "import * as g from './getters';",
      '',
      "g.statusOf(state) === 'Failed'",
      "g.statusOf (fp.get('status'))",
    ],
    [
      'held in an object member',
      {},
      GET,
      "const G = { status: fp.get('status') };",
      "G.status(state) === 'Failed'",
      "G.status (fp.get('status'))",
    ],
    [
      'held in an object member of another module',
      { 'getters.ts': `${GET}\nexport const G = { status: fp.get('status') };\n` },
      "import { G } from './getters';",
      '',
      "G.status(state) === 'Failed'",
      "G.status (fp.get('status'))",
    ],
  ])('keeps the flow on v1, marked at the call, when it is %s', async (name, modules, imports, helpers, failed, callee) => {
    const dir = join(apps.work, `made-${name.replace(/\W+/g, '-')}`);
    await writeApp(dir, { ...app(helpers, failed, imports), ...modules });
    expect((await report(dir)).flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'main.ts'), 'utf8')).toContain(
      `// journey-codemod: unsupported [response.state-result] the v1 answer is handed to ${callee}, a function made by a call the codemod does not follow, and what it returns is used here`,
    );
  });

  it.each([
    [
      'a name holding another made one',
      { 'getters.ts': `${GET}\nconst inner = fp.get('status');\nexport const statusOf = inner;\n` },
      "import { statusOf } from './getters';",
    ],
    [
      'a CommonJS module’s whole export made by a call',
      { 'getters.cjs': "module.exports = require('lodash/fp').get('status');\n" },
      "import statusOf from './getters.cjs';",
    ],
  ])('keeps the flow on v1, marked, when the imported function is %s', async (name, modules, imports) => {
    const dir = join(apps.work, `unread-${name.replace(/\W+/g, '-')}`);
    await writeApp(dir, { ...app('', "statusOf(state) === 'Failed'", imports), ...modules });
    expect((await report(dir)).flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'main.ts'), 'utf8')).toContain('the v1 answer is handed to statusOf');
  });

  it('keeps the flow on v1 when the function comes from a module of the project the codemod cannot read it in', async () => {
    const dir = join(apps.work, 'made-unread');
    const getters = `${GET}\nlet made: (o: unknown) => unknown = fp.get('status');\nexport { made as statusOf };\nexport function reset(): void {\n  made = fp.get('status');\n}\n`;
    await writeApp(dir, { ...app('', "statusOf(state) === 'Failed'", "import { statusOf } from './getters';"), 'getters.ts': getters });
    expect((await report(dir)).flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'main.ts'), 'utf8')).toContain(
      '// journey-codemod: unsupported [response.state-result] the v1 answer is handed to statusOf, which a module of the project holds in a way the codemod does not read',
    );
  });

  // Functions of the project no call made, written in the forms modules export them: seen as they were before.
  it.each([
    [
      'a function declaration exported as the default',
      { 'summary.ts': 'function summarize(s: { instanceId: string }) {\n  return s.instanceId;\n}\nexport default summarize;\n' },
      "import summarize from './summary';",
    ],
    ['an alias of a built-in', { 'summary.ts': 'export const summarize = JSON.stringify;\n' }, "import { summarize } from './summary';"],
    [
      'an arrow under a cast',
      {
        'summary.ts':
          'type Summarizer = (s: { instanceId: string }) => string;\nexport const summarize = ((s) => s.instanceId) as Summarizer;\n',
      },
      "import { summarize } from './summary';",
    ],
    [
      'a CommonJS module’s whole export',
      { 'summary.cjs': 'module.exports = function summarize(s) {\n  return s.instanceId;\n};\n' },
      "import summarize from './summary.cjs';",
    ],
  ])('migrates a flow whose answer is handed to %s, its result logged', async (name, modules, imports) => {
    const dir = join(apps.work, `unmade-${name.replace(/\W+/g, '-')}`);
    await writeApp(dir, { ...app('', "(console.log(summarize(state)), state.status === 'Failed')", imports), ...modules });
    expect((await report(dir)).flows.map((flow) => flow.decision)).toEqual(['migrated']);
  });

  it('migrates a flow whose imported made getter picks a member v2 answers alike', async () => {
    const dir = join(apps.work, 'made-alike');
    await writeApp(dir, {
      ...app('', "idOf(state) === ''", "import { idOf } from './getters';"),
      'getters.ts': `${GET}\nexport const idOf = fp.get('instanceId');\n`,
    });
    expect((await report(dir)).flows.map((flow) => flow.decision)).toEqual(['migrated']);
  });
});
