import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCodemod } from '../src/index.js';
import { writeProject } from './js-projects.js';

const STATE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';
/** A state read whose instance id is its caller's: one of many such routes. */
const read = (name: string) =>
  `export async function ${name}(instanceId: string) {\n  const { data } = await axios.post('${STATE}', { instanceId });\n  return data.status;\n}\n`;
/** A task update that cannot move: got's settled response has no `.json()` to fetch the interaction with. */
const STUCK = `import got from 'got';

export async function complete(token: string, instanceId: string, taskId: string, subject: object): Promise<void> {
  await got.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { headers: { authorization: \`Bearer \${token}\` }, json: { intent: 'Complete', instanceId, taskId, context: { subject } } });
}
`;

/** A state read that cannot move: it looks the decision up in a table keyed by v1's words. */
const LOOKUP = `const LABELS: Record<string, string> = { 'Decision: Pass': 'approved' };

export async function label(instanceId: string): Promise<string> {
  const res = await fetch('${STATE}', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  return LABELS[state.data.process.flow.decision.result.outcome] ?? 'pending';
}
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journey-codemod-many-untied-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('more than 64 calls whose instance id comes from outside', () => {
  it('stay on v1 together with one that cannot move, even where the first of them is opted out', async () => {
    const reads = Array.from({ length: 70 }, (_, index) => read(`read${index}`)).join('\n');
    await writeProject(dir, {
      // First in the run: were it the star's centre, the one opted out would tie the others to nothing.
      'a-hub.ts': `import axios from 'axios';\n\nexport async function hub(instanceId: string) {\n  // journey-codemod-ignore\n  const { data } = await axios.post('${STATE}', { instanceId });\n  return data;\n}\n`,
      'b-many.ts': `import axios from 'axios';\n\n${reads}`,
      'z-stuck.ts': STUCK,
    });
    const result = await runCodemod({ paths: [dir], cwd: dir });
    expect(result.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'b-many.ts'), 'utf8')).not.toContain('/v2/captain/');
    expect(result.sites.filter((site) => site.status === 'migrated')).toEqual([]);
  });
});

