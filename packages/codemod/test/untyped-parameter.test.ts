import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// The class and its axios instance of the param-client fixtures; the helper below writes its parameter in a way
// no reference to it shows.
const fixture = (name: string) => readFile(join(import.meta.dirname, '../../../test-fixtures/codemod/commonjs', name), 'utf8');
const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const onboarding = (rewrite: string) => `const JourneyClient = require('./param-client-client');

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForTask(client, instanceId) {
  ${rewrite}
  for (let i = 0; i < 100; i++) {
    const list = await client.listTasks(instanceId);
    if (list.tasks.length > 0) return list.tasks[0].taskId;
    await wait(30);
  }
  throw new Error('no task');
}

async function onboard(token, images) {
  const client = new JourneyClient(token);
  const instanceId = await client.startJourney({});
  const taskId = await waitForTask(client, instanceId);
  await client.updateTask(instanceId, taskId, { documents: [{ type: 'Primary', side1Image: images.front }] });
  return client.fetchState(instanceId);
}

module.exports = { onboard };
`;

let repo: string;
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-param-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('an untyped parameter every caller passes an instance of one class', () => {
  it.each([
    ['declared again in the body', 'if (process.env.REPLAY) { var client = { listTasks: async () => ({ tasks: [] }) }; }'],
    ['written through arguments', 'if (process.env.REPLAY) arguments[0] = { listTasks: async () => ({ tasks: [] }) };'],
  ])('is not read as that class when it is %s: the flow stays v1', async (_, rewrite) => {
    await writeProject(repo, {
      'param-client-http.js': await fixture('param-client-http.input.js'),
      'param-client-client.js': await fixture('param-client-client.input.js'),
      'onboarding.js': onboarding(rewrite),
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
    const written = await readFile(join(repo, 'onboarding.js'), 'utf8');
    expect(written).toContain('list.tasks[0].taskId');
    expect(written).toContain('journey-codemod: unsupported [endpoint.task-list]');
  });

  it('is read as that class when nothing else writes it: the flow migrates whole', async () => {
    await writeProject(repo, {
      'param-client-http.js': await fixture('param-client-http.input.js'),
      'param-client-client.js': await fixture('param-client-client.input.js'),
      'onboarding.js': onboarding('// nothing writes the parameter'),
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole, 0 left on v1');
    expect(await readFile(join(repo, 'onboarding.js'), 'utf8')).toContain('pendingInteractionId(list)');
  });
});
