import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A barrel that passes on a whole module as a namespace (`export * as results from './results'`) beside a client
// (`export * from './client'`), imported by a path alias. The state the client fetches is handed to
// `results.decisionOf(state)`: the read in results.ts is of that answer, and when it has no v2 counterpart the flow
// stays v1. Not followed, the client moved to v2 while results.ts kept reading v1's `data.process.flow`.
const client = (base: string) => `const BASE = '${base}';

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

export function fetchState(instanceId: string) {
  return post<any>(\`\${BASE}/state/fetch\`, { instanceId });
}
`;

const RESULTS = `export function decisionOf(state: any): string | undefined {
  const flow = state.data.process.flow;
  return flow.decision?.result.outcome;
}

export function isFinished(state: any): boolean {
  return state.status === 'Completed' || state.status === 'Failed';
}
`;

/** verify.ts, importing the namespace by name from the barrel (`results.f()`) or the barrel as one (`kyc.results.f()`). */
const verify = (form: 'named' | 'namespace', readsDecision: boolean) => {
  const [imports, kyc] = form === 'named' ? ["{ fetchState, results } from '@kyc'", ''] : ["* as kyc from '@kyc'", 'kyc.'];
  const decision = readsDecision ? ` \${${kyc}results.decisionOf(state)}` : '';
  return `import ${imports};

export async function verify(id: string): Promise<string> {
  const state = await ${kyc}fetchState(id);
  return ${kyc}results.isFinished(state) ? \`status: \${state.status}${decision}\` : 'pending';
}
`;
};

const V1 = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey';
const V2 = 'https://eu.platform.go.gbgplc.com/eu/v2/captain/journey';

const project = (form: 'named' | 'namespace', readsDecision: boolean, base = V1) => ({
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "baseUrl": ".", "paths": { "@kyc": ["src/kyc/index.ts"] } } }\n',
  'src/kyc/client.ts': client(base),
  'src/kyc/results.ts': RESULTS,
  'src/kyc/index.ts': "export * from './client';\nexport * as results from './results';\n",
  'src/routes/verify.ts': verify(form, readsDecision),
});

const MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

let repo: string;
beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-namespace-reexports-')));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe("a module a barrel re-exports as a namespace (`export * as results from './results'`)", () => {
  for (const form of ['named', 'namespace'] as const) {
    const call = form === 'named' ? 'results.decisionOf(state)' : 'kyc.results.decisionOf(state)';
    it(`keeps the flow on v1 when ${call} reads what has no v2 counterpart`, async () => {
      await writeProject(repo, project(form, true));
      const run = await runCli(['.', '--journey-map', MAP], repo);
      expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
      expect(await readFile(join(repo, 'src/kyc/client.ts'), 'utf8')).toContain('/eu/captain/api/journey');
      const results = await readFile(join(repo, 'src/kyc/results.ts'), 'utf8');
      // Tied to the call whose answer it reads, not a read of a v1 state the codemod found no call for.
      expect(results).toContain('this use of the v1 flow has no direct v2 counterpart');
      expect(results).not.toContain('could not tie to a v1 call');
      expect((await runCli(['.', '--check'], repo)).code).toBe(0);
    });

    it(`migrates the read with the flow when ${call.replace('decisionOf', 'isFinished')} reads only what v2 has`, async () => {
      await writeProject(repo, project(form, false));
      const run = await runCli(['.', '--journey-map', MAP], repo);
      expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
      expect(await readFile(join(repo, 'src/kyc/client.ts'), 'utf8')).toContain('/eu/v2/captain/journey');
      // v2 says 'Error' where v1 said 'Failed'.
      expect(await readFile(join(repo, 'src/kyc/results.ts'), 'utf8')).toContain("state.status === 'Error'");
    });
  }

  it('ties a read of what results.load(id) returns to the v1 call in that function', async () => {
    await writeProject(repo, {
      ...project('named', false),
      'src/kyc/results.ts':
        "import { fetchState } from './client';\n\nexport async function load(id: string) {\n  return fetchState(id);\n}\n",
      'src/routes/verify.ts': `import { results } from '@kyc';

export async function outcome(id: string): Promise<string> {
  const state = await results.load(id);
  return state.data.process.flow.decision.result.outcome;
}
`,
    });
    const run = await runCli(['.', '--journey-map', MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const verified = await readFile(join(repo, 'src/routes/verify.ts'), 'utf8');
    expect(verified).toContain('v2 keeps the overall decision in context.result');
    expect(verified).not.toContain('could not tie to a v1 call');
  });

  it('fails --check while the module reads a v2 answer as a v1 state', async () => {
    await writeProject(repo, project('named', true, V2));
    const check = await runCli(['.', '--check'], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(
      /src\/kyc\/results\.ts:2 flow may be half on v2: what the v2 call at line 9 of client\.ts answers is read as a v1 state/,
    );
  });
});
