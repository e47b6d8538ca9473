import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A client class with the v1 calls of a journey, a subclass that overrides one of its methods, and a caller that
// picks either at run time: a call on the base's type may run the override, so the override's calls are the flow's.
const MAP = { 'map.json': '{ "a1d7c3f0data-check-v1": "b2e8d4a1data-check-v2" }\n' };

const CLIENT = `export interface TaskList { instanceId: string; status: string; tasks: { taskId: string }[] }

export class JourneyClient {
  constructor(protected readonly host: string, protected readonly token: string) {}

  protected async post<T>(url: string, body: unknown): Promise<T> {
    const res = await fetch(url, { method: 'POST', headers: { authorization: \`Bearer \${this.token}\` }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(\`\${url}: \${res.status}\`);
    return (await res.json()) as T;
  }

  start(subject: object) {
    return this.post<{ instanceId: string }>(\`\${this.host}/eu/captain/api/journey/start\`, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } });
  }

  tasks(instanceId: string) {
    return this.post<TaskList>(\`\${this.host}/eu/captain/api/journey/task/list\`, { instanceId });
  }

  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await this.post<unknown>(\`\${this.host}/eu/captain/api/journey/task/update\`, { intent: 'Complete', instanceId, taskId, context: { subject } });
  }
}
`;

const MAIN = `import { JourneyClient } from './client.js';
import { DraftingClient } from './drafting-client.js';

const host = process.env.JOURNEY_HOST ?? 'https://eu.platform.go.gbgplc.com';
const api: JourneyClient = process.env.KEEP_DRAFTS ? new DraftingClient(host, 'dev') : new JourneyClient(host, 'dev');

const subject = { identity: { firstName: 'Ada' } };
const { instanceId } = await api.start(subject);
const list = await api.tasks(instanceId);
for (const t of list.tasks) await api.complete(instanceId, t.taskId, subject);
`;

// The override saves a draft on v1 (an intent v2 has no counterpart for) before completing.
const SAVING = {
  ...MAP,
  'src/client.ts': CLIENT,
  'src/main.ts': MAIN,
  'src/drafting-client.ts': `import { JourneyClient } from './client.js';

export class DraftingClient extends JourneyClient {
  override async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await this.post<unknown>(this.host + '/eu/captain/api/journey/task/update', { intent: 'Save', instanceId, taskId, context: { subject } });
    await super.complete(instanceId, taskId, subject);
  }
}
`,
};

// The override only logs before completing: nothing of v1 of its own, so the flow moves.
const LOGGING = {
  ...SAVING,
  'src/drafting-client.ts': `import { JourneyClient } from './client.js';

export class DraftingClient extends JourneyClient {
  override async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    console.info('completing', taskId);
    await super.complete(instanceId, taskId, subject);
  }
}
`,
};

let repo: string;
const findings = async () => {
  const run = await runCli(['src', '--check', '--json', '--journey-map', 'map.json'], repo);
  const { check } = JSON.parse(run.stdout) as { check: { findings: { file: string; line: number; text: string }[] } };
  return { code: run.code, found: check.findings.map((finding) => `${finding.file}:${finding.line} ${finding.text}`) };
};
const unmarked = (text: string) => text.split('\n').filter((line) => !line.trim().startsWith('// journey-codemod:'));

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-overrides-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('a method called on a base class whose subclass overrides it', () => {
  it("keeps the whole flow on v1, marked, when the override's own v1 call cannot move, and --check fails until then", async () => {
    await writeProject(repo, SAVING);
    const before = await findings();
    expect(before.code).toBe(1);
    for (const file of ['client.ts', 'drafting-client.ts', 'main.ts'])
      expect(before.found.some((found) => found.startsWith(`src/${file}:`))).toBe(true);
    const written = new Map(
      await Promise.all(
        ['client.ts', 'drafting-client.ts', 'main.ts'].map(async (f) => [f, await readFile(join(repo, 'src', f), 'utf8')] as const),
      ),
    );
    const run = await runCli(['src', '--journey-map', 'map.json', '--report', '-'], repo);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(report.created).toEqual([]);
    // Nothing but markers changed, in every file of the flow: the start and the calls the caller makes stay v1.
    for (const [file, text] of written) {
      const after = await readFile(join(repo, 'src', file), 'utf8');
      expect(unmarked(after)).toEqual(text.split('\n'));
      expect(after).toContain('// journey-codemod: unsupported [');
    }
    expect(await findings()).toEqual({ code: 0, found: [] });
  });

  it('moves the flow whole when the override has no v1 of its own', async () => {
    await writeProject(repo, LOGGING);
    const run = await runCli(['src', '--journey-map', 'map.json', '--report', '-'], repo);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Report).flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(await readFile(join(repo, 'src/client.ts'), 'utf8')).not.toContain('captain/api');
    expect(await findings()).toEqual({ code: 0, found: [] });
  });
});