describe('a call a start of the run reaches, in a function another caller gives an id from elsewhere', () => {
  const JOURNEY = `const HOST = process.env.PLATFORM_HOST;
const headers = (token: string) => ({ 'content-type': 'application/json', authorization: \`Bearer \${token}\` });

export async function startCheck(token: string, subject: object): Promise<string> {
  const res = await fetch(\`\${HOST}/eu/captain/api/journey/start\`, { method: 'POST', headers: headers(token), body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } }) });
  return ((await res.json()) as { instanceId: string }).instanceId;
}

export async function isFinished(token: string, instanceId: string): Promise<boolean> {
  const res = await fetch(\`\${HOST}/eu/captain/api/journey/state/fetch\`, { method: 'POST', headers: headers(token), body: JSON.stringify({ instanceId }) });
  return ((await res.json()) as { status: string }).status === 'Completed';
}
`;
  const BATCH = `import { isFinished, startCheck } from './journey';

export async function runBatch(token: string, subject: object): Promise<boolean> {
  const instanceId = await startCheck(token, subject);
  return isFinished(token, instanceId);
}
`;
  /** A route acting on journeys another service started: a draft kept on v1, and maybe the same state read. */
  const routes = (readsState: boolean) => `import { isFinished } from './journey';

export async function saveDraft(token: string, params: { id: string; task: string }): Promise<void> {
  await fetch(\`\${process.env.PLATFORM_HOST}/eu/captain/api/journey/task/update\`, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify({ intent: 'Save', instanceId: params.id, taskId: params.task, context: { subject: {} } }) });
}
${readsState ? '\nexport const status = (token: string, params: { id: string }) => isFinished(token, params.id);\n' : ''}`;
  const migrate = async (readsState: boolean) => {
    await writeProject(dir, { 'journey.ts': JOURNEY, 'batch.ts': BATCH, 'routes.ts': routes(readsState) });
    return runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
  };

  it('stays v1 with the draft on the route’s ids, and takes the start with it, where the route reads the state too', async () => {
    const result = await migrate(true);
    expect(result.flows.map((flow) => flow.decision)).toEqual(['v1']);
    const journey = await readFile(join(dir, 'journey.ts'), 'utf8');
    expect(journey).not.toContain('/v2/captain/');
    // It names where the ids from elsewhere come in: the route's call, on its line as written.
    expect(journey).toContain(
      '[codemod.unfollowed-instance] it may take an instance id no start of the run answered (its function is also called at line 8 of routes.ts)',
    );
  });

  it.each([
    ['handed on as a value (ids.map)', "export const statuses = (ids: string[]) => Promise.all(ids.map(isFinished.bind(null, 'token')));"],
    [
      'in a table of handlers',
      'const handlers = { finished: isFinished };\nexport const status = (token: string, kind: "finished", id: string) => handlers[kind](token, id);',
    ],
  ])('stays v1 with the draft where the route has it %s', async (_, use) => {
    await writeProject(dir, {
      'journey.ts': JOURNEY,
      'batch.ts': BATCH,
      'routes.ts': `${routes(false)}\n${use}\n`,
    });
    const result = await runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
    expect(result.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'journey.ts'), 'utf8')).not.toContain('/v2/captain/');
  });

  it.each([
    ['its class', 'new Tracker(params.id)'],
    ['a subclass that keeps its constructor', 'new AuditedTracker(params.id)'],
    ['the class handed on as a value', 'new kinds.plain(params.id)'],
  ])('stays v1 where the id goes through a constructor (by %s) into a field another method sends', async (_, made) => {
    const tracker = `export class Tracker {
  private readonly instanceId: string;
  constructor(instanceId: string) {
    this.instanceId = instanceId;
  }
  async finished(token: string): Promise<boolean> {
    const res = await fetch(\`\${process.env.PLATFORM_HOST}/eu/captain/api/journey/state/fetch\`, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify({ instanceId: this.instanceId }) });
    return ((await res.json()) as { status: string }).status === 'Completed';
  }
}
export class AuditedTracker extends Tracker {}
export const kinds = { plain: Tracker };
`;
    await writeProject(dir, {
      'journey.ts': JOURNEY,
      'tracker.ts': tracker,
      'batch.ts':
        "import { startCheck } from './journey';\nimport { Tracker } from './tracker';\n\nexport const runBatch = async (token: string, subject: object) => new Tracker(await startCheck(token, subject)).finished(token);\n",
      'routes.ts': `${routes(false)}\nexport const status = (token: string, params: { id: string }) => ${made}.finished(token);\n`.replace(
        "import { isFinished } from './journey';",
        "import { AuditedTracker, kinds, Tracker } from './tracker';",
      ),
    });
    const result = await runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
    expect(result.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'tracker.ts'), 'utf8')).not.toContain('/v2/captain/');
  });

  it.each([
    [
      'read into a name',
      'const finished = api.isFinished;\nexport const status = (token: string, params: { id: string }) => finished(token, params.id);',
    ],
    [
      'destructured',
      'const { isFinished } = api;\nexport const status = (token: string, params: { id: string }) => isFinished(token, params.id);',
    ],
    [
      'handed to a listener',
      "export const listen = (bus: { on(event: string, listener: (token: string, id: string) => unknown): void }) => bus.on('check', api.isFinished);",
    ],
    [
      'read with ?.',
      'const finished = api?.isFinished;\nexport const status = (token: string, params: { id: string }) => finished(token, params.id);',
    ],
    ['called with ?.()', 'export const status = (token: string, params: { id: string }) => api.isFinished?.(token, params.id);'],
  ])('stays v1 with the draft where an object’s method is %s', async (_, use) => {
    const objectApi = JOURNEY.replace(
      'export async function isFinished(token: string, instanceId: string): Promise<boolean> {',
      'export const api = {\n  async isFinished(token: string, instanceId: string): Promise<boolean> {',
    ).replace("=== 'Completed';\n}\n", "=== 'Completed';\n  },\n};\n");
    await writeProject(dir, {
      'journey.ts': objectApi,
      'batch.ts': BATCH.replace('isFinished, startCheck', 'api, startCheck').replace('return isFinished(', 'return api.isFinished('),
      'routes.ts': `${routes(false).replace("import { isFinished } from './journey';", "import { api } from './journey';")}\n${use}\n`,
    });
    const result = await runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
    expect(result.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'journey.ts'), 'utf8')).not.toContain('/v2/captain/');
  });

  const COMMONJS_START = `async (token, subject) => {
  const res = await fetch(\`\${process.env.PLATFORM_HOST}/eu/captain/api/journey/start\`, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } }) });
  return (await res.json()).instanceId;
}`;
  const COMMONJS_READ = `async (instanceId) => {
  const res = await fetch(\`\${process.env.PLATFORM_HOST}/eu/captain/api/journey/state/fetch\`, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return (await res.json()).status === 'Completed';
}`;
  it.each([
    [
      'an export (exports.isFinished = …)',
      `exports.startCheck = ${COMMONJS_START};\nexports.isFinished = ${COMMONJS_READ};\n`,
      "const { isFinished, startCheck } = require('./journey');\nexports.runBatch = async (token, subject) => isFinished(await startCheck(token, subject));\n",
    ],
    [
      'a method of the object that is the module (module.exports = { … })',
      `module.exports = {\n  startCheck: ${COMMONJS_START},\n  isFinished: ${COMMONJS_READ},\n};\n`,
      "const journey = require('./journey');\nexports.runBatch = async (token, subject) => journey.isFinished(await journey.startCheck(token, subject));\n",
    ],
  ])('stays v1 with the draft where CommonJS hands on %s where it is required', async (_, journey, batch) => {
    await writeProject(dir, {
      'journey.js': journey,
      'batch.js': batch,
      'routes.js':
        "const { isFinished } = require('./journey');\nexports.statuses = (params) => Promise.all([params.id].map(isFinished));\n",
      'stuck.js': LOOKUP.replace(': Record<string, string>', '').replace('(instanceId: string): Promise<string>', '(instanceId)'),
    });
    const result = await runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
    expect(await readFile(join(dir, 'journey.js'), 'utf8')).not.toContain('/v2/captain/');
  });

  it.each([
    ['a literal', "isFinished('token', '00000000-test-instance')"],
    ['a const holding one', "isFinished('token', TEST_ID)"],
  ])('moves where the only other caller gives it %s, a test’s id no journey has', async (_, call) => {
    await writeProject(dir, {
      'journey.ts': JOURNEY,
      'batch.ts': BATCH,
      'routes.ts': routes(false),
      'journey.test.ts': `import { isFinished } from './journey';\n\nconst TEST_ID = '00000000-test-instance';\nexport const probe = () => ${call};\n`,
    });
    const result = await runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
    expect(result.flows.map((flow) => flow.decision).sort()).toEqual(['migrated', 'v1']);
  });

  it('moves with its start where no caller gives it an id from elsewhere', async () => {
    const result = await migrate(false);
    expect(result.flows.map((flow) => flow.decision).sort()).toEqual(['migrated', 'v1']);
    expect(await readFile(join(dir, 'journey.ts'), 'utf8')).toContain('/eu/v2/captain/journey/state/fetch');
  });
});

