import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A service and the test written beside it, as a team writes one: the test stubs `fetch` by hand, routes on the
// end of the URL, answers each request with a v1 body, and checks the URLs it was sent.
const MAP = '{ "c3f9e5b2doc-selfie-v1": "d4a0f6c3doc-selfie-v2" }\n';
const SERVICE = `const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

async function send<T>(path: string, body: object): Promise<T> {
  const res = await fetch(\`\${BASE}/\${path}\`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

export async function onboard(subject: object): Promise<'ok' | 'rejected' | 'waiting'> {
  const { instanceId } = await send<{ instanceId: string }>('start', { resourceId: 'c3f9e5b2doc-selfie-v1', context: { subject } });
  const pending = await send<{ status: string; tasks: { taskId: string }[] }>('task/list', { instanceId });
  for (const task of pending.tasks) {
    await send('task/update', { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
  }
  const state = await send<{ status: string }>('state/fetch', { instanceId });
  if (state.status === 'Completed') return 'ok';
  if (state.status === 'Failed') return 'rejected';
  return 'waiting';
}
`;
const TEST = `import { expect, it, vi } from 'vitest';
import { onboard } from './onboard';

const answer = (body: unknown) => ({ ok: true, json: async () => body }) as Response;

it('finishes the journey', async () => {
  const sent: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    sent.push(url);
    if (url.endsWith('/start')) return answer({ instanceId: 'inst-aaaaaaaaaaaaaaaa' });
    if (url.endsWith('/task/list')) return answer({ instanceId: 'inst-aaaaaaaaaaaaaaaa', status: 'InProgress', tasks: [{ taskId: 'task-bbbbbbbbbbbbbbbb' }] });
    if (url.endsWith('/task/update')) return answer({ instanceId: 'inst-aaaaaaaaaaaaaaaa', taskId: 'task-bbbbbbbbbbbbbbbb' });
    return answer({ instanceId: 'inst-aaaaaaaaaaaaaaaa', status: 'Completed', metaData: { createdTime: '2026-01-01T00:00:00Z', completedTime: '' }, data: {} });
  }));
  expect(await onboard({})).toBe('ok');
  expect(sent.some((url) => url.includes('/captain/api/journey/start'))).toBe(true);
});
`;

