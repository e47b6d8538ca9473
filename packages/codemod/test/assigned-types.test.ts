import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { legacyRunDir } from './legacy-run-dir.js';
import { runCli } from './run-cli.js';
import { DATA_CHECK_MAP, STRICT_TSCONFIG } from './strict-apps.js';
import { typeErrors } from './type-errors.js';

/**
 * Strict TypeScript apps that declare the name holding a v1 answer with a type and assign it later (a `let`, a class
 * field): the migration retypes the declaration as it retypes an annotated one, or, where the type cannot be
 * rewritten alone, keeps the flow on v1, marked. Either way the app type-checks after the run as it did before.
 */
const API = `const BASE = 'https://eu.platform.go.vendor.com/eu/captain/api/journey/';

async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(BASE + path, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify(body) });
  return (await response.json()) as T;
}

export interface TaskList {
  instanceId: string;
  tasks: { taskId: string }[];
}

export interface JourneyState {
  instanceId: string;
  status: 'InProgress' | 'Completed' | 'Failed' | 'Paused';
  data: { process?: { flow: Record<string, { result: { outcome: string } }> } };
}

export type Maybe<T> = T | undefined;

export interface Holder {
  state?: JourneyState;
}

export class JourneyApi {
  constructor(private readonly token: string) {}
  start(resourceId: string, subject: object): Promise<{ instanceId: string }> {
    return post('start', this.token, { resourceId, context: { subject } });
  }
  tasks(instanceId: string): Promise<TaskList> {
    return post('task/list', this.token, { instanceId });
  }
  complete(instanceId: string, taskId: string, subject: object): Promise<unknown> {
    return post('task/update', this.token, { intent: 'Complete', instanceId, taskId, context: { subject } });
  }
  state(instanceId: string): Promise<JourneyState> {
    return post('state/fetch', this.token, { instanceId, filterKeys: ['/.*/'] });
  }
}
`;

/** Starts, completes the listed task, then polls the state into `STATE`, declared in `DECLARE`, until it has run. */
const handler = (
  declare: string,
  head = 'export class Session {',
  imports = 'JourneyApi, JourneyState',
) => `import type { ${imports} } from './api';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

${head}
  ${declare}
  constructor(private readonly api: JourneyApi) {}
  get failed(): boolean {
    return this.state?.status === 'Failed';
  }
  get pending(): boolean {
    return this.state?.status === 'InProgress';
  }
  async run(subject: object): Promise<string> {
    const { instanceId } = await this.api.start('a1d7c3f0data-check-v1@latest', subject);
    const list = await this.api.tasks(instanceId);
    for (const task of list.tasks) await this.api.complete(instanceId, task.taskId, subject);
    this.state = await this.api.state(instanceId);
    while (this.pending) {
      await sleep(25);
      this.state = await this.api.state(instanceId);
    }
    return this.failed ? 'error' : 'done';
  }
}
`;

const LOCAL = `import type { JourneyApi, JourneyState, TaskList } from './api';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function check(api: JourneyApi, subject: object): Promise<string> {
  const { instanceId } = await api.start('a1d7c3f0data-check-v1@latest', subject);
  const list: TaskList = await api.tasks(instanceId);
  for (const task of list.tasks) await api.complete(instanceId, task.taskId, subject);
  let state: JourneyState | undefined;
  do {
    await sleep(25);
    state = await api.state(instanceId);
  } while (state.status === 'InProgress');
  if (state.status === 'Failed') return 'error';
  let last: JourneyState | null = null;
  last = await api.state(instanceId);
  return last.status === 'Completed' ? 'done' : 'waiting';
}
`;

/** `LOCAL`, which also keeps the latest state in a `let` it exports. */
const EXPORTED_LATEST = LOCAL.replace(
  'let state: JourneyState | undefined;',
  'let state: JourneyState | undefined;\n  latest = await api.state(instanceId);',
).replace('export async function check', 'export let latest: JourneyState | undefined;\n\nexport async function check');

let work: string;

beforeAll(async () => {
  work = await legacyRunDir();
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Writes the app `name` (its handler as `session.ts`) and checks it type-checks before the run. */
async function writeApp(name: string, session: string): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'tsconfig.json'), STRICT_TSCONFIG);
  await writeFile(join(dir, 'journey-map.json'), DATA_CHECK_MAP);
  await writeFile(join(dir, 'api.ts'), API);
  await writeFile(join(dir, 'session.ts'), session);
  expect(typeErrors(dir)).toEqual([]);
  return dir;
}