describe('a function given a start’s id beside its own start', () => {
  it('keeps its own journey: only the ids that went through the parameter count as from elsewhere', async () => {
    const follow = `export async function startFollowUp(token: string, subject: object, parentId: string) {
  console.log('follow-up of', parentId);
  const res = await fetch(\`\${process.env.PLATFORM_HOST}/eu/captain/api/journey/start\`, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } }) });
  const { instanceId } = (await res.json()) as { instanceId: string };
  const state = await fetch(\`\${process.env.PLATFORM_HOST}/eu/captain/api/journey/state/fetch\`, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify({ instanceId }) });
  return ((await state.json()) as { status: string }).status === 'Completed';
}
`;
    await writeProject(dir, {
      'follow.ts': follow,
      'chain.ts': `import { startFollowUp } from './follow';

export async function chain(token: string, subject: object) {
  const res = await fetch(\`\${process.env.PLATFORM_HOST}/eu/captain/api/journey/start\`, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } }) });
  const { instanceId } = (await res.json()) as { instanceId: string };
  return startFollowUp(token, subject, instanceId);
}
`,
      'route.ts':
        "import { startFollowUp } from './follow';\n\nexport const route = (token: string, params: { id: string }) => startFollowUp(token, {}, params.id);\n",
      'stuck.ts': LOOKUP,
    });
    const result = await runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
    expect(await readFile(join(dir, 'follow.ts'), 'utf8')).toContain('/eu/v2/captain/journey/state/fetch');
    expect(
      result.flows.filter((flow) => flow.decision === 'v1').flatMap((flow) => flow.files.map((file) => file.slice(dir.length + 1))),
    ).toEqual(['stuck.ts']);
  });
});

