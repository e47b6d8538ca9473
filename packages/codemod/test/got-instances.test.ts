import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A journey through a got instance another module makes: whether its calls answer the response or the parsed body is
// in the options that module gives got.extend, and the task list is read as what the call answers.
const VERIFY = `import { journeys } from './http';

interface TaskList {
  tasks: { taskId: string }[];
}

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

export async function verifyAddress(address: object): Promise<boolean> {
  const started = (await journeys.post(\`\${BASE}/start\`, { json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } } })) as unknown as { instanceId: string };
  const list = (await journeys.post(\`\${BASE}/task/list\`, { json: { instanceId: started.instanceId } })) as unknown as TaskList;
  for (const task of list.tasks) {
    await journeys.post(\`\${BASE}/task/update\`, { json: { intent: 'Complete', instanceId: started.instanceId, taskId: task.taskId, context: { subject: { address } } } });
  }
  return true;
}
`;

const HTTP: Record<string, string> = {
  'options written out': "import got from 'got';\nexport const journeys = got.extend({ responseType: 'json', resolveBodyOnly: true });\n",
  'options passed by name':
    "import got from 'got';\nconst options = { responseType: 'json' as const, resolveBodyOnly: true };\nexport const journeys = got.extend(options);\n",
  'a handler that may set them':
    "import got from 'got';\nexport const journeys = got.extend({ handlers: [(options, next) => next(options)] });\n",
  // Written before the options it overrides: the order of the keys does not matter.
  'an afterResponse hook that may change the answer':
    "import got from 'got';\nexport const journeys = got.extend({ hooks: { afterResponse: [(response) => response] }, responseType: 'json', resolveBodyOnly: true });\n",
  'a beforeRequest hook adding auth':
    "import got from 'got';\nexport const journeys = got.extend({ responseType: 'json', resolveBodyOnly: true, hooks: { beforeRequest: [(options) => { options.headers.authorization = 'Bearer t'; }] } });\n",
  'a beforeRetry hook that logs':
    "import got from 'got';\nexport const journeys = got.extend({ responseType: 'json', resolveBodyOnly: true, hooks: { beforeRetry: [(error, count) => console.warn('retry', count)] } });\n",
  // What a beforeRequest hook returns is taken as the answer, the request never sent.
  'a beforeRequest hook that may answer from a cache':
    "import got from 'got';\nconst cache = new Map();\nexport const journeys = got.extend({ responseType: 'json', resolveBodyOnly: true, hooks: { beforeRequest: [(options) => { const hit = cache.get(String(options.url)); if (hit) return hit; }] } });\n",
  'a beforeRequest hook written elsewhere':
    "import got from 'got';\nimport { fromCache } from './cache';\nexport const journeys = got.extend({ responseType: 'json', resolveBodyOnly: true, hooks: { beforeRequest: [fromCache] } });\n",
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journey-codemod-got-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function migrate(http: string): Promise<{ report: Report; verify: string }> {
  await writeProject(dir, {
    'map.json': '{ "a1d7c3f0data-check-v1": "b2e8d4a1data-check-v2" }\n',
    'src/http.ts': http,
    'src/verify.ts': VERIFY,
  });
  const run = await runCli(['src', '--journey-map', 'map.json', '--report', '-'], dir);
  expect(run.code).toBe(0);
  return { report: JSON.parse(run.stdout) as Report, verify: await readFile(join(dir, 'src/verify.ts'), 'utf8') };
}

describe('a got instance made in another module', () => {
  it.each(['options written out', 'a beforeRequest hook adding auth', 'a beforeRetry hook that logs'])(
    'with %s answers the body: the task list is read as the interaction it becomes',
    async (form) => {
      const { report, verify } = await migrate(HTTP[form] ?? '');
      expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
      expect(verify).toContain('as unknown as V2Interaction');
      expect(verify).not.toContain('list.tasks');
    },
  );

  it.each([
    'options passed by name',
    'a handler that may set them',
    'an afterResponse hook that may change the answer',
    'a beforeRequest hook that may answer from a cache',
    'a beforeRequest hook written elsewhere',
  ])('with %s answers what the code does not show: the flow stays v1, marked', async (form) => {
    const { report, verify } = await migrate(HTTP[form] ?? '');
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(report.sites.map((site) => site.rule)).toContain('codemod.unknown-client');
    expect(verify).toContain('for (const task of list.tasks)');
  });
});