async function migrate(dir: string): Promise<{ report: Report; checked: number }> {
  const cli = await runCli(['.', '--journey-map', 'journey-map.json', '--report', '-', '--force'], dir);
  expect(cli.code).toBe(0);
  const check = await runCli(['.', '--journey-map', 'journey-map.json', '--check'], dir);
  return { report: JSON.parse(cli.stdout) as Report, checked: check.code };
}

describe('a name declared with a v1 type and assigned the answer later', () => {
  it.each([
    ['an optional field', handler('private state?: JourneyState;'), 'private state?: V2State;'],
    ['a field typed with undefined', handler('private state: JourneyState | undefined;'), 'private state: V2State | undefined;'],
    ['a field typed with null', handler('private state: JourneyState | null = null;'), 'private state: V2State | null = null;'],
    [
      'a parameter property',
      handler('').replace(
        'constructor(private readonly api: JourneyApi) {}',
        'constructor(\n    private readonly api: JourneyApi,\n    private state?: JourneyState,\n  ) {}',
      ),
      'private state?: V2State,',
    ],
  ])('is migrated with %s retyped, and type-checks', async (name, written, retyped) => {
    const dir = await writeApp(name.replaceAll(' ', '-'), written);
    const { report, checked } = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(typeErrors(dir)).toEqual([]);
    const session = await readFile(join(dir, 'session.ts'), 'utf8');
    expect(session).toContain(retyped);
    expect(session).toContain("this.state?.status === 'Error'");
    expect(checked).toBe(0);
  });

  it('is migrated with a let typed with undefined or null retyped, and type-checks', async () => {
    const dir = await writeApp('local', LOCAL);
    const { report, checked } = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(typeErrors(dir)).toEqual([]);
    const session = await readFile(join(dir, 'session.ts'), 'utf8');
    expect(session).toContain('const list: V2Interaction = ');
    expect(session).toContain('let state: V2State | undefined;');
    expect(session).toContain('let last: V2State | null = null;');
    expect(checked).toBe(0);
  });

  it.each([
    ['a generic of the project', handler('private state: Maybe<JourneyState>;', undefined, 'JourneyApi, JourneyState, Maybe')],
    [
      'an alias holding undefined',
      handler('private state: MaybeState;', 'type MaybeState = JourneyState | undefined;\n\nexport class Session {'),
    ],
    ['a field code outside the class may read', handler('state?: JourneyState;')],
    ['a protected field', handler('protected state?: JourneyState;')],
    [
      'the field of an interface it implements',
      handler('state?: JourneyState;', 'export class Session implements Holder {', 'Holder, JourneyApi, JourneyState'),
    ],
    [
      'a field of the base class',
      handler('', 'class Base {\n  protected state?: JourneyState;\n}\n\nexport class Session extends Base {').replace(
        'constructor(private readonly api: JourneyApi) {}',
        'constructor(private readonly api: JourneyApi) {\n    super();\n  }',
      ),
    ],
    [
      'a generic of TypeScript, on a declaration',
      LOCAL.replace(
        'let state: JourneyState | undefined;',
        'const first: Partial<JourneyState> = await api.state(instanceId);\n  let state: JourneyState | undefined;',
      ),
      'first',
    ],
    [
      'the pattern that declares it',
      LOCAL.replace('let state: JourneyState | undefined;', 'let { state }: { state: JourneyState | undefined } = { state: undefined };'),
      'state',
    ],
  ])('stays v1, marked, where its type is %s, and type-checks', async (name, session, holder = 'this.state') => {
    const dir = await writeApp(name.replaceAll(' ', '-'), session);
    // The type is what keeps the flow on v1: `--check` fails on it until the run has marked it.
    const before = await runCli(['.', '--journey-map', 'journey-map.json', '--check'], dir);
    expect(before.code).toBe(1);
    const reason = `[response.state-result] ${holder} `;
    const unmarked = new RegExp(`^session\\.ts:\\d+ v1 remains, unmarked ${reason.replace(/[.[\]]/g, '\\$&')}`, 'm');
    expect(before.stderr).toMatch(unmarked);
    const { report, checked } = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    const written = await readFile(join(dir, 'session.ts'), 'utf8');
    expect(written).toContain(`journey-codemod: unsupported ${reason}`);
    expect(written).not.toContain("from './journey-v2'");
    expect(typeErrors(dir)).toEqual([]);
    expect(checked).toBe(0);
  });
});

