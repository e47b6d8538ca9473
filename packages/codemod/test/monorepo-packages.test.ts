import { mkdir, mkdtemp, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A workspace of CommonJS packages: a wrapper exported as `exports.x = arrow`, required by its package name, by its
// directory and by its index file. Its answers reach every package, so it moves with all of them or not at all.
const WRAPPER = `'use strict';
const BASE = (process.env.JOURNEY_HOST || 'https://eu.platform.go.gbgplc.com') + '/eu/captain/api/journey/';

function call(token, path, body) {
  return fetch(BASE + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify(body),
  }).then((res) => res.json());
}

exports.start = (token, resourceId, subject) => call(token, 'start', { resourceId, context: { config: { async: true }, subject } });
exports.tasks = (token, instanceId) => call(token, 'task/list', { instanceId });
exports.complete = (token, instanceId, taskId, subject) => call(token, 'task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
exports.state = (token, instanceId) => call(token, 'state/fetch', { instanceId });
`;

const ONBOARDING = `'use strict';
const api = require('@acme/journey-api');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function onboard(token, person) {
  const { instanceId } = await api.start(token, 'a1d7c3f0data-check-v1@latest', {});
  let list = await api.tasks(token, instanceId);
  while (list.tasks.length === 0) { await sleep(30); list = await api.tasks(token, instanceId); }
  await api.complete(token, instanceId, list.tasks[0].taskId, { identity: { firstName: person.first, lastNames: [person.last], dateOfBirth: person.dob } });
  let state = await api.state(token, instanceId);
  while (state.status === 'InProgress') { await sleep(50); state = await api.state(token, instanceId); }
  return { status: state.status, decision: state.status === 'Failed' ? null : state.data.process.flow.decision.result.outcome };
}
module.exports = { onboard };
`;

const admin = (specifier: string, read: string) => `'use strict';
const journey = require('${specifier}');

async function audit(token, instanceId) {
  const state = await journey.state(token, instanceId);
  return instanceId + ' ' + state.status${read};
}
module.exports = { audit };
`;

const monorepo = (adminSource: string) => ({
  '.gitignore': 'node_modules\n',
  'package.json': '{ "name": "acme", "private": true, "workspaces": ["packages/*"] }\n',
  'packages/journey-api/package.json': '{ "name": "@acme/journey-api", "version": "1.0.0", "main": "index.js" }\n',
  'packages/journey-api/index.js': WRAPPER,
  'packages/onboarding/package.json': '{ "name": "@acme/onboarding", "version": "1.0.0", "main": "index.js" }\n',
  'packages/onboarding/index.js': ONBOARDING,
  'packages/admin/package.json': '{ "name": "@acme/admin", "version": "1.0.0", "main": "index.js" }\n',
  'packages/admin/index.js': adminSource,
});

/** Links the wrapper package into `node_modules` as a workspace install does. */
async function linkWorkspace(dir: string): Promise<void> {
  await mkdir(join(dir, 'node_modules/@acme'), { recursive: true });
  await symlink('../../packages/journey-api', join(dir, 'node_modules/@acme/journey-api'));
}

let repo: string;
beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-monorepo-')));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('a wrapper package required across a monorepo', () => {
  for (const specifier of ['../journey-api', '../journey-api/index.js']) {
    it(`follows its answers into every package, by its package name and as '${specifier}'`, async () => {
      await writeProject(repo, monorepo(admin(specifier, ' + state.metaData.createdTime')));
      await linkWorkspace(repo);
      const run = await runCli(
        ['.', '--journey-map', join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json')],
        repo,
      );
      expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
      const wrapper = await readFile(join(repo, 'packages/journey-api/index.js'), 'utf8');
      expect(wrapper).toContain('/eu/captain/api/journey/');
      expect(wrapper).toContain('its result is read at line 7 of ../admin/index.js');
      const onboarding = await readFile(join(repo, 'packages/onboarding/index.js'), 'utf8');
      expect(onboarding).toContain("'a1d7c3f0data-check-v1@latest'");
      expect(onboarding).toMatch(
        /journey-codemod: unsupported \[[\w.-]+\] reads what the v1 call at line \d+ of \.\.\/journey-api\/index\.js answers/,
      );
      expect((await runCli(['.', '--check'], repo)).code).toBe(0);
    });
  }

  it('keeps the wrapper on v1 when a package requires it by a name the codemod cannot resolve', async () => {
    await writeProject(repo, monorepo(admin('../journey-api', '')));
    const run = await runCli(
      ['.', '--journey-map', join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json')],
      repo,
    );
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const wrapper = await readFile(join(repo, 'packages/journey-api/index.js'), 'utf8');
    expect(wrapper).toContain('/eu/captain/api/journey/');
    expect(wrapper).toContain("requires this module as '@acme/journey-api', a package the codemod cannot resolve");
  });
});
