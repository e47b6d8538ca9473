import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
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
  'a mixin whose parameter has the name of a built-in class the file also imports': {
    'mixins.js': `const { EventEmitter: Client } = require('node:events');\nlet sent = 0;\nexports.bus = new Client();\nexports.counting = (Client) =>\n  class extends Client {\n    ${COUNTING_HEADERS}\n  };\n`,
    'main.js':
      "const ApiClient = require('./client');\nconst { counting } = require('./mixins');\nmodule.exports = new (counting(ApiClient))('dev');\n",
  },
  'a subclass of the class taken from a registry the client hands it to': {
    'registry.js': 'const classes = {};\nexports.register = (name, cls) => { classes[name] = cls; };\nexports.classes = classes;\n',
    'counting.js': `const { classes } = require('./registry');\nrequire('./client');\nlet sent = 0;\nclass CountingClient extends classes.client {\n  ${COUNTING_HEADERS}\n}\nmodule.exports = CountingClient;\n`,
  },
  'a subclass of a global the client is published as': {
    'counting.js': `require('./client');\nlet sent = 0;\nclass CountingClient extends ApiClient {\n  ${COUNTING_HEADERS}\n}\nmodule.exports = CountingClient;\n`,
  },
  'the method given another value on an instance in another file': {
    'main.js':
      "const Client = require('./client');\nconst client = new Client('dev');\nlet sent = 0;\nclient.headers = () => ({ headers: { 'x-sequence': String(sent++) } });\nmodule.exports = client;\n",
  },
  'an instance given the method by Object.assign in another file': {
    'main.js': `const Client = require('./client');\nlet sent = 0;\nmodule.exports = Object.assign(new Client('dev'), {\n  ${COUNTING_HEADERS},\n});\n`,
  },
  'the method written through a key in brackets, or set by Reflect.set': {
    'main.js':
      "const Client = require('./client');\nconst a = new Client('dev');\nconst b = new Client('dev');\nlet sent = 0;\nconst counting = () => ({ headers: { 'x-sequence': String(sent++) } });\na['headers'] = counting;\nReflect.set(b, 'headers', counting);\nmodule.exports = { a, b };\n",
  },
  'an instance given the members of an object by name': {
    'main.js': `const Client = require('./client');\nlet sent = 0;\nconst counting = {\n  ${COUNTING_HEADERS},\n};\nmodule.exports = Object.assign(new Client('dev'), counting);\n`,
  },
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journey-codemod-patched-'));
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

  it('stays on v1, marked, when another file of the project is one the run refused to read (a link out of the tree)', async () => {
    await mkdir(join(dir, 'elsewhere'), { recursive: true });
    await writeFile(
      join(dir, 'elsewhere/counting.js'),
      `const Client = require('../src/client');\nlet sent = 0;\nclass CountingClient extends Client {\n  ${COUNTING_HEADERS}\n}\n`,
    );
    await mkdir(join(dir, 'src'), { recursive: true });
    await symlink(join(dir, 'elsewhere/counting.js'), join(dir, 'src/counting.js'));
    const { report, client } = await migrate({});
    expect(report.refused.map(({ file }) => file)).toEqual(['src/counting.js']);
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(client).toContain('each fetch would run this.headers() again');
  });

  it('stays on v1, marked, when a decorator of another file may replace the method, private or not', async () => {
    await writeProject(dir, {
      'src/counted.ts':
        'let sent = 0;\nexport function counted(_target: object, _key: string, descriptor: PropertyDescriptor): void {\n  const original = descriptor.value;\n  descriptor.value = function (this: unknown) {\n    sent += 1;\n    return original.call(this);\n  };\n}\n',
      'src/client.ts': `import axios = require('axios');\nimport { counted } from './counted';\n\nclass Client {\n  constructor(private readonly token: string) {}\n\n  @counted\n  private headers() {\n    return { headers: { authorization: \`Bearer \${this.token}\` } };\n  }\n\n  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {\n    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());\n  }\n}\n\nexport = Client;\n`,
    });
    const run = await runCli(['src', '--report', '-'], dir);
    expect((JSON.parse(run.stdout) as Report).flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'src/client.ts'), 'utf8')).toContain('each fetch would run this.headers() again');
  });

  it('is migrated from a NestJS service: @Injectable() registers the class and leaves its methods as written', async () => {
    await writeProject(dir, {
      'src/journey.service.ts': `import { Injectable } from '@nestjs/common';\nimport axios = require('axios');\n\n@Injectable()\nexport class JourneyService {\n  constructor(private readonly token: string) {}\n\n  private headers() {\n    return { headers: { authorization: \`Bearer \${this.token}\` } };\n  }\n\n  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {\n    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());\n  }\n}\n`,
    });
    const run = await runCli(['src', '--report', '-'], dir);
    expect((JSON.parse(run.stdout) as Report).flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(await readFile(join(dir, 'src/journey.service.ts'), 'utf8')).toContain('/v2/captain/journey/interaction/submit');
  });

  it("stays on v1, marked, when a workspace package extends the class through the other's build (main: dist/)", async () => {
    await writeProject(dir, {
      'packages/client/package.json': '{ "name": "@acme/client", "main": "dist/client.js" }\n',
      'packages/client/src/client.js': CLIENT,
      'packages/client/dist/client.js': CLIENT,
      'packages/app/src/counting.js': `const Client = require('@acme/client');\nlet sent = 0;\nclass CountingClient extends Client {\n  ${COUNTING_HEADERS}\n}\nmodule.exports = CountingClient;\n`,
    });
    await mkdir(join(dir, 'node_modules/@acme'), { recursive: true });
    await symlink(join(dir, 'packages/client'), join(dir, 'node_modules/@acme/client'));
    const run = await runCli(['packages/client/src', 'packages/app/src', '--report', '-'], dir);
    expect((JSON.parse(run.stdout) as Report).flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'packages/client/src/client.js'), 'utf8')).toContain('each fetch would run this.headers() again');
  });

  it('is migrated when other files extend or patch only globals, packages and classes of their own', async () => {
    const { report, client } = await migrate({
      // TypeScript's custom error, and its form for subclasses of it.
      'typed-error.js':
        'class TypedError extends Error {\n  constructor(message) {\n    super(message);\n    Object.setPrototypeOf(this, new.target.prototype);\n    Object.setPrototypeOf(this, TypedError.prototype);\n  }\n}\nmodule.exports = TypedError;\n',
      // A prototype of a value a built-in makes; a test's spy on another method.
      'bus.js':
        "const events = require('node:events');\nconst Bus = events.EventEmitter;\nBus.prototype.ping = function () {};\nmodule.exports = Bus;\n",
      'client.test.js':
        "const Client = require('./client');\ntest('completes', async () => {\n  jest.spyOn(Client.prototype, 'complete').mockResolvedValue(undefined);\n  await new Client('t').complete('i', 't', {});\n});\n",
      // A getter of another class named like the client's own field, and a comment that reads like one.
      'auth-store.js':
        'let refreshed = 0;\n// The store is asked to get token (cached by the caller) once per request.\nclass AuthStore {\n  get token() {\n    refreshed += 1;\n    return "t" + refreshed;\n  }\n}\nmodule.exports = new AuthStore();\n',
      // The usual interceptor idiom, and a comment that looks like a write.
      'request-defaults.js':
        "const axios = require('axios');\naxios.interceptors.request.use((config) => {\n  config.headers = config.headers || {};\n  // never do `config.headers = other` here: axios merges them\n  return config;\n});\n",
      // Values no call can run: an interceptor's headers, a mock response's.
      'interceptor.js':
        "const axios = require('axios');\naxios.interceptors.request.use((config) => {\n  config.headers = { ...config.headers, 'x-app': 'onboarding' };\n  return config;\n});\nexports.mockResponse = () => {\n  const res = {};\n  res.headers = {};\n  res['headers'] = [];\n  return res;\n};\n",
      'old-style.js':
        "const util = require('util');\nconst EventEmitter = require('events');\nvar Animal = function (name) { this.name = name; };\nAnimal.prototype.speak = function () { return this.name; };\nfunction Bus() { EventEmitter.call(this); }\nutil.inherits(Bus, EventEmitter);\nexports.isClass = (fn) => typeof fn === 'function' && fn.prototype !== undefined;\nexports.bare = () => ({ __proto__: null });\n",
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
