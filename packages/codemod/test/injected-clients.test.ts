import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCodemod } from '../src/index.js';

// The client and the route of test-fixtures/codemod/injected-clients, beside an app that hands the client to code
// the codemod does not see in one way or another.
const fixture = (name: string) => readFile(new URL(`../../../test-fixtures/codemod/injected-clients/${name}`, import.meta.url), 'utf8');
const MAP = { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' };

let tree: string;
beforeEach(async () => {
  tree = await mkdtemp(join(tmpdir(), 'journey-codemod-injected-'));
  await writeFile(join(tree, 'journey-client.js'), await fixture('journey-client.input.js'));
  await writeFile(join(tree, 'verify-route.js'), await fixture('verify-route.input.js'));
});
afterEach(() => rm(tree, { recursive: true, force: true }));

const decisionWith = async (app: string) => {
  await writeFile(join(tree, 'app.js'), `const JourneyClient = require('./journey-client');\n${app}\n`);
  const { flows } = await runCodemod({ paths: ['.'], cwd: tree, dry: true, journeyMap: MAP });
  return flows.map((flow) => flow.decision);
};

it.each([
  ['an instance held in a name, handed to app.set', "const client = new JourneyClient({ token: 't' });\napp.set('journeyClient', client);"],
  ['an instance written into another object', "app.locals.journeyClient = new JourneyClient({ token: 't' });"],
  [
    'an instance held in a name, given as a provider’s useValue',
    "const client = new JourneyClient({ token: 't' });\nmodule.exports = [{ provide: 'JOURNEY', useValue: client }];",
  ],
  [
    'a subclass handed to a container',
    'class TracedClient extends JourneyClient {}\ncontainer.register({ journeyClient: asClass(TracedClient) });',
  ],
  ['the class required where it is handed over', "container.register({ journeyClient: asClass(require('./journey-client')) });"],
  [
    'a factory returning an instance held in a name',
    "module.exports = [{ provide: 'JOURNEY', useFactory: () => { const client = new JourneyClient({ token: 't' }); return client; } }];",
  ],
])('keeps the method on v1 when %s', async (_, app) => {
  expect(await decisionWith(app)).toEqual(['v1']);
});

it.each([
  [
    'a test only asserts on an instance it made',
    "const made = new JourneyClient({ token: 't' });\nexpect(made).toBeInstanceOf(JourneyClient);",
  ],
  ['a test spies on its method', "const made = new JourneyClient({ token: 't' });\nvi.spyOn(made, 'state');"],
  [
    'it is handed in a literal to a function of the run',
    "function describeDeps(deps) {\n  return Object.keys(deps).join(', ');\n}\nconst client = new JourneyClient({ token: 't' });\ndescribeDeps({ journeys: client });",
  ],
])('migrates when %s', async (_, app) => {
  expect(await decisionWith(app)).toEqual(['migrated']);
});

it('migrates when journey-codemod-ignore above the hand-over says every caller is in the run', async () => {
  const app = "// journey-codemod-ignore: only this app's routes read it\napp.locals.journeyClient = new JourneyClient({ token: 't' });";
  expect(await decisionWith(app)).toEqual(['migrated']);
});

// reviewN: the marker says to put the comment above the line that hands the class over, inside a module's object.
it('migrates when journey-codemod-ignore sits above the line inside the statement that hands the class over', async () => {
  const app =
    "module.exports = {\n  imports: [],\n  // journey-codemod-ignore: only this module's routes are given it\n  providers: [JourneyClient],\n};";
  expect(await decisionWith(app)).toEqual(['migrated']);
  expect(await decisionWith(app.replace("  // journey-codemod-ignore: only this module's routes are given it\n", ''))).toEqual(['v1']);
});

it('keeps the method on v1 when an instance is merged into another object', async () => {
  expect(await decisionWith("const journeys = new JourneyClient({ token: 't' });\nObject.assign(app.locals, { journeys });")).toEqual([
    'v1',
  ]);
});
