import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// Clients whose requests the codemod cannot follow to a URL: the v1 they call must still fail `--check` until marked.
const MAP = { 'map.json': '{ "a1d7c3f0data-check-v1": "b2e8d4a1data-check-v2" }\n' };

// A hand-written client class: its base is a constructor parameter's default, so `this.post(path)` resolves nowhere.
const SDK_CLASS = {
  ...MAP,
  'src/config.ts': `const host = process.env.JOURNEY_HOST ?? 'https://eu.platform.go.gbgplc.com';
export const config = {
  journey: { baseUrl: \`\${host}/eu/captain/api/journey/\`, dataCheck: 'a1d7c3f0data-check-v1@latest' },
};
`,
  'src/sdk.ts': `import { config } from './config.ts';

export class JourneySdk {
  constructor(private readonly token: string, private readonly baseUrl: string = config.journey.baseUrl) {}
  private async post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(this.baseUrl + path, { method: 'POST', headers: { authorization: \`Bearer \${this.token}\` }, body: JSON.stringify(body) });
    return (await res.json()) as T;
  }
  start(resourceId: string): Promise<{ instanceId: string }> {
    return this.post('start', { resourceId, context: { config: { async: true }, subject: {} } });
  }
  listTasks(instanceId: string): Promise<{ tasks: { taskId: string }[] }> {
    return this.post('task/list', { instanceId });
  }
  complete(instanceId: string, taskId: string, subject: object): Promise<unknown> {
    return this.post('task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
  }
}
`,
  'src/start.ts': `import { config } from './config.ts';
import type { JourneySdk } from './sdk.ts';
export async function begin(sdk: JourneySdk): Promise<string> {
  return (await sdk.start(config.journey.dataCheck)).instanceId;
}
`,
};

// An openapi-generator client: the v1 start is a generated method, and only its resourceId shows the version.
const GENERATED = {
  ...MAP,
  'src/app.ts': `import { Configuration, JourneyApi } from './generated/index.ts';
export async function begin(host: string): Promise<string> {
  const api = new JourneyApi(new Configuration({ basePath: \`\${host}/eu/captain/api\` }));
  const { instanceId } = await api.journeyStartPost({
    journeyStartRequest: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } },
  });
  return instanceId;
}
`,
};

// The same shapes on v2: its paths and ids, which no check may take for v1.
const ON_V2 = {
  ...MAP,
  'src/sdk.ts': `const BASE = 'https://eu.platform.go.gbgplc.com/v2/captain/journey/';
export class JourneySdk {
  constructor(private readonly baseUrl: string = BASE) {}
  private async post<T>(path: string, body: unknown): Promise<T> {
    return (await (await fetch(this.baseUrl + path, { method: 'POST', body: JSON.stringify(body) })).json()) as T;
  }
  start(): Promise<{ instanceId: string }> {
    return this.post('start', { resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } });
  }
  state(instanceId: string): Promise<{ status: string }> {
    return this.post('state/fetch', { instanceId });
  }
}
`,
};

// v2 code that names v1's task paths for its own ends: a thunk's action type, a route it serves, a log line.
const V2_NAMING_TASK_PATHS = {
  ...MAP,
  'src/tasks.ts': `import { createAsyncThunk } from '@reduxjs/toolkit';
const V2 = 'https://eu.platform.go.gbgplc.com/v2/captain/journey/';
export const listTasks = createAsyncThunk('task/list', async (instanceId: string) => {
  const res = await fetch(V2 + 'interaction/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  return res.json();
});
`,
  'src/server.ts': `import express from 'express';
const app = express();
const V2 = 'https://eu.platform.go.gbgplc.com/v2/captain/journey/';
app.post('/task/update', async (req, res) => {
  const answer = await fetch(V2 + 'interaction/submit', { method: 'POST', body: JSON.stringify(req.body) });
  console.info('/task/update', { status: answer.status });
  res.json(await answer.json());
});
`,
};

let repo: string;
const findings = async (...args: string[]) => {
  const run = await runCli(['src', '--check', '--json', ...args], repo);
  const { check } = JSON.parse(run.stdout) as { check: { findings: { file: string; line: number; text: string }[] } };
  return { code: run.code, found: check.findings.map((finding) => `${finding.file}:${finding.line} ${finding.text}`) };
};

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-unfollowed-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('--check on v1 sent through a client the codemod cannot follow', () => {
  it("fails a client class's v1 task paths and the v1 resourceId it starts, until a run marks them, changing nothing else", async () => {
    await writeProject(repo, SDK_CLASS);
    const before = await findings('--journey-map', 'map.json');
    expect(before.code).toBe(1);
    expect(before.found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^src\/sdk\.ts:13 v1 remains, unmarked \[codemod\.unrecognized-v1-url\] sends the v1 path 'task\/list'/),
        expect.stringMatching(/^src\/sdk\.ts:16 v1 remains, unmarked \[codemod\.unrecognized-v1-url\] sends the v1 path 'task\/update'/),
        expect.stringMatching(/^src\/config\.ts:3 v1 remains, unmarked \[request\.start-resource-id\] a v1 resourceId/),
      ]),
    );
    const sdk = await readFile(join(repo, 'src/sdk.ts'), 'utf8');
    expect((await runCli(['src', '--journey-map', 'map.json'], repo)).code).toBe(0);
    const marked = await readFile(join(repo, 'src/sdk.ts'), 'utf8');
    // Only markers are added: the start, named by 'start' alone (v2 has it too), is neither marked nor changed.
    expect(marked.split('\n').filter((line) => !line.trim().startsWith('// journey-codemod:'))).toEqual(sdk.split('\n'));
    expect(marked.match(/journey-codemod: unsupported/g)).toHaveLength(2);
    expect(await findings('--journey-map', 'map.json')).toEqual({ code: 0, found: [] });
  });

  it("fails a generated client's start by its v1 resourceId, which only the journey map tells", async () => {
    await writeProject(repo, GENERATED);
    const withMap = await findings('--journey-map', 'map.json');
    expect(withMap.code).toBe(1);
    const resourceId =
      /^src\/app\.ts:5 v1 remains, unmarked \[request\.start-resource-id\] a v1 resourceId \("a1d7c3f0data-check-v1@latest"\)/;
    expect(withMap.found).toEqual(expect.arrayContaining([expect.stringMatching(resourceId)]));
    expect((await findings()).found.filter((found) => resourceId.test(found))).toEqual([]);
    expect((await runCli(['src', '--journey-map', 'map.json'], repo)).code).toBe(0);
    expect(await findings('--journey-map', 'map.json')).toEqual({ code: 0, found: [] });
  });

  it('passes v2 code naming a v1 task path without a body naming an instance: a thunk, a route, a log line', async () => {
    await writeProject(repo, V2_NAMING_TASK_PATHS);
    expect(await findings('--journey-map', 'map.json')).toEqual({ code: 0, found: [] });
  });

  it('passes the same client on v2: its start, state path and v2 resourceId are not v1', async () => {
    await writeProject(repo, ON_V2);
    expect(await findings('--journey-map', 'map.json')).toEqual({ code: 0, found: [] });
  });
});
