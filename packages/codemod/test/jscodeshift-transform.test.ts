import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jscodeshift from 'jscodeshift';
import { expect, it } from 'vitest';
import { CodemodError, JourneyMapFileError, SourceParseError } from '../src/index.js';
import transform from '../src/jscodeshift-transform.js';

const fixtures = fileURLToPath(new URL('../../../test-fixtures/codemod/', import.meta.url));
const api = { jscodeshift, j: jscodeshift, stats: () => undefined, report: () => undefined };

it('rewrites a file as a jscodeshift transform, with the same result as the CLI for a self-contained file', async () => {
  // Self-contained and free of the generated module, which a transform cannot write (task list reads need it).
  for (const fixture of ['call-styles/axios-default', 'errors/fetch-not-ok', 'unsupported/save-intent']) {
    const path = `${fixtures}${fixture}.input.ts`;
    const source = await readFile(path, 'utf8');
    const output = transform({ path, source }, api, { journeyMap: `${fixtures}journey-map.json` });
    expect(output).toBe(await readFile(`${fixtures}${fixture}.output.ts`, 'utf8'));
  }
});

it('returns undefined for a file it does not change, as jscodeshift expects', async () => {
  const path = `${fixtures}negative/look-alikes.input.ts`;
  expect(transform({ path, source: await readFile(path, 'utf8') }, api, {})).toBeUndefined();
});

it('says in its markers that it cannot write the helper module, not that --no-helpers, a flag of the CLI, was passed', async () => {
  const markers: string[] = [];
  for (const fixture of ['no-helpers/update', 'operations/task-loop']) {
    const path = `${fixtures}${fixture}.input.ts`;
    const output = transform({ path, source: await readFile(path, 'utf8') }, api, {}) ?? '';
    markers.push(...output.split('\n').filter((line) => line.includes('journey-codemod:')));
  }
  const text = markers.join('\n');
  expect(text).toContain(
    'the subject is not visible in the code and the jscodeshift transform cannot write the generated helper module (the journey-codemod CLI can)',
  );
  expect(text).toContain('read with pendingInteractionId, and the jscodeshift transform cannot write the generated helper module');
  expect(text).not.toContain('--no-helpers');
});

it('leaves a JavaScript file that a declaration file beside it types on v1, marked, as the CLI does', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'journey-codemod-transform-'));
  try {
    // The fixture's code as plain JavaScript, typed for its callers by the index.d.ts beside it.
    const typescript = await readFile(`${fixtures}errors/fetch-not-ok.input.ts`, 'utf8');
    const source = typescript.replace('(token: string, instanceId: string)', '(token, instanceId)');
    const path = join(dir, 'index.js');
    await writeFile(path, source);
    await writeFile(join(dir, 'index.d.ts'), 'export declare function state(token: string, instanceId: string): Promise<unknown>;\n');
    const output = transform({ path, source }, api, {}) ?? '';
    expect(output).toContain('[codemod.declaration-file] this file is typed by index.d.ts');
    expect(output).toContain('/captain/api/journey/state/fetch');
    expect(output).not.toContain('/v2/captain/');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('throws errors of its own, under CodemodError, for a file that does not parse and a journey map it cannot use', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'journey-codemod-transform-errors-'));
  try {
    const source = "await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {";
    expect(() => transform({ path: join(dir, 'broken.ts'), source }, api, {})).toThrow(SourceParseError);
    const valid = await readFile(`${fixtures}call-styles/axios-default.input.ts`, 'utf8');
    const maps = { 'not-json.json': "{ 'a1d7c3f0data-check-v1': 1 ", 'array.json': '["b2e8d4a1data-check-v2"]' };
    for (const [name, text] of Object.entries(maps)) await writeFile(join(dir, name), text);
    for (const [name, message] of [
      ['missing.json', `cannot read journeyMap ${join(dir, 'missing.json')}: ENOENT`],
      ['not-json.json', 'is not valid JSON'],
      ['array.json', 'must be a JSON object of v1 resourceId → v2 resourceId strings'],
    ] as const) {
      const run = () => transform({ path: join(dir, 'client.ts'), source: valid }, api, { journeyMap: join(dir, name) });
      expect(run).toThrow(JourneyMapFileError);
      expect(run).toThrow(CodemodError);
      expect(run).toThrow(message);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
