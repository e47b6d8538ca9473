import { mkdir, mkdtemp, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/report.js';
import { commitProject } from './js-projects.js';
import { runCli } from './run-cli.js';
import { typeErrors } from './type-errors.js';
import { SDK_TYPES } from './vendored-sdk-types.js';

// An app that starts its journey with its own fetch and hands the id to a vendored ES module SDK, which a
// declaration file types: the codemod rewrites the SDK's code but not its declarations, so migrating it would
// leave the app reading v2 answers by v1 types (`pendingInteractionId(list)` of a `TaskList` does not type-check),
// or, where the types hid a read from it, reading `list.tasks` of a v2 answer at run time.
const MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const app = (specifier: string) => `import { completeTask, fetchState, listTasks } from '${specifier}';

const host = 'http://localhost:8080';

export async function verify(token: string, subject: object): Promise<boolean> {
  const res = await fetch(\`\${host}/eu/captain/api/journey/start\`, {
    method: 'POST',
    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  const list = await listTasks(token, instanceId);
  for (const task of list.tasks) await completeTask(token, instanceId, task.taskId, subject);
  const state = await fetchState(token, instanceId);
  return state.status === 'Completed';
}
`;

const SDK = `// Vendored from the platform team's journey-sdk. Do not edit.
const BASE = 'http://localhost:8080/eu/captain/api/journey/';
async function call(path, token, body) {
  const res = await fetch(BASE + path, { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}
export function listTasks(token, instanceId) {
  return call('task/list', token, { instanceId: instanceId });
}
export function completeTask(token, instanceId, taskId, subject) {
  return call('task/update', token, { intent: 'Complete', instanceId: instanceId, taskId: taskId, context: { subject: subject } });
}
export function fetchState(token, instanceId) {
  return call('state/fetch', token, { instanceId: instanceId });
}
`;

/** No `@types/node`: the app uses fetch of the DOM library alone, and the SDK's code is typed by its declarations only. */
const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  },
  include: ['src'],
});

const COMMON = {
  '.gitignore': 'node_modules\n',
  'package.json': '{ "name": "declared", "private": true, "type": "module" }\n',
  'tsconfig.json': TSCONFIG,
};

let repo: string;
beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-declared-')));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

async function migrate(paths: readonly string[]): Promise<Report> {
  const run = await runCli([...paths, '--journey-map', MAP, '--report', '-'], repo);
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Report;
}

/** The app and the SDK end whole on v1, the SDK's calls marked for the declaration file, and the output type-checks. */
async function expectWholeOnV1(report: Report, sdk: string, declaration: string, paths: readonly string[]): Promise<void> {
  expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
  const appText = await readFile(join(repo, 'src/app.ts'), 'utf8');
  const sdkText = await readFile(join(repo, sdk), 'utf8');
  expect(appText).toContain('/eu/captain/api/journey/start');
  expect(appText).toContain('for (const task of list.tasks)');
  expect(appText).toMatch(/\/\/ journey-codemod: unsupported \[[\w.-]+\] .*\n\s+const res = await fetch/);
  expect(sdkText).toContain("call('task/list'");
  expect(sdkText).toContain("'http://localhost:8080/eu/captain/api/journey/'");
  for (const text of [appText, sdkText]) expect(text).not.toMatch(/\/v2\/captain\/|interaction\/|journey-v2|pendingInteractionId/);
  expect(sdkText).toContain(
    `// journey-codemod: unsupported [codemod.declaration-file] this file is typed by ${declaration}, which the codemod does not rewrite`,
  );
  expect(typeErrors(repo)).toEqual([]);
  expect((await runCli([...paths, '--check', '--journey-map', MAP], repo)).code).toBe(0);
}

describe('a JavaScript file a declaration file types', () => {
  it('is not migrated when an index.d.ts lies beside its index.js, and the start it takes part in stays v1 with it', async () => {
    await commitProject(repo, {
      ...COMMON,
      'src/app.ts': app('../vendor/sdk/index.js'),
      'vendor/sdk/package.json': '{ "type": "module" }\n',
      'vendor/sdk/index.js': SDK,
      'vendor/sdk/index.d.ts': SDK_TYPES,
    });
    const paths = ['src/app.ts', 'vendor/sdk'];
    await expectWholeOnV1(await migrate(paths), 'vendor/sdk/index.js', 'index.d.ts', paths);
  });

  it("is not migrated when its package's package.json names the types elsewhere, reached by the package's name", async () => {
    await commitProject(repo, {
      ...COMMON,
      'src/app.ts': app('@acme/journey-sdk'),
      'vendor/sdk/package.json':
        '{ "name": "@acme/journey-sdk", "type": "module", "main": "dist/index.js", "types": "types/index.d.ts" }\n',
      'vendor/sdk/dist/index.js': SDK,
      'vendor/sdk/types/index.d.ts': SDK_TYPES,
    });
    // As a workspace or a `file:` dependency links it (ignored by git, as node_modules is).
    await mkdir(join(repo, 'node_modules/@acme'), { recursive: true });
    await symlink('../../vendor/sdk', join(repo, 'node_modules/@acme/journey-sdk'));
    const paths = ['src', 'vendor'];
    await expectWholeOnV1(await migrate(paths), 'vendor/sdk/dist/index.js', '../types/index.d.ts', paths);
  });

  it("is migrated when the declarations are the repository's own package's, which its own code does not import by", async () => {
    // A JavaScript library that ships declarations for its users: its own modules import one another by path.
    await commitProject(repo, {
      ...COMMON,
      'package.json': '{ "name": "verify-lib", "type": "module", "main": "lib/verify.js", "types": "types/verify.d.ts" }\n',
      'types/verify.d.ts': 'export declare function verify(token: string, subject: object): Promise<boolean>;\n',
      'lib/verify.js': app('./sdk.js').replace(/: string|: object|: Promise<boolean>| as \{ instanceId: string \}/g, ''),
      'lib/sdk.js': SDK,
    });
    const report = await migrate(['lib']);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(await readFile(join(repo, 'lib/sdk.js'), 'utf8')).not.toContain('codemod.declaration-file');
  });

  it('is migrated when its package.json names declarations that are not there', async () => {
    await commitProject(repo, {
      ...COMMON,
      'src/app.ts': app('@acme/journey-sdk'),
      'vendor/sdk/package.json': '{ "name": "@acme/journey-sdk", "type": "module", "main": "dist/index.js", "types": "dist/index.d.ts" }\n',
      'vendor/sdk/dist/index.js': SDK,
    });
    await mkdir(join(repo, 'node_modules/@acme'), { recursive: true });
    await symlink('../../vendor/sdk', join(repo, 'node_modules/@acme/journey-sdk'));
    await migrate(['src', 'vendor']);
    expect(await readFile(join(repo, 'vendor/sdk/dist/index.js'), 'utf8')).not.toContain('codemod.declaration-file');
  });
});
