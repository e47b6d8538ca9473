import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import jscodeshift from 'jscodeshift';
import { expect, it } from 'vitest';
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
