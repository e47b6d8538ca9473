import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A client behind a barrel (`export * from './client'`), imported elsewhere by a path alias (`@app/kyc`) rather
// than a relative path. An importer the codemod cannot follow may read the answer in v1's shape, so the flow is
// migrated only when the alias leads, as TypeScript resolves it, to the barrel.
const CLIENT = `const BASE = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey';

export interface V1State {
  status: string;
  metaData: { createdTime: string; completedTime: string };
}

export async function fetchState(token: string, instanceId: string): Promise<V1State> {
  const res = await fetch(\`\${BASE}/state/fetch\`, {
    method: 'POST',
    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return (await res.json()) as V1State;
}
`;

const audit = (readsMetaData: boolean) => `import { format } from 'date-fns';
import { fetchState } from '@app/kyc';

export async function auditLine(token: string, id: string): Promise<string> {
  const state = await fetchState(token, id);
  return \`\${format(new Date(), 'yyyy')} \${id} \${state.status}${readsMetaData ? ` \${state.metaData.completedTime}` : ''}\`;
}
`;

const project = (paths: string, readsMetaData: boolean) => ({
  'tsconfig.json': `{\n  // Aliases of the app.\n  "compilerOptions": { "strict": true${paths} },\n  "include": ["src"]\n}\n`,
  'src/kyc/client.ts': CLIENT,
  'src/kyc/index.ts': "export * from './client';\n",
  'src/reports/audit.ts': audit(readsMetaData),
});

const PATHS = ', "baseUrl": ".", "paths": { "@app/*": ["src/*"] }';
const MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

let repo: string;
beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-aliases-')));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('a client imported by a path alias', () => {
  it("follows a tsconfig's paths alias as TypeScript resolves it, into the file that imports by it", async () => {
    await writeProject(repo, project(PATHS, false));
    const run = await runCli(['.', '--journey-map', MAP, '--report', '-'], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
    // Followed into audit.ts, which reads only what v2 has: the answer does not leave the code at client.ts.
    const [flow] = (JSON.parse(run.stdout) as { flows: { boundaries: string[] }[] }).flows;
    expect(flow?.boundaries).toEqual([]);
    expect(await readFile(join(repo, 'src/kyc/client.ts'), 'utf8')).toContain('/eu/v2/captain/journey');
  });

  it("keeps the flow on v1 when a file behind a tsconfig's paths alias reads what has no v2 counterpart", async () => {
    await writeProject(repo, project(PATHS, true));
    const run = await runCli(['.', '--journey-map', MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    expect(await readFile(join(repo, 'src/kyc/client.ts'), 'utf8')).toContain('/eu/captain/api/journey');
    expect(await readFile(join(repo, 'src/reports/audit.ts'), 'utf8')).toMatch(/journey-codemod: unsupported .*no metaData/);
    expect((await runCli(['.', '--check'], repo)).code).toBe(0);
  });

  it('keeps the flow on v1, marked, when the alias leads nowhere the codemod can find (a bundler alias)', async () => {
    await writeProject(repo, project('', true));
    const run = await runCli(['.', '--journey-map', MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const client = await readFile(join(repo, 'src/kyc/client.ts'), 'utf8');
    expect(client).toContain('/eu/captain/api/journey');
    expect(client).toContain(
      "the answer may be returned to ../reports/audit.ts, which imports it from '@app/kyc', a path alias or package the codemod cannot resolve",
    );
    expect((await runCli(['.', '--check'], repo)).code).toBe(0);
  });
});