let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo, stdio: 'pipe' }).toString();
const markerAbove = (text: string, line: string): string | undefined => {
  const lines = text.split('\n');
  const at = lines.findIndex((each) => each.includes(line));
  return lines[at - 1]?.includes('journey-codemod:') ? lines[at - 1] : undefined;
};

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-doubles-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('a test that mocks v1 beside the code it tests', () => {
  it('marks every v1 answer and path match it writes, counts no flow for them, and --check fails once the code is on v2', async () => {
    await commitProject(repo, { 'map.json': MAP, 'src/onboard.ts': SERVICE, 'src/onboard.test.ts': TEST });
    const run = await runCli(['src', '--journey-map', 'map.json'], repo);
    expect(run.code).toBe(0);
    // The string search for the v1 start is a match on a URL, not a start left on v1.
    expect(run.stderr).toContain('flows: 1 migrated whole, 0 left on v1');
    const test = await readFile(join(repo, 'src/onboard.test.ts'), 'utf8');
    expect(test).not.toContain('codemod.opaque-body');
    expect(markerAbove(test, "url.endsWith('/task/list')")).toContain('[codemod.v1-response-mock] a v1 task list');
    expect(markerAbove(test, "url.endsWith('/task/update')")).toContain('[codemod.v1-response-mock] a v1 task update answer');
    expect(markerAbove(test, 'metaData:')).toContain('[codemod.v1-response-mock] a v1 state');
    expect(markerAbove(test, "url.includes('/captain/api/journey/start')")).toContain(
      '[codemod.v1-response-mock] a URL matched against the v1 path "/captain/api/journey/start" (a test double or an assertion, not a request)',
    );
    // The start's route matches v2's path too: nothing to mark there.
    expect(markerAbove(test, "url.endsWith('/start')")).toBeUndefined();
    expect(await readFile(join(repo, 'src/onboard.ts'), 'utf8')).toContain("send<V2Interaction>('interaction/fetch'");

    git('add', '-A');
    git('commit', '-qm', 'migrated');
    // Marked or not, the test answers the v2 requests of onboard.ts with v1 bodies: it would fail or wait forever.
    const check = await runCli(['src', '--check', '--journey-map', 'map.json'], repo);
    expect(check.code).toBe(1);
    for (const line of [12, 14, 16, 20]) expect(check.stderr).toMatch(new RegExp(`onboard\\.test\\.ts:${line} v1 mock of a flow on v2 `));
    expect(check.stderr).toContain('and onboard.ts, which the file imports, calls v2');
  });

  it('takes routes of nock and msw for test doubles: marked, never a request, no flow', async () => {
    const doubles = `import nock from 'nock';
import { http, HttpResponse } from 'msw';
import { onboard } from './onboard';

const platform = nock('https://eu.platform.go.gbgplc.com').persist();
platform.post('/captain/api/journey/start').reply(200, { instanceId: 'inst-00000000000000001' });
platform.post('/captain/api/journey/task/list').times(2).reply(200, { instanceId: 'inst-00000000000000001', tasks: [] });

export const handlers = [
  http.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', () => HttpResponse.json({ status: 'InProgress' })),
];

export const run = () => onboard({});
`;
    await commitProject(repo, { 'map.json': MAP, 'src/onboard.ts': SERVICE, 'src/doubles.test.ts': doubles });
    const run = await runCli(['src', '--journey-map', 'map.json'], repo);
    expect(run.stderr).toContain('flows: 1 migrated whole, 0 left on v1');
    const test = await readFile(join(repo, 'src/doubles.test.ts'), 'utf8');
    expect(test).not.toContain('codemod.opaque-body');
    // The msw route's marker goes above the statement it is in.
    for (const route of [
      "platform.post('/captain/api/journey/start')",
      "platform.post('/captain/api/journey/task/list')",
      'export const handlers',
    ]) {
      expect(markerAbove(test, route)).toContain('[codemod.v1-response-mock] a URL matched against the v1 path');
    }
  });

  it('takes a request whose chain goes on with .once() for a request, not a route: the base it shares stays v1', async () => {
    const relay = `${SERVICE}
import got from 'got';

export function relayTasks(rawBody: string) {
  return got.stream.post(\`\${BASE}/task/list\`, { body: rawBody }).once('response', (r) => console.log(r.statusCode));
}
`;
    await commitProject(repo, { 'map.json': MAP, 'src/onboard.ts': relay });
    const run = await runCli(['src', '--journey-map', 'map.json'], repo);
    expect(run.stderr).toContain('flows: 0 migrated whole');
    const code = await readFile(join(repo, 'src/onboard.ts'), 'utf8');
    expect(code).toContain("const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';");
    expect(code).not.toContain('a test double or an assertion');
  });

  it("reads a file matching a v1 task path only when it names an instanceId: another API's /task/update is not v1", async () => {
    const todo = `export async function done(base: string, id: string) {
  return fetch(base + '/task/update', { method: 'POST', body: JSON.stringify({ taskId: id, done: true }) });
}
`;
    await commitProject(repo, { 'map.json': MAP, 'src/onboard.ts': SERVICE, 'src/onboard.test.ts': TEST, 'src/todo.ts': todo });
    const run = await runCli(['src', '--journey-map', 'map.json'], repo);
    expect(run.stderr).toContain('files: 3 scanned, 1 skipped by prefilter');
    expect(markerAbove(await readFile(join(repo, 'src/onboard.test.ts'), 'utf8'), "url.endsWith('/task/update')")).toContain(
      'a v1 task update answer',
    );
    expect(await readFile(join(repo, 'src/todo.ts'), 'utf8')).toBe(todo);
  });

  // Code already on v2 through a base known only at run time names no v2 base, only v2's paths: reviewN mock_wrap3
  // (`base + 'journey/interaction/fetch'`), reviewO m_axios (`interaction/fetch` on an instance's run-time base).
  it.each([
    [
      'joined to a run-time base',
      "export async function fetchInteraction(base: string, instanceId: string): Promise<unknown> {\n  const res = await fetch(base + 'journey/interaction/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });\n  return res.json();\n}\n",
    ],
    [
      "relative to an instance's run-time base",
      "import axios from 'axios';\nexport async function fetchInteraction(base: string, instanceId: string): Promise<unknown> {\n  const api = axios.create({ baseURL: base });\n  return (await api.post('interaction/fetch', { instanceId })).data;\n}\n",
    ],
  ])('fails --check on a marked v1 mock while the code the test imports names a v2 path %s', async (_, client) => {
    await commitProject(repo, {
      'src/client.ts': client,
      'src/client.test.ts':
        "import nock from 'nock';\nimport { fetchInteraction } from './client';\n\ntest('lists', async () => {\n  nock('https://eu.platform.go.gbgplc.com').post('/captain/api/journey/task/list').reply(200, { instanceId: 'i', status: 'InProgress', tasks: [{ taskId: 't' }] });\n  await fetchInteraction(process.env.BASE ?? '', 'i');\n});\n",
    });
    await runCli(['src'], repo);
    git('commit', '-qam', 'marked');
    const check = await runCli(['src', '--check'], repo);
    expect(check.stderr).toMatch(/client\.test\.ts:\d+ v1 mock of a flow on v2 .* and client\.ts, which the file imports, calls v2/);
    expect(check.code).toBe(1);
  });

  it('passes --check while the code the test imports stays v1, its mocks marked', async () => {
    // Without the journey map the start is unmapped: the flow stays v1, and the test's v1 mocks still fit it.
    await commitProject(repo, { 'src/onboard.ts': SERVICE, 'src/onboard.test.ts': TEST });
    const run = await runCli(['src'], repo);
    expect(run.stderr).toContain('flows: 0 migrated whole, 1 left on v1');
    git('commit', '-qam', 'marked');
    const check = await runCli(['src', '--check'], repo);
    expect(check.stderr).not.toContain('v1 mock of a flow on v2');
    expect(check.code).toBe(0);
  });

  it('leaves no marker of an earlier run saying "stays v1" above code a later run migrates, and keeps a person\'s notes', async () => {
    // The first run keeps both flows on v1: they share the base, and the audit reads metaData, which v2 lacks.
    const audit = `
export async function audit(instanceId: string): Promise<string> {
  const state = await send<{ metaData: { completedTime: string } }>('state/fetch', { instanceId });
  return state.metaData.completedTime;
}
`;
    await commitProject(repo, { 'map.json': MAP, 'src/onboard.ts': SERVICE + audit });
    await runCli(['src', '--journey-map', 'map.json'], repo);
    const first = await readFile(join(repo, 'src/onboard.ts'), 'utf8');
    expect(first.match(/journey-codemod: unsupported \[codemod\.shared-constant\][^\n]*which stays v1/g)?.length).toBeGreaterThan(2);
    // Then the audit goes, and a person adds notes of their own near the markers.
    const edited = first
      .slice(0, first.indexOf('\nexport async function audit'))
      .replace(
        '  const { instanceId } = await send<',
        '  // journey-codemod: we move this flow once the audit is gone\n  // see journey-codemod: unsupported [codemod.shared-constant] in the review\n  const { instanceId } = await send<',
      );
    await writeFile(join(repo, 'src/onboard.ts'), edited);
    git('commit', '-qam', 'audit removed');

    const second = await runCli(['src', '--journey-map', 'map.json'], repo);
    expect(second.stderr).toContain('flows: 1 migrated whole, 0 left on v1');
    const after = await readFile(join(repo, 'src/onboard.ts'), 'utf8');
    expect(after).not.toContain('which stays v1');
    expect(after).toContain('  // journey-codemod: we move this flow once the audit is gone\n');
    expect(after).toContain('  // see journey-codemod: unsupported [codemod.shared-constant] in the review\n');
    expect(after).toContain('waitUntilRun(');
    git('commit', '-qam', 'migrated');
    expect((await runCli(['src', '--check', '--journey-map', 'map.json'], repo)).code).toBe(0);
    // Run again: nothing changes.
    expect((await runCli(['src', '--journey-map', 'map.json'], repo)).stderr).toContain('0 changed');
  });
});
