import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodemodOptions, type CodemodResult, runCodemod } from '../src/index.js';

/**
 * Every `<concern>/<case>.input.<ext>` under test-fixtures/codemod is rewritten and compared with its
 * `.output.<ext>`. A concern's inputs are run together (with `.input` dropped from their names), so fixtures can
 * import each other's constants; an optional `options.json` holds the concern's codemod options. Every output is
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

for (const concern of concerns) {
  const dir = join(root, concern);
  const names = (await readdir(dir)).filter((name) => INPUT.test(name)).sort();
  const extraOptions = await readFile(join(dir, 'options.json'), 'utf8').then(
    (text) => JSON.parse(text) as Partial<CodemodOptions>,
    () => ({}),
  );

  describe(concern, () => {
    let work: string;
    let first: CodemodResult;
    let second: CodemodResult;
    const outputs = new Map<string, string>();
    beforeAll(async () => {
      work = await mkdtemp(join(tmpdir(), `journey-codemod-${concern}-`));
      for (const name of names) {
        const [, base, extension] = INPUT.exec(name) ?? [];
        await cp(join(dir, name), join(work, `${base}.${extension}`));
      }
      const options = { paths: [work], cwd: work, journeyMap, ...extraOptions };
      first = await runCodemod(options);
      for (const name of names) {
        const [, base, extension] = INPUT.exec(name) ?? [];
        const file = join(work, `${base}.${extension}`);
        const output = await readFile(file, 'utf8');
        outputs.set(file, output);
        await writeFile(file, V1_NOTE + output);
      }
      second = await runCodemod(options);
    });
    afterAll(() => rm(work, { recursive: true, force: true }));

    for (const name of names) {
      const [, base, extension] = INPUT.exec(name) ?? [];
      it(`${base}: rewrites to ${base}.output.${extension}, and a second run changes nothing`, async () => {
        const expected = await readFile(join(dir, `${base}.output.${extension}`), 'utf8');
        const file = join(work, `${base}.${extension}`);
        expect(outputs.get(file)).toBe(expected);
        expect(first.files.find((outcome) => outcome.file === file)?.status).not.toBe('parse-error');
        expect(second.files.find((outcome) => outcome.file === file)?.status).not.toBe('changed');
      });
    }
  });
}