describe('a start’s id given to a TypeScript parameter property', () => {
  it('reaches the calls that read it off this, which move to v2 with the start', async () => {
    const tracker = `export class Tracker {
  constructor(private readonly instanceId: string) {}
  async finished(): Promise<boolean> {
    const res = await fetch('${STATE}', { method: 'POST', body: JSON.stringify({ instanceId: this.instanceId }) });
    return ((await res.json()) as { status: string }).status === 'Completed';
  }
}
`;
    const batch = `import { Tracker } from './tracker';

export async function runBatch(subject: object): Promise<boolean> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', { method: 'POST', body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } }) });
  const { instanceId } = (await res.json()) as { instanceId: string };
  return new Tracker(instanceId).finished();
}
`;
    await writeProject(dir, { 'tracker.ts': tracker, 'batch.ts': batch });
    const moved = await runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
    expect(moved.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(await readFile(join(dir, 'tracker.ts'), 'utf8')).toContain('/v2/captain/journey/state/fetch');
  });
});

describe('more ways a start’s id and an outside id reach one call', () => {
  const START = `const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', { method: 'POST', body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } }) });
  const { instanceId } = (await res.json()) as { instanceId: string };`;
  const READ = `const res = await fetch('${STATE}', { method: 'POST', body: JSON.stringify({ instanceId }) });
    return ((await res.json()) as { status: string }).status === 'Completed';`;
  const migrate = async (files: Record<string, string>) => {
    await writeProject(dir, { ...files, 'stuck.ts': LOOKUP });
    return runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
  };

  it.each([
    [
      'a static method called on the class',
      `export class Tracker {\n  static async finished(instanceId: string): Promise<boolean> {\n    ${READ}\n  }\n}\n`,
      "import { Tracker } from './tracker';\nexport async function begin(subject: object) {\n  START\n  return Tracker.finished(instanceId);\n}\n",
      "import { Tracker } from './tracker';\nexport const status = (params: { id: string }) => Tracker.finished(params.id);\n",
    ],
    [
      'a method of an instance a module exports',
      `class Tracker {\n  async begin(subject: object): Promise<boolean> {\n    START\n    return this.finished(instanceId);\n  }\n  async finished(instanceId: string): Promise<boolean> {\n    ${READ}\n  }\n}\nexport const tracker = new Tracker();\n`,
      'export {};\n',
      "import { tracker } from './tracker';\nexport const status = (params: { id: string }) => tracker.finished(params.id);\n",
    ],
  ])('stays v1 with the draft: %s', async (_, tracker, start, route) => {
    const result = await migrate({
      'tracker.ts': tracker.replace('START', START),
      'start.ts': start.replace('START', START),
      'route.ts': route,
    });
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
    expect(await readFile(join(dir, 'tracker.ts'), 'utf8')).not.toContain('/v2/captain/');
    expect(await readFile(join(dir, 'start.ts'), 'utf8')).not.toContain('/v2/captain/');
  });

  it.each([
    [
      'through a barrel that imports it and exports it again under another name',
      "import { isFinished } from './tracker';\nexport { isFinished as done };\n",
      "import { done } from './barrel';",
    ],
    [
      'through a barrel that imports it and exports it again as the default',
      "import { isFinished } from './tracker';\nexport default isFinished;\n",
      "import done from './barrel';",
    ],
    [
      'through a barrel re-exporting it under another name, read off the barrel’s namespace',
      "export { isFinished as done } from './tracker';\n",
      "import * as barrel from './barrel';\nconst { done } = barrel;",
    ],
    [
      'through its own module’s namespace, the function read off it',
      'export {};\n',
      "import * as tracker from './tracker';\nconst done = tracker.isFinished;",
    ],
    [
      'through its own module’s namespace, destructured',
      'export {};\n',
      "import * as tracker from './tracker';\nconst { isFinished: done } = tracker;",
    ],
  ])('stays v1 with the draft where a route reaches the function %s', async (_, barrel, imports) => {
    const result = await migrate({
      'tracker.ts': `export async function isFinished(instanceId: string): Promise<boolean> {\n  ${READ}\n}\n`,
      'start.ts': `import { isFinished } from './tracker';\nexport async function begin(subject: object) {\n  ${START}\n  return isFinished(instanceId);\n}\n`,
      'barrel.ts': barrel,
      'route.ts': `${imports}\nexport const status = (params: { id: string }) => done(params.id);\n`,
    });
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
    expect(await readFile(join(dir, 'tracker.ts'), 'utf8')).not.toContain('/v2/captain/');
  });

  it.each([
    [
      'import … = require()',
      "import tracker = require('./tracker');\nexport const status = (params: { id: string }) => tracker.isFinished(params.id);\n",
    ],
    [
      'a require() under as',
      "const { isFinished } = require('./tracker') as typeof import('./tracker');\nexport const status = (params: { id: string }) => isFinished(params.id);\n",
    ],
    [
      'a require() inside the route',
      "export function status(params: { id: string }) {\n  const finished = require('./tracker').isFinished;\n  return finished(params.id);\n}\n",
    ],
  ])('stays v1 with the draft where a route loads the module by %s', async (_, route) => {
    const result = await migrate({
      'tracker.ts': `export async function isFinished(instanceId: string): Promise<boolean> {\n  ${READ}\n}\n`,
      'start.ts': `import { isFinished } from './tracker';\nexport async function begin(subject: object) {\n  ${START}\n  return isFinished(instanceId);\n}\n`,
      'route.ts': route,
    });
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
    expect(await readFile(join(dir, 'tracker.ts'), 'utf8')).not.toContain('/v2/captain/');
  });

  it('keeps the start on v1 where its id is handed to a function by name (.then(isFinished))', async () => {
    const result = await migrate({
      'tracker.ts': `export async function isFinished(instanceId: string): Promise<boolean> {\n  ${READ}\n}\n`,
      'start.ts': `import { isFinished } from './tracker';\nexport async function begin(subject: object) {\n  ${START}\n  return Promise.resolve(instanceId).then(isFinished);\n}\n`,
    });
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
    expect(await readFile(join(dir, 'start.ts'), 'utf8')).not.toContain('/v2/captain/');
  });

  it('stays v1 with the draft where a route reaches the function by import()', async () => {
    const result = await migrate({
      'tracker.ts': `export async function isFinished(instanceId: string): Promise<boolean> {\n  ${READ}\n}\n`,
      'start.ts': `import { isFinished } from './tracker';\nexport async function begin(subject: object) {\n  ${START}\n  return isFinished(instanceId);\n}\n`,
      'route.ts':
        "export async function status(params: { id: string }) {\n  const { isFinished } = await import('./tracker');\n  return isFinished(params.id);\n}\n",
    });
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
    expect(await readFile(join(dir, 'tracker.ts'), 'utf8')).not.toContain('/v2/captain/');
  });

  it('keeps the start on v1 where its id is yielded by a generator handed to code taking ids from it', async () => {
    const result = await migrate({
      'tracker.ts': `export async function finished(ids: Iterable<string>): Promise<boolean> {\n  for (const instanceId of ids) {\n    ${READ}\n  }\n  return false;\n}\n`,
      'start.ts': `import { finished } from './tracker';\nfunction* one(id: string) {\n  yield id;\n}\nexport async function begin(subject: object) {\n  ${START}\n  return finished(one(instanceId));\n}\n`,
    });
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
    expect(await readFile(join(dir, 'start.ts'), 'utf8')).not.toContain('/v2/captain/');
  });
});
