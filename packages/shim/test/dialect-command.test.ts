import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toV1State, V1Dialect, V2State } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { journeys } from '../../adapter/test/targets.js';
import { exitOf, removeTempDirs, tempDir } from './shim-cli.js';

afterAll(removeTempDirs);

/** v1 states of the production caller's tenant, as its answers were saved: pending without data.context, then decided. */
const pending = {
  instanceId: 'i'.repeat(32),
  status: 'InProgress',
  metaData: { createdTime: '2026-01-01T10:00:00Z', completedTime: '' },
  data: {},
};
const decided = {
  instanceId: 'i'.repeat(32),
  status: 'Completed',
  metaData: { createdTime: '2026-01-01T10:00:00Z', completedTime: '2026-01-01T10:01:00Z' },
  data: {
    context: {
      process: {
        flow: {
          'kyc-eu-v3': { _ggo: { module: 'kyc' }, result: { outcome: 'Match' } },
          evaluation: { _ggo: { module: 'decision' }, result: { outcome: 'Decision: Pass 1+1' } },
        },
      },
      result: { status: 'complete' },
    },
  },
};

async function saved(name: string, state: unknown): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, JSON.stringify(state));
  return path;
}

describe('journey-bridge dialect', () => {
  it('derives the journey-map entry from saved states, and says what it could not infer', async () => {
    const { code, stdout, stderr } = await exitOf([
      'dialect',
      '--state',
      await saved('pending.json', pending),
      '--state',
      await saved('decided.json', decided),
      '--v1',
      'a1d7c3f0data-check-v1',
      '--v2',
      'b2e8d4a1data-check-v2@latest',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      'a1d7c3f0data-check-v1': {
        v2: 'b2e8d4a1data-check-v2@latest',
        dialect: {
          layout: 'context.process',
          omitUntilDecided: true,
          decision: { key: 'evaluation', outcomes: { Accept: 'Decision: Pass 1+1' } },
          entryFields: { _ggo: {} },
        },
      },
    });
    expect(stderr).toContain('note: flow keys kyc-eu-v3: map each v2 step nodeId');
    expect(stderr).toContain('note: no answer shows the wording of Reject, Manual review');
  });

  it('produces a dialect under which the adapter answers the same shape as the saved states', async () => {
    const { stdout } = await exitOf([
      'dialect',
      '--state',
      await saved('pending.json', pending),
      '--state',
      await saved('decided.json', decided),
    ]);
    const dialect = V1Dialect.parse({ ...JSON.parse(stdout), flowKeys: { 'identity-check': 'kyc-eu-v3' } });
    const v2 = (status: string, decision?: string) =>
      V2State.parse({
        instanceId: 'i'.repeat(32),
        status,
        context: {
          process: { steps: decision ? [{ nodeId: 'identity-check', outcome: 'Match' }] : [] },
          result: { status: decision ? 'complete' : 'pending', advice: decision ? { decision } : {} },
        },
      });
    expect(toV1State(v2('InProgress'), { dialect }).data).toEqual({});
    const answered = toV1State(v2('Completed', 'Accept'), { dialect }).data.context?.process?.flow ?? {};
    expect(Object.keys(answered)).toEqual(Object.keys(decided.data.context.process.flow));
    expect(answered.evaluation?.result?.outcome).toBe('Decision: Pass 1+1');
    expect(Object.values(answered).every((entry) => '_ggo' in entry)).toBe(true);
  });

  it('fetches a state live from a v1 base with credentials, and writes --out', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const server = await sim.listen();
    try {
      const token = sim.issueToken();
      const started = await fetch(`${server.url}/eu/captain/api/journey/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
      });
      const { instanceId } = (await started.json()) as { instanceId: string };
      const out = join(await tempDir(), 'dialect.json');
      const { code } = await exitOf([
        'dialect',
        '--instance',
        instanceId,
        '--v1-base',
        `${server.url}/eu/captain/api/`,
        '--client-id',
        'demo-client',
        '--client-secret',
        'demo-secret',
        '--out',
        out,
      ]);
      expect(code).toBe(0);
      // The simulator's default v1 journey: results under data.process, present while pending.
      expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({ layout: 'process', omitUntilDecided: false });
      expect(sim.core.journal.list({ path: '*/journey/state/fetch' })).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('reads a tenant’s own status spellings from a live fetch, and Error as its spelling of Failed from saved states', async () => {
    const [dataCheck] = journeys.filter((journey) => journey.id === 'data-check');
    if (!dataCheck) throw new Error('no data-check journey');
    const ids = (id: string) => ({ production: `${id}`, preview: `${id}-preview` });
    // A tenant that spells its statuses in capitals: the v1 client read it, and the command must see the spelling.
    const capitals = {
      ...dataCheck,
      id: 'capitals',
      resourceIds: { v1: ids('capitals-v1'), v2: ids('capitals-v2') },
      v1Dialect: { ...dataCheck.v1Dialect, statuses: { InProgress: 'IN_PROGRESS' } },
    };
    const sim = createSimulator({ journeys: [...journeys, capitals], clock: { manual: true } });
    const server = await sim.listen();
    try {
      const started = await fetch(`${server.url}/eu/captain/api/journey/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ resourceId: 'capitals-v1@latest', context: { config: { async: true }, subject: {} } }),
      });
      const { instanceId } = (await started.json()) as { instanceId: string };
      const live = ['--instance', instanceId, '--v1-base', `${server.url}/eu/captain/api/`, '--token', sim.issueToken()];
      const { code, stdout } = await exitOf(['dialect', ...live]);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ statuses: { InProgress: 'IN_PROGRESS' } });
    } finally {
      await server.close();
    }
    const failed = { ...decided, status: 'Error', data: { context: { process: { flow: {} }, result: { status: 'error' } } } };
    const fromFiles = await exitOf([
      'dialect',
      '--state',
      await saved('decided.json', decided),
      '--state',
      await saved('failed.json', failed),
    ]);
    expect(JSON.parse(fromFiles.stdout)).toMatchObject({ statuses: { Failed: 'Error' } });
    expect(fromFiles.stderr).not.toContain('add it to statuses by hand');
    // Failed in one answer and Error in another: which the code waits for cannot be told, so it is asked.
    const both = await exitOf([
      'dialect',
      '--state',
      await saved('failed.json', failed),
      '--state',
      await saved('plain.json', { ...failed, status: 'Failed' }),
    ]);
    expect(JSON.parse(both.stdout)).not.toHaveProperty('statuses');
    expect(both.stderr).toContain('status Failed is spelled "Error" and "Failed": set statuses.Failed by hand');
  });

  it('--out - writes the JSON to stdout, not to a file named "-"; an unwritable --out exits 2', async () => {
    const state = await saved('decided.json', decided);
    const dashed = await exitOf(['dialect', '--state', state, '--out', '-']);
    expect(dashed.code).toBe(0);
    expect(JSON.parse(dashed.stdout)).toMatchObject({ layout: 'context.process' });
    expect(await readdir(process.cwd())).not.toContain('-');
    expect(await exitOf(['dialect', '--state', state, '--out', '/no/such/dir/out.json'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('cannot write /no/such/dir/out.json: ENOENT'),
    });
    expect(await exitOf(['dialect', '--instance', 'x', '--v1-base', 'eu.example/captain/api/', '--token', 't'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--v1-base must be an absolute http(s) URL, got "eu.example/captain/api/"'),
    });
    // A URL the check refuses keeps its userinfo out of the message, as the serve settings do.
    const withSecret = await exitOf([
      'dialect',
      '--instance',
      'x',
      '--v1-base',
      'ftp://ops:hunter2@eu.example/captain/api/',
      '--token',
      't',
    ]);
    expect(withSecret.stderr).toContain('got "ftp://ops:***@eu.example/captain/api/"');
    expect(withSecret.stderr).not.toContain('hunter2');
    // One the live fetch's client cannot send to: bad usage too, never a stack with the password in it.
    for (const [base, why] of [
      ['http://ops:hunter2@127.0.0.1:1/captain/api/', 'must not carry user information'],
      ['http://127.0.0.1:1/captain/api/?k=hunter2', 'must not carry a query'],
    ] as const) {
      const refused = await exitOf(['dialect', '--instance', 'x', '--v1-base', base, '--token', 't']);
      expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining(why) });
      expect(refused.stderr).not.toContain('hunter2');
    }
  });

  it('exits 2 naming the problem, and 1 when the live fetch fails', async () => {
    const bare = await exitOf(['dialect']);
    expect(bare).toMatchObject({ code: 2, stderr: expect.stringContaining('give saved v1 states') });
    expect(bare.stderr).toContain('Run journey-bridge dialect --help for the options.');
    expect(await exitOf(['dialect', '--state', '/no/such/state.json'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('cannot read /no/such/state.json: ENOENT'),
    });
    expect(await exitOf(['dialect', '--instance', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('both --instance and --v1-base'),
    });
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const server = await sim.listen();
    try {
      const failed = await exitOf([
        'dialect',
        '--instance',
        'f'.repeat(32),
        '--v1-base',
        `${server.url}/eu/captain/api/`,
        '--token',
        sim.issueToken(),
      ]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('the live state fetch failed: 404');
    } finally {
      await server.close();
    }
  });
});
