import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A start whose instance id reaches v1 task calls the codemod cannot follow must stay v1 with them: a run that moved
// the start alone would send a v2 id to v1 (the apps of /tmp/rt18b-codemod: `libjourney` and `mixed`).
const MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

/** A library outside the run (`src`): its `pendingTasks` calls v1 task/list with the id it is given. */
const LIB = `const host = process.env.JOURNEY_HOST ?? 'http://localhost:8080';
export async function pendingTasks(token: string, instanceId: string): Promise<string[]> {
  const res = await fetch(\`\${host}/eu/captain/api/journey/task/list\`, {
    method: 'POST',
    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  const list = (await res.json()) as { tasks: { taskId: string }[] };
  return list.tasks.map((t) => t.taskId);
}
`;

/** A start that hands its id to `pendingTasks`, bound by `binding` (an import, a dynamic import), then lists the tasks itself. */
const app = (imports: string, binding: string, call = 'await pendingTasks(token, instanceId)') => `${imports}
const host = process.env.JOURNEY_HOST ?? 'http://localhost:8080';
const H = (token: string) => ({ authorization: \`Bearer \${token}\`, 'content-type': 'application/json' });

export async function run(token: string, subject: object): Promise<number> {
  const started = await fetch(\`\${host}/eu/captain/api/journey/start\`, { method: 'POST', headers: H(token), body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } }) });
  const { instanceId } = (await started.json()) as { instanceId: string };
  ${binding}
  const pending = ${call};
  const res = await fetch(\`\${host}/eu/captain/api/journey/task/list\`, { method: 'POST', headers: H(token), body: JSON.stringify({ instanceId }) });
  const list = (await res.json()) as { tasks: { taskId: string }[] };
  return list.tasks.length + (pending as string[]).length;
}
`;

let repo: string;
beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-unfollowed-imports-')));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

/** Runs the codemod on `src` and asserts `file` kept its start on v1, marked as sending the id to `pendingTasks`. */
async function expectKeptV1(file: string): Promise<void> {
  const run = await runCli(['src', '--journey-map', MAP], repo);
  expect(run.stderr).toContain('0 migrated whole');
  const text = await readFile(join(repo, file), 'utf8');
  expect(text).toContain('/eu/captain/api/journey/start');
  expect(text).not.toContain('/v2/captain/');
  expect(text).toMatch(/unsupported \[codemod\.unfollowed-instance\] the journey's id is sent to pendingTasks/);
}

describe('a function of a library outside the run that its start hands the id to', () => {
  it('is followed through a re-export in the run to the module that declares it', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "libjourney", "private": true, "type": "module" }\n',
      'lib/journey.ts': LIB,
      'src/reexport.ts': "export { pendingTasks } from '../lib/journey.ts';\n",
      'src/app.ts': app("import { pendingTasks } from './reexport.ts';", ''),
    });
    await expectKeptV1('src/app.ts');
  });

  it('is found when destructured from `await import()`', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "libjourney", "private": true, "type": "module" }\n',
      'lib/journey.ts': LIB,
      'src/app.ts': app('', "const { pendingTasks } = await import('../lib/journey.ts');"),
    });
    await expectKeptV1('src/app.ts');
  });

  it('is found as the parameter of `import().then`', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "libjourney", "private": true, "type": "module" }\n',
      'lib/journey.ts': LIB,
      'src/app.ts': app('', '', "await import('../lib/journey.ts').then(({ pendingTasks }) => pendingTasks(token, instanceId))"),
    });
    await expectKeptV1('src/app.ts');
  });
});

// An openapi-generator client: its requests name their v1 paths in `this.request({ path })`, which the codemod marks
// but cannot follow to the calls of its methods.
const RUNTIME = `export class Configuration {
  constructor(private configuration: { basePath?: string; accessToken?: string } = {}) {}
  get basePath(): string { return this.configuration.basePath ?? ''; }
  get accessToken(): string | undefined { return this.configuration.accessToken; }
}
export interface RequestOpts { path: string; method: 'POST'; body?: unknown }
export class BaseAPI {
  constructor(protected configuration = new Configuration()) {}
  protected async request(context: RequestOpts): Promise<Response> {
    return fetch(this.configuration.basePath + context.path, {
      method: context.method,
      headers: { authorization: \`Bearer \${this.configuration.accessToken}\`, 'content-type': 'application/json' },
      body: JSON.stringify(context.body),
    });
  }
}
`;

const JOURNEY_API = `import * as runtime from './runtime.ts';

export class JourneyApi extends runtime.BaseAPI {
  async journeyTaskListPost(requestParameters: { taskListRequest: { instanceId: string } }): Promise<{ tasks: { taskId: string }[] }> {
    const response = await this.request({ path: \`/journey/task/list\`, method: 'POST', body: requestParameters.taskListRequest });
    return (await response.json()) as { tasks: { taskId: string }[] };
  }

  async journeyTaskUpdatePost(requestParameters: { taskUpdateRequest: { intent: string; instanceId: string; taskId: string; context: object } }): Promise<unknown> {
    const response = await this.request({ path: \`/journey/task/update\`, method: 'POST', body: requestParameters.taskUpdateRequest });
    return response.json();
  }
}
`;

/** `mixed`: the start keeps its id in a shared Map; another module takes it back and completes the tasks through the client. */
const MIXED = {
  'package.json': '{ "name": "mixed", "private": true, "type": "module" }\n',
  'src/generated/runtime.ts': RUNTIME,
  'src/generated/JourneyApi.ts': JOURNEY_API,
  'src/store.ts': 'export const instances = new Map<string, string>();\n',
  'src/fraud.ts': `import { instances } from './store.ts';

const host = process.env.JOURNEY_HOST ?? 'http://localhost:8080';

export async function startCheck(token: string, userId: string): Promise<void> {
  const res = await fetch(\`\${host}/eu/captain/api/journey/start\`, {
    method: 'POST',
    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  instances.set(\`check:\${userId}\`, instanceId);
}
`,
  'src/pending.ts': `import { Configuration } from './generated/runtime.ts';
import { JourneyApi } from './generated/JourneyApi.ts';
import { instances } from './store.ts';

const host = process.env.JOURNEY_HOST ?? 'http://localhost:8080';
const api = (token: string) => new JourneyApi(new Configuration({ basePath: \`\${host}/eu/captain/api\`, accessToken: token }));

export async function completePending(token: string, userId: string, subject: object): Promise<number> {
  const instanceId = instances.get(\`check:\${userId}\`)!;
  const list = await api(token).journeyTaskListPost({ taskListRequest: { instanceId } });
  for (const task of list.tasks) {
    await api(token).journeyTaskUpdatePost({ taskUpdateRequest: { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } } });
  }
  return list.tasks.length;
}
`,
};

describe('a start whose id leaves the code, beside a generated client whose v1 task requests the codemod cannot follow', () => {
  it('keeps the start on v1, marked: the client may be handed the same id back', async () => {
    await writeProject(repo, MIXED);
    const run = await runCli(['src', '--journey-map', MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    const fraud = await readFile(join(repo, 'src/fraud.ts'), 'utf8');
    expect(fraud).toContain('/eu/captain/api/journey/start');
    expect(fraud).not.toContain('/v2/captain/');
    expect(fraud).toMatch(
      /unsupported \[codemod\.unfollowed-instance\] its instance id is handed to instances\.set, which the codemod does not see \(line \d+ of this file\), and the v1 call at line \d+ of generated\/JourneyApi\.ts takes an instance id the codemod cannot tie to a start/,
    );
  });
});