describe('an answer assigned where other code reads it', () => {
  it('migrates one held in a #private field as a private one: its reads in the class are followed', async () => {
    const dir = await writeApp('hash-private', handler('#state?: JourneyState;').replaceAll('this.state', 'this.#state'));
    const { report, checked } = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    const session = await readFile(join(dir, 'session.ts'), 'utf8');
    expect(session).toContain('#state?: V2State;');
    expect(session).toContain("return this.#state?.status === 'Failed' || this.#state?.status === 'Error';");
    expect(typeErrors(dir)).toEqual([]);
    expect(checked).toBe(0);
  });

  it('keeps the flow on v1, marked, where the class reads the #private field off another instance', async () => {
    const session = handler('#state?: JourneyState;')
      .replaceAll('this.state', 'this.#state')
      .replace(
        '  get pending(): boolean {',
        "  sameAs(other: Session): boolean {\n    return other.#state?.status === 'Failed';\n  }\n  get pending(): boolean {",
      );
    const dir = await writeApp('hash-private-other', session);
    const { report, checked } = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'session.ts'), 'utf8')).toContain('which the class also reads off another object');
    expect(typeErrors(dir)).toEqual([]);
    expect(checked).toBe(0);
  });

  it('keeps the flow on v1, marked, where it is a static field, which any module reads off the class', async () => {
    const session = handler('static state?: JourneyState;')
      .replace('  async run(subject: object): Promise<string> {', '  static async run(api: JourneyApi, subject: object): Promise<string> {')
      .replaceAll('this.api.', 'api.')
      .replace('  constructor(private readonly api: JourneyApi) {}\n', '')
      .replace(
        '  get failed(): boolean {\n    return this.state?.status',
        '  static get failed(): boolean {\n    return this.state?.status',
      )
      .replace('  get pending(): boolean {', '  static get pending(): boolean {');
    const dir = await writeApp('static-field', session);
    await writeFile(
      join(dir, 'reader.ts'),
      "import { Session } from './session';\nexport const failed = () => Session.state?.status === 'Failed';\n",
    );
    const { report, checked } = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'session.ts'), 'utf8')).toContain('a static field read off the class');
    expect(typeErrors(dir)).toEqual([]);
    expect(checked).toBe(0);
  });

  it('migrates one assigned with ??= as one assigned with =, its comparison taking v2’s Error', async () => {
    const dir = await writeApp(
      'nullish-assigned',
      LOCAL.replace(
        "if (state.status === 'Failed') return 'error';",
        "let seen: string | undefined;\n  seen ??= state.status;\n  if (seen === 'Failed') return 'error';",
      ),
    );
    const { report } = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(await readFile(join(dir, 'session.ts'), 'utf8')).toContain("if (seen === 'Failed' || seen === 'Error') return 'error';");
    expect(typeErrors(dir)).toEqual([]);
  });

  it('migrates one held in an exported let that no module of the run imports (exported for tests)', async () => {
    const dir = await writeApp('exported-unimported', EXPORTED_LATEST);
    const { report } = await migrate(dir);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(await readFile(join(dir, 'session.ts'), 'utf8')).toContain('export let latest: V2State | undefined;');
    expect(typeErrors(dir)).toEqual([]);
  });

  it.each([
    ['by name', "import { latest } from './session';\nexport const failed = () => latest?.status === 'Failed';\n"],
    [
      'through require, in CommonJS',
      "const m = require('./session');\nexports.failed = () => m.latest?.status === 'Failed';\n",
      'reader.cjs',
    ],
    ['through import()', "export const failed = async (): Promise<boolean> => (await import('./session')).latest?.status === 'Failed';\n"],
  ])(
    'keeps the flow on v1, marked, where an exported let is read by a module that imports it %s',
    async (how, reader, file = 'reader.ts') => {
      const dir = await writeApp(`exported-imported-${how.replace(/\W+/g, '-')}`, EXPORTED_LATEST);
      await writeFile(join(dir, file), reader);
      const { report, checked } = await migrate(dir);
      expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
      expect(await readFile(join(dir, 'session.ts'), 'utf8')).toContain('the v1 answer is stored in latest, which is exported');
      expect(typeErrors(dir)).toEqual([]);
      expect(checked).toBe(0);
    },
  );
});
