import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const JOURNEY_MAP = fileURLToPath(new URL('../../../test-fixtures/legacy-apps/journey-map.json', import.meta.url));

/** A data check over the global fetch, as a plain JavaScript module writes it: nothing required, nothing imported. */
const DATA_CHECK = `'use strict';
const HOST = process.env.JOURNEY_HOST;

function post(url, token, body) {
  return fetch(url, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(function (res) {
    return res.json();
  });
}

async function signUpCheck(token, identity) {
  const started = await post(\`\${HOST}/eu/captain/api/journey/start\`, token, {
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const list = await post(\`\${HOST}/eu/captain/api/journey/task/list\`, token, { instanceId: started.instanceId });
  await post(\`\${HOST}/eu/captain/api/journey/task/update\`, token, {
    intent: 'Complete',
    instanceId: started.instanceId,
    taskId: list.tasks[0].taskId,
    context: { subject: { identity } },
  });
  const state = await post(\`\${HOST}/eu/captain/api/journey/state/fetch\`, token, { instanceId: started.instanceId });
  return state.data.process.flow.decision.result.outcome === 'Decision: Pass' ? 'ok' : 'no';
}
`;

let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' }).toString();
/** What real Node makes of the file: the names it exports, or the error it fails to load with. */
const load = (script: string) => execFileSync(process.execPath, ['-e', script], { cwd: repo, stdio: 'pipe' }).toString().trim();

async function project(files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(repo, path, '..'), { recursive: true });
    await writeFile(join(repo, path), text);
  }
  git('init', '-q');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'v1');
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
      'verify.js': `${DATA_CHECK}\nmodule.exports = { signUpCheck };\n`,
    });
    const verify = await readFile(join(repo, 'verify.js'), 'utf8');
    expect(verify).toContain(`'use strict';\nconst { decisionOf, participantsFor, pendingInteractionId } = require('./journey-v2.cjs');\n`);
    expect(await readdir(repo)).toContain('journey-v2.cjs');
    expect(load("console.log(Object.keys(require('./verify.js')).join())")).toBe('signUpCheck');
  });

  it('imports the ES module helper into a script with no module syntax in a "type": "module" package', async () => {
    await project({
      'package.json': '{ "name": "esm-journeys", "private": true, "type": "module" }\n',
      'verify.js': `${DATA_CHECK}\nglobalThis.signUpCheck = signUpCheck;\n`,
    });
    const verify = await readFile(join(repo, 'verify.js'), 'utf8');
    expect(verify).toContain(`'use strict';\nimport { decisionOf, participantsFor, pendingInteractionId } from './journey-v2.mjs';\n`);
    expect(load("import('./verify.js').then(() => console.log(typeof globalThis.signUpCheck))")).toBe('function');
  });
});
