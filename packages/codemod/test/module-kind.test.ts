import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_UP_CHECK, writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

const JOURNEY_MAP = fileURLToPath(new URL('../../../test-fixtures/legacy-apps/journey-map.json', import.meta.url));

let repo: string;
/** What real Node makes of the file: the names it exports, or the error it fails to load with. */
const load = (script: string) => execFileSync(process.execPath, ['-e', script], { cwd: repo, stdio: 'pipe' }).toString().trim();

async function project(files: Record<string, string>): Promise<void> {
  await writeProject(repo, files);
  const cli = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
  expect(cli.code).toBe(0);
  expect(cli.stderr).toContain('1 migrated whole');
}

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-module-kind-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('the helper import, in the module kind Node loads the file as', () => {
  it('requires the CommonJS helper from a .js file that only assigns module.exports, in a package without "type"', async () => {
    await project({
      'package.json': '{ "name": "mixed-journeys", "private": true }\n',
      'verify.js': `${SIGN_UP_CHECK}\nmodule.exports = { signUpCheck };\n`,
    });
    const verify = await readFile(join(repo, 'verify.js'), 'utf8');
    expect(verify).toContain(
      `'use strict';\nconst { interactionIdToSubmit, participantsFor, requiredDecisionOf } = require('./journey-v2.cjs');\n`,
    );
    expect(await readdir(repo)).toContain('journey-v2.cjs');
    expect(load("console.log(Object.keys(require('./verify.js')).join())")).toBe('signUpCheck');
  });

  it('imports the ES module helper into a .js file that only exports, in a package without "type": its syntax decides', async () => {
    await project({
      'package.json': '{ "name": "detected-journeys", "private": true }\n',
      'verify.js': `${SIGN_UP_CHECK}\nexport { signUpCheck };\n`,
    });
    const verify = await readFile(join(repo, 'verify.js'), 'utf8');
    expect(verify).toContain(
      `'use strict';\nimport { interactionIdToSubmit, participantsFor, requiredDecisionOf } from './journey-v2.mjs';\n`,
    );
    expect(load("import('./verify.js').then((module) => console.log(Object.keys(module).join()))")).toBe('signUpCheck');
  });

  it('imports the ES module helper into a script with no module syntax in a "type": "module" package', async () => {
    await project({
      'package.json': '{ "name": "esm-journeys", "private": true, "type": "module" }\n',
      'verify.js': `${SIGN_UP_CHECK}\nglobalThis.signUpCheck = signUpCheck;\n`,
    });
    const verify = await readFile(join(repo, 'verify.js'), 'utf8');
    expect(verify).toContain(
      `'use strict';\nimport { interactionIdToSubmit, participantsFor, requiredDecisionOf } from './journey-v2.mjs';\n`,
    );
    expect(load("import('./verify.js').then(() => console.log(typeof globalThis.signUpCheck))")).toBe('function');
  });
});
