import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// An instance id sent through an HTTP client the codemod does not plan (undici, ofetch, wretch) to a URL read at run
// time from `config/default.json`: the file has no v1 text but its task bodies, and the start must stay v1 with it,
// as it does with `fetch` (rt19-codemod cfg2-undici, cfg3-ofetch, cfg4-wretch; cfg1-nodeconfig the control).
const MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const START = `const HOST = process.env.JOURNEY_HOST || 'https://eu.platform.go.gbgplc.com';

async function startCheck(token, subject) {
  const res = await fetch(HOST + '/eu/captain/api/journey/start', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } }),
  });
  const body = await res.json();
  return body.instanceId;
}

module.exports = { startCheck };
`;

const index = (call: string) => `const { startCheck } = require('./start');
const tasks = require('./tasks');

async function main() {
  const token = process.env.JOURNEY_TOKEN || 'dev';
  const subject = { name: { firstName: 'Ada', lastName: 'Lovelace' } };
  const instanceId = await startCheck(token, subject);
  const n = await ${call}(token, instanceId, subject);
  console.log('completed', n, 'tasks of', instanceId);
}

main().catch((e) => { console.error(e); process.exit(1); });
`;

const CONFIG = `{
  "platform": {
    "host": "https://eu.platform.go.gbgplc.com",
    "journey": { "base": "/eu/captain/api/journey/", "paths": { "list": "task/list", "update": "task/update" } }
  }
}
`;

/** `tasks.js` whose `send` imports its client and sends with it, the URL from `require('config')`. */
const tasksWith = (imported: string, send: string) => `const config = require('config');
${imported}
const platform = config.get('platform');
const url = (key) => (process.env.JOURNEY_HOST || platform.host) + platform.journey.base + platform.journey.paths[key];

async function send(key, token, body) {
${send}
}

async function completeAll(token, instanceId, subject) {
  const list = await send('list', token, { instanceId });
  for (const task of list.tasks) {
    await send('update', token, { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
  }
  return list.tasks.length;
}

module.exports = { completeAll };
`;

const CLIENTS: Readonly<Record<string, readonly [string, string]>> = {
  'undici request': [
    "const { request } = require('undici');",
    `  const { body: answer } = await request(url(key), { method: 'POST', body: JSON.stringify(body) });
  return answer.json();`,
  ],
  'ofetch $fetch': ["const { $fetch } = require('ofetch');", "  return $fetch(url(key), { method: 'POST', body });"],
  'a wretch chain': ["const wretch = require('wretch');", "  return wretch(url(key)).auth('Bearer ' + token).post(body).json();"],
  needle: ["const needle = require('needle');", "  return (await needle('post', url(key), body, { json: true })).body;"],
};

let repo: string;
beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-unplanned-')));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('an instance id sent through an HTTP client the codemod does not plan', () => {
  for (const [client, [imported, send]] of Object.entries(CLIENTS)) {
    it(`keeps the start on v1, marked, when the id is sent with ${client}; --check fails until then`, async () => {
      await writeProject(repo, {
        'package.json': '{ "name": "cfg", "type": "commonjs", "dependencies": { "config": "^3.3.9" } }\n',
        'config/default.json': CONFIG,
        'src/start.js': START,
        'src/index.js': index('tasks.completeAll'),
        'src/tasks.js': tasksWith(imported, send),
      });
      const check = await runCli(['.', '--journey-map', MAP, '--check'], repo);
      expect(check.code).toBe(1);
      expect(check.stderr).toMatch(/src\/start\.js:\d+ v1 remains, unmarked \[codemod\.unfollowed-instance\]/);
      const run = await runCli(['.', '--journey-map', MAP], repo);
      expect(run.stderr).toContain('0 migrated whole, 1 left on v1');
      const start = await readFile(join(repo, 'src/start.js'), 'utf8');
      expect(start).toContain('/eu/captain/api/journey/start');
      expect(start).toContain('a1d7c3f0data-check-v1@latest');
      expect(start).toMatch(/unsupported \[codemod\.unfollowed-instance\] its instance is sent at line \d+ of tasks\.js/);
      expect(await readFile(join(repo, 'src/tasks.js'), 'utf8')).toContain('[codemod.unfollowed-instance]');
    });
  }

  it('reads a file whose only v1 text is its task bodies: a call into it the codemod cannot resolve keeps the start on v1', async () => {
    await writeProject(repo, {
      'package.json': '{ "name": "cfg", "type": "commonjs" }\n',
      'config/default.json': CONFIG,
      'src/start.js': START,
      'src/index.js': index("tasks[process.env.OP || 'completeAll']"),
      'src/tasks.js': tasksWith('', "  return (await fetch(url(key), { method: 'POST', body: JSON.stringify(body) })).json();"),
    });
    const check = await runCli(['.', '--journey-map', MAP, '--check'], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('0 skipped by prefilter');
    expect(check.stderr).toMatch(
      /src\/start\.js:\d+ v1 remains, unmarked \[codemod\.unfollowed-instance\] its instance is sent at line 8 of index\.js/,
    );
    await runCli(['.', '--journey-map', MAP], repo);
    expect(await readFile(join(repo, 'src/start.js'), 'utf8')).toContain('/eu/captain/api/journey/start');
  });
});
