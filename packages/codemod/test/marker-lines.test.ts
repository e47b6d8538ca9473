import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CodemodResult, runCodemod } from '../src/index.js';

/**
 * A project whose markers name lines of other files that get markers too (the flows fixtures: a wrapper, a client
 * class, a draft kept on v1) and of their own file below a helper import the run adds (a controller with a
 * migrated start and task read, an audit reading v1 metaData, a handler of the client's answers). The task read
 * takes the id of the start beside it: one taking an id from outside would stay v1 with the audit, which does.
 */
const flows = fileURLToPath(new URL('../../../test-fixtures/codemod/shared-wrapper/', import.meta.url));
const CONTROLLER = `import { KycClient } from './kyc-client';

const STATE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';

export async function pendingTask(token: string, subject: object): Promise<string | undefined> {
  const started = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    headers: { Authorization: \`Bearer \${token}\` },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } }),
  });
  const { instanceId } = await started.json();
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', {
    method: 'POST',
    headers: { Authorization: \`Bearer \${token}\` },
    body: JSON.stringify({ instanceId }),
  });
  const list = await res.json();
  return list.tasks[0]?.taskId;
}

export async function auditLine(token: string, instanceId: string): Promise<string> {
  const response = await fetch(STATE, { method: 'POST', headers: { Authorization: \`Bearer \${token}\` }, body: JSON.stringify({ instanceId }) });
  const state = (await response.json()) as { status: string; metaData: { completedTime: string } };
  return \`\${instanceId} \${state.status} \${state.metaData.completedTime}\`;
}

export async function verify(token: string, subject: object) {
  const kyc = new KycClient(token);
  const { instanceId } = await kyc.start(subject);
  const list = await kyc.tasks(instanceId);
  if (list.tasks.length === 0) return false;
  await kyc.complete(instanceId, list.tasks[0].taskId, subject);
  return true;
}
`;

/** Each way a reason names a line, and what the named line must hold: the code the reason describes. */
const DESCRIBED: readonly (readonly [RegExp, RegExp])[] = [
  [/the literal at line (\d+) of (this file|[\w./-]*\w)/g, /\/captain\/api\/journey\//],
  [/the v1 (?:code|call) at line (\d+) of (this file|[\w./-]*\w)/g, /\b(post|fetch)\b[<(]/],
  [/its result is read at line (\d+)()/g, /\.metaData\./],
];

/** `file:line` of each line a text names, after checking that `linesOf(file)` holds there what the text describes. */
function follow(text: string, file: string, linesOf: (file: string) => readonly string[]): string[] {
  const named: string[] = [];
  for (const [phrase, code] of DESCRIBED)
    for (const [, line, of] of text.matchAll(phrase)) {
      const target = !of || of === 'this file' ? file : join(dirname(file), of);
      const held = linesOf(target)[Number(line) - 1] ?? '';
      expect(held, `${basename(file)}: "${text}" names line ${line} of ${basename(target)}`).toMatch(code);
      expect(held).not.toContain('journey-codemod:');
      named.push(`${basename(target)}:${line}`);
    }
  // Every line named is one the table above knows how to follow.
  expect(text.match(/\bline \d+/g) ?? []).toHaveLength(named.length);
  return named;
}

describe('the lines markers and the report name', () => {
  let dir: string;
  let input: Map<string, string[]>;
  const file = (name: string) => join(dir, name);
  const read = async (name: string) => (await readFile(file(name), 'utf8')).split('\n');

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'journey-codemod-lines-'));
    for (const name of ['wrapper', 'drafts', 'kyc-client']) await cp(join(flows, `${name}.input.ts`), file(`${name}.ts`));
    await writeFile(file('verification.controller.ts'), CONTROLLER);
    input = new Map();
    for (const name of ['wrapper.ts', 'drafts.ts', 'kyc-client.ts', 'verification.controller.ts']) input.set(file(name), await read(name));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('are where the code they describe is in the written files, markers and helper import included', async () => {
    const result = await runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
    const written = new Map<string, string[]>();
    for (const name of input.keys()) written.set(name, (await readFile(name, 'utf8')).split('\n'));
    const linesOf = (name: string) => written.get(name) ?? [];

    const named = new Set<string>();
    for (const [name, lines] of written)
      for (const line of lines.filter((text) => text.includes('journey-codemod:')))
        for (const place of follow(line, name, linesOf)) named.add(place);
    // Lines below markers in their own file and in others, and below the helper import of the controller.
    expect([...named].sort()).toEqual([
      'drafts.ts:6',
      'kyc-client.ts:18',
      'verification.controller.ts:24',
      'verification.controller.ts:28',
      'wrapper.ts:2',
      'wrapper.ts:6',
    ]);
    expect(linesOf(file('verification.controller.ts'))[1]).toContain("from './journey-v2'");

    // The report names the same lines: each site's own, and those of its reason.
    for (const site of result.sites) {
      follow(site.reason, site.file, linesOf);
      if (site.status === 'unsupported') expect(linesOf(site.file)[site.line - 2]).toContain('journey-codemod:');
    }
  });

  it('name the output a dry run would write, and with linesAsRead (--check) the files as they are', async () => {
    const dry = await runCodemod({ paths: [dir], cwd: dir, dry: true });
    const after = new Map(dry.files.flatMap((outcome) => (outcome.after === undefined ? [] : [[outcome.file, outcome.after.split('\n')]])));
    const asRead = await runCodemod({ paths: [dir], cwd: dir, dry: true, linesAsRead: true });
    const named = (result: CodemodResult, linesOf: (file: string) => readonly string[]) =>
      result.sites.flatMap((site) => follow(site.reason, site.file, linesOf));

    expect(named(dry, (name) => after.get(name) ?? input.get(name) ?? [])).toContain('kyc-client.ts:18');
    expect(named(asRead, (name) => input.get(name) ?? [])).toContain('kyc-client.ts:16');
    // Site by site, the line a dry run names holds in its output what the same site's line holds in the input.
    expect(asRead.sites.map((site) => site.id)).toEqual(dry.sites.map((site) => site.id));
    for (const [index, site] of dry.sites.entries()) {
      const asReadSite = asRead.sites[index];
      if (site.status === 'migrated' || !asReadSite) continue;
      expect(after.get(site.file)?.[site.line - 1]).toBe(input.get(site.file)?.[asReadSite.line - 1]);
    }
  });
});
