import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A CommonJS client whose task update sends the headers of its own method: migrated, the update's interaction fetch
// is written the way the call is made, so it runs this.headers() a second time. That is safe only while no other
// file can give an instance another headers(), and a CommonJS export shows nothing of that in the class.
const CLIENT = `const axios = require('axios');

class Client {
  constructor(token) {
    this.token = token;
  }

  headers() {
    return { headers: { authorization: \`Bearer \${this.token}\` } };
  }

  async complete(instanceId, taskId, subject) {
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }
}

module.exports = Client;
`;

/** A `headers()` that counts: run twice per update, it would skip a sequence number the server expects. */
const COUNTING_HEADERS = `headers() {
    return { headers: { authorization: 'Bearer ' + this.token, 'x-sequence': String(sent++) } };
  }`;

const ELSEWHERE: Record<string, Record<string, string>> = {
  'a subclass of a class the file imports through an index that re-exports it': {
    'index.js': "module.exports = { Client: require('./client') };\n",
    'counting.js': `const { Client } = require('./index');\nlet sent = 0;\nclass CountingClient extends Client {\n  ${COUNTING_HEADERS}\n}\nmodule.exports = CountingClient;\n`,
  },
  'a constructor given the prototype of the class the old way (util.inherits)': {
    'counting.js': `const util = require('util');\nconst Client = require('./client');\nlet sent = 0;\nfunction CountingClient(token) {\n  Client.call(this, token);\n}\nutil.inherits(CountingClient, Client);\nCountingClient.prototype.headers = function () {\n  return { headers: { 'x-sequence': String(sent++) } };\n};\nmodule.exports = CountingClient;\n`,
  },
  'a method replaced on the prototype from another file': {
    'patch.js': `const Client = require('./client');\nlet sent = 0;\nClient.prototype.headers = function () {\n  return { headers: { 'x-sequence': String(sent++) } };\n};\n`,
  },
  'a mixin of a file that never imports the client, applied where the client is imported': {
    'mixins.js': `let sent = 0;\nexports.counting = (Base) =>\n  class extends Base {\n    ${COUNTING_HEADERS}\n  };\n`,
    'main.js':
      "const Client = require('./client');\nconst { counting } = require('./mixins');\nmodule.exports = new (counting(Client))('dev');\n",
  },
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journey-codemod-extended-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function migrate(files: Record<string, string>): Promise<{ report: Report; client: string }> {
  await writeProject(dir, {
    'src/client.js': CLIENT,
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`src/${path}`, text])),
  });
  const run = await runCli(['src', '--report', '-'], dir);
  expect(run.code).toBe(0);
  return { report: JSON.parse(run.stdout) as Report, client: await readFile(join(dir, 'src/client.js'), 'utf8') };
}

describe('a CommonJS class whose method a copied call would run again', () => {
  it.each(Object.entries(ELSEWHERE))('stays on v1, marked, under %s', async (_, files) => {
    const { report, client } = await migrate(files);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(client).toContain('captain/api/journey/task/update');
    expect(client).toContain('each fetch would run this.headers() again');
  });

  it('is migrated when other files extend only globals, packages and classes of their own', async () => {
    const { report, client } = await migrate({
      'errors.js':
        'class ApiError extends Error {}\nclass RetryableError extends ApiError {}\nmodule.exports = { ApiError, RetryableError };\n',
      'events.js':
        "const { EventEmitter } = require('node:events');\nconst Client = require('./client');\nclass Bus extends EventEmitter {}\nBus.prototype.client = new Client('dev');\nmodule.exports = { bus: new Bus(), slice: Array.prototype.slice };\n",
    });
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(client).toContain('/v2/captain/journey/interaction/submit');
    expect(client).not.toContain('journey-codemod:');
  });
});
