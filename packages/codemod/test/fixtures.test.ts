import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodemodOptions, type CodemodResult, runCodemod } from '../src/index.js';

/**
 * Every `<concern>/<case>.input.<ext>` under test-fixtures/codemod is rewritten and compared with its
 * `.output.<ext>`. A concern's inputs are run together (with `.input` dropped from their names), so fixtures can
 * import each other's constants; an optional `options.json` holds the concern's codemod options, and `"apart": true`
 * there runs each case alone with the cases it imports or is imported by (v1 calls whose instance id comes from
 * outside may be one journey, so unrelated cases run together would keep each other on v1). Every output is
 * run once more, with a comment naming the v1 base on top, and must not change (idempotency): migrated code that
 * still mentions a v1 path must not pass the prefilter into false markers.
 */
const root = fileURLToPath(new URL('../../../test-fixtures/codemod/', import.meta.url));
const INPUT = /^(.*)\.input\.(\w+)$/;
const V1_NOTE = '// Was served from /captain/api/ until the migration.\n';
const journeyMap = JSON.parse(await readFile(join(root, 'journey-map.json'), 'utf8')) as Record<string, string>;
const concerns = (await readdir(root, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The cases of `names` grouped by the relative imports between them (`from './x'`, `require('./x')`): each group runs alone. */
async function importGroups(dir: string, names: readonly string[]): Promise<string[][]> {
  const caseOf = new Map(names.map((name) => [INPUT.exec(name)?.[1] ?? name, name]));
  const group = new Map(names.map((name) => [name, new Set([name])]));
  for (const name of names) {
    for (const [, imported] of (await readFile(join(dir, name), 'utf8')).matchAll(
      /(?:from\s*|require\()\s*['"]\.\/([\w.-]+?)(?:\.[cm]?[jt]sx?)?['"]/g,
    )) {
      const other = caseOf.get(imported ?? '');
      const [mine, theirs] = [group.get(name), other && group.get(other)];
      if (!mine || !theirs || mine === theirs) continue;
      for (const member of theirs) {
        mine.add(member);
        group.set(member, mine);
      }
    }
  }
  return [...new Set(group.values())].map((members) => [...members].sort());
}

for (const concern of concerns) {
  const dir = join(root, concern);
  const names = (await readdir(dir)).filter((name) => INPUT.test(name)).sort();
  const { apart = false, ...extraOptions }: Partial<CodemodOptions> & { apart?: boolean } = await readFile(
    join(dir, 'options.json'),
    'utf8',
  ).then(
    (text) => JSON.parse(text) as Partial<CodemodOptions> & { apart?: boolean },
    () => ({}),
  );
  const runs = apart ? await importGroups(dir, names) : [names];

  describe(concern, () => {
    const works: string[] = [];
    /** Per case: what the first run wrote, and the status each run gave its file. */
    const results = new Map<string, { output: string; first?: string; second?: string }>();
    beforeAll(async () => {
      for (const run of runs) {
        const work = await mkdtemp(join(tmpdir(), `journey-codemod-${concern}-`));
        works.push(work);
        const fileOf = (name: string) => {
          const [, base, extension] = INPUT.exec(name) ?? [];
          return join(work, `${base}.${extension}`);
        };
        for (const name of run) await cp(join(dir, name), fileOf(name));
        const options = { paths: [work], cwd: work, journeyMap, ...extraOptions };
        const first: CodemodResult = await runCodemod(options);
        const outputs = new Map<string, string>();
        for (const name of run) {
          const output = await readFile(fileOf(name), 'utf8');
          outputs.set(name, output);
          await writeFile(fileOf(name), V1_NOTE + output);
        }
        const second: CodemodResult = await runCodemod(options);
        const statusIn = (result: CodemodResult, name: string) => result.files.find((outcome) => outcome.file === fileOf(name))?.status;
        for (const name of run)
          results.set(name, { output: outputs.get(name) ?? '', first: statusIn(first, name), second: statusIn(second, name) });
      }
    });
    afterAll(() => Promise.all(works.map((work) => rm(work, { recursive: true, force: true }))));

    for (const name of names) {
      const [, base, extension] = INPUT.exec(name) ?? [];
      it(`${base}: rewrites to ${base}.output.${extension}, and a second run changes nothing`, async () => {
        const expected = await readFile(join(dir, `${base}.output.${extension}`), 'utf8');
        const result = results.get(name);
        expect(result?.output).toBe(expected);
        expect(result?.first).not.toBe('parse-error');
        expect(result?.second).not.toBe('changed');
      });
    }
  });
}
