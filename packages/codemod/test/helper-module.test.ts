import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  decisionOf as contractDecisionOf,
  elementsCarriedBy,
  type Interaction,
  resultOf,
  stepsOf,
  toV1TaskList,
  type V2State,
} from '@journey-bridge/contract';
import { bundledJourneysDir, createSimulator, loadJourneys, type RunningSimulator, type Simulator } from '@journey-bridge/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decisionOf,
  type V2State as HelperV2State,
  interactionIdToSubmit,
  moduleSteps,
  participantsFor,
  pendingInteractionId,
  requiredDecisionOf,
  requiredInteractionId,
  type V2Interaction,
  waitForResult,
  waitUntilRun,
} from '../helpers/journey-v2.js';
import { emitHelpers } from '../src/emit/helper-module.js';
import { HELPER_SOURCE_URL } from '../src/helper-source.js';
import { parseSource } from '../src/parse/parse-source.js';
import { FileContext } from '../src/plan/file-context.js';
import type { Report } from '../src/report/report.js';
import { commitProject } from './js-projects.js';
import { runCli } from './run-cli.js';
import { typeErrors } from './type-errors.js';

const _repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const SIX = ['FullName', 'DateOfBirth', 'CurrentAddress', 'PrimaryDocument', 'Selfie', 'SSN'];
const interaction = (outstanding: string[], collects: string[] = []): V2Interaction => ({
  interactionId: 'i',
  outstanding,
  interaction: { collects: collects.map((ref) => ({ ref, spec: 'required' })) },
});

describe('participantsFor', () => {
  it('names the elements the subject carries that the interaction asks for, never one already provided', () => {
    const subject = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' } };
    expect(participantsFor(interaction(['DateOfBirth']), subject)).toEqual([{ domainElementId: 'DateOfBirth' }]);
    expect(participantsFor(interaction([], ['FullName', 'CurrentAddress']), subject)).toEqual([{ domainElementId: 'FullName' }]);
    // v2 would take a submit without participants and change nothing: refused, as v1 refused the update.
    expect(() => participantsFor(interaction(['Selfie']), subject)).toThrow(
      'the interaction asks for Selfie, and the submitted data holds none of it: nothing was submitted',
    );
    expect(() => participantsFor(interaction([]), subject)).toThrow('the interaction asks for no data');
    expect(participantsFor(interaction(['FullName', 'DateOfBirth']), ['DateOfBirth', 'Selfie'])).toEqual([
      { domainElementId: 'DateOfBirth' },
    ]);
  });

  it('names the fields the subject fills when the interaction asks field by field', () => {
    const subject = { documents: [{ type: 'Primary', side1Image: 'ZnJvbnQ=', side2Image: '' }] };
    expect(
      participantsFor(interaction(['PrimaryDocument/side1Image', 'PrimaryDocument/side2Image', 'Selfie/selfieImage']), subject),
    ).toEqual([{ domainElementId: 'PrimaryDocument/side1Image' }]);
  });

  it('finds the elements a subject carries as the contract does (the module cannot import it)', () => {
    const subjects = [
      {},
      { identity: { firstName: 'Ada' } },
      { identity: { lastNames: ['L'], dateOfBirth: '1990-01-01', currentAddress: { lines: ['1'] } } },
      {
        identity: {
          idNumbers: [
            { idNumber: '123-45-6789', type: 'ssn' },
            { idNumber: 'X', type: 'passport' },
          ],
        },
      },
      { identity: { idNumbers: [{ idNumber: 'X', type: 'passport' }] } },
      { documents: [{ side1Image: 'ZnJvbnQ=' }], biometrics: [{ selfieImage: 'c2VsZmll' }] },
      { documents: [{ type: 'primary', side1Image: 'ZnJvbnQ=' }], biometrics: [{}] },
      { documents: [{ type: 'Secondary', side1Image: 'ZnJvbnQ=' }] },
    ];
    for (const subject of subjects) {
      const carried = elementsCarriedBy(subject);
      // A subject that carries none of them is refused rather than named by none.
      if (carried.length === 0) expect(() => participantsFor(interaction(SIX), subject)).toThrow('holds none of it');
      else expect(participantsFor(interaction(SIX), subject).map((participant) => participant.domainElementId)).toEqual(carried);
    }
  });
});

describe('against the simulator', () => {
  let simulator: Simulator;
  let running: RunningSimulator;
  let token: string;
  const call = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${running.url}/eu/v2/captain/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
    return (await response.json()) as Record<string, unknown>;
  };
  const start = (resourceId: string, subject: object) =>
    call('journey/start', { resourceId, context: { config: { delivery: 'api' }, subject } });
  const person = (lastName: string) => ({ identity: { firstName: 'Ada', lastNames: [lastName], dateOfBirth: '1985-12-10' } });

  beforeAll(async () => {
    simulator = createSimulator({ journeys: await loadJourneys(bundledJourneysDir), clock: { scale: 1000 } });
    running = await simulator.listen();
    token = simulator.issueToken();
  });
  afterAll(() => running?.close());

  it('waitForResult resolves with the state once the journey has run; decisionOf and moduleSteps read it as the contract does', async () => {
    for (const [lastName, decision] of [
      ['Lovelace', 'Accept'],
      ['Nomatch', 'Reject'],
      ['Review', 'Manual review'],
    ] as const) {
      const state = await waitForResult(start('b8d2f4a6account-opening-v2@latest', person(lastName)), (instanceId) =>
        call('journey/state/fetch', { instanceId }),
      );
      expect(decisionOf(state)).toBe(decision);
      expect(decisionOf(state)).toBe(contractDecisionOf(resultOf(state as V2State), stepsOf(state as V2State)));
      expect(moduleSteps(state).map((step) => step.nodeId)).toEqual(
        stepsOf(state as V2State)
          .filter((step) => step.result !== null)
          .map((step) => step.nodeId),
      );
      expect(moduleSteps(state).length).toBeGreaterThan(0);
    }
  });

  it('decisionOf names an operator’s override (Refer) as it is, never as the decision its classification leans to', async () => {
    const fetchState = (instanceId: string) => call('journey/state/fetch', { instanceId });
    const { instanceId } = (await waitForResult(start('b8d2f4a6account-opening-v2@latest', person('Review')), fetchState)) as {
      instanceId: string;
    };
    const overridden = await fetch(`${running.url}/__sim/instances/${instanceId}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'Refer' }),
    });
    expect(overridden.status).toBe(200);
    const state = (await fetchState(instanceId)) as unknown as HelperV2State;
    expect(decisionOf(state)).toBe('Refer');
    expect(decisionOf(state)).toBe(contractDecisionOf(resultOf(state as V2State), stepsOf(state as V2State)));
  });

  it('waitUntilRun resolves with the start once an interaction waits for input, as a synchronous v1 start answered', async () => {
    const started = await waitUntilRun(start('b2e8d4a1data-check-v2@latest', {}), (instanceId) =>
      call('journey/interaction/fetch', { instanceId }),
    );
    const current = await call('journey/interaction/fetch', { instanceId: started.instanceId });
    expect(current.interactionId).toEqual(expect.any(String));
    expect(current.processing).toBeUndefined();
  });

  it('pendingInteractionId names the interaction a v1 task list listed: none while modules run, nor at the end interaction', async () => {
    const fetchInteraction = (instanceId: string) => call('journey/interaction/fetch', { instanceId });
    const { instanceId } = (await waitUntilRun(start('b2e8d4a1data-check-v2@latest', {}), fetchInteraction)) as { instanceId: string };
    const collecting = await fetchInteraction(instanceId);
    const subject = person('Lovelace');
    const participants = participantsFor(collecting as V2Interaction, subject);
    await call('journey/interaction/submit', { instanceId, interactionId: collecting.interactionId, participants, context: { subject } });
    let ended = await fetchInteraction(instanceId);
    while ((ended.journey as { status: string }).status === 'InProgress') ended = await fetchInteraction(instanceId);
    const processing = { instanceId, journey: { status: 'InProgress' }, processing: true, outstanding: [] };
    expect(pendingInteractionId(collecting as V2Interaction)).toBe(collecting.interactionId);
    // The end interaction has an id, but v1 listed no task once the journey had ended.
    expect(ended.interactionId).toEqual(expect.any(String));
    expect(pendingInteractionId(ended as V2Interaction)).toBeUndefined();
    for (const answer of [collecting, processing, ended]) {
      const tasks = toV1TaskList(answer as Interaction).tasks;
      expect(pendingInteractionId(answer as V2Interaction) !== undefined).toBe(tasks.length > 0);
    }
  });

  it('interactionIdToSubmit answers the id while an interaction waits for data, and throws a TypeError saying why where v1 listed no task', async () => {
    const control = (path: string, body: object) =>
      fetch(`${running.url}/__sim/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const fetchInteraction = async (instanceId: string) => (await call('journey/interaction/fetch', { instanceId })) as V2Interaction;
    // A manual clock holds the modules running until it is advanced.
    expect((await control('clock', { manual: true })).status).toBe(200);
    try {
      const { instanceId } = (await start('b2e8d4a1data-check-v2@latest', {})) as { instanceId: string };
      const collecting = await fetchInteraction(instanceId);
      expect(collecting.interactionId).toEqual(expect.any(String));
      expect(interactionIdToSubmit(collecting)).toBe(collecting.interactionId);
      const subject = person('Lovelace');
      const participants = participantsFor(collecting, subject);
      await call('journey/interaction/submit', { instanceId, interactionId: collecting.interactionId, participants, context: { subject } });
      const processing = await fetchInteraction(instanceId);
      expect(processing.processing).toBe(true);
      expect(() => interactionIdToSubmit(processing)).toThrow(
        new TypeError("no interaction waits for data: the journey's modules are still running (v1 listed no task)"),
      );
      expect((await control('clock/advance', { ms: 60_000 })).status).toBe(200);
      const ended = await fetchInteraction(instanceId);
      expect(ended.journey?.status).not.toBe('InProgress');
      expect(() => interactionIdToSubmit(ended)).toThrow(
        new TypeError(
          `no interaction waits for data: the journey is no longer InProgress but ${ended.journey?.status} (v1 listed no task)`,
        ),
      );
    } finally {
      await control('clock', { manual: false });
    }
  });

  it('requiredInteractionId answers the id pendingInteractionId answered, and throws a TypeError where it answered undefined', async () => {
    const fetchInteraction = async (instanceId: string) => (await call('journey/interaction/fetch', { instanceId })) as V2Interaction;
    const { instanceId } = (await waitUntilRun(start('b2e8d4a1data-check-v2@latest', {}), fetchInteraction)) as { instanceId: string };
    const collecting = await fetchInteraction(instanceId);
    expect(requiredInteractionId(pendingInteractionId(collecting))).toBe(collecting.interactionId);
    const processing: V2Interaction = { instanceId, journey: { status: 'InProgress' }, processing: true, outstanding: [] };
    expect(() => requiredInteractionId(pendingInteractionId(processing))).toThrow(
      new TypeError('no interaction waits for data: the modules are still running or the journey has ended (v1 listed no task)'),
    );
  });

  it('requiredDecisionOf answers the decision decisionOf reads, and throws a TypeError naming the status while there is none', async () => {
    const fetchInteraction = async (instanceId: string) => (await call('journey/interaction/fetch', { instanceId })) as V2Interaction;
    const { instanceId } = (await waitUntilRun(start('b2e8d4a1data-check-v2@latest', {}), fetchInteraction)) as { instanceId: string };
    const undecided = (await call('journey/state/fetch', { instanceId })) as unknown as HelperV2State;
    expect(decisionOf(undecided)).toBeUndefined();
    expect(() => requiredDecisionOf(undecided)).toThrow(
      new TypeError("the journey has no decision yet (status InProgress; v1's flow had no decision entry)"),
    );
    const decided = await waitForResult(start('b8d2f4a6account-opening-v2@latest', person('Nomatch')), (id) =>
      call('journey/state/fetch', { instanceId: id }),
    );
    expect(requiredDecisionOf(decided)).toBe('Reject');
  });
});

describe('the module written into a JavaScript project', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'journey-codemod-helper-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('type-checks as TypeScript under every strictness flag a project may set', async () => {
    const project = join(dir, 'strictest');
    await mkdir(project, { recursive: true });
    await writeFile(join(project, 'package.json'), '{ "type": "module" }\n');
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          types: [],
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          noPropertyAccessFromIndexSignature: true,
          verbatimModuleSyntax: true,
          isolatedModules: true,
          erasableSyntaxOnly: true,
          noImplicitOverride: true,
          noImplicitReturns: true,
          noFallthroughCasesInSwitch: true,
          noUnusedLocals: true,
          noUnusedParameters: true,
          allowUnreachableCode: false,
          noEmit: true,
        },
        include: ['*.ts'],
      }),
    );
    await writeFile(join(project, 'journey-v2.ts'), await readFile(HELPER_SOURCE_URL, 'utf8'));
    expect(typeErrors(project)).toEqual([]);
  });

  it('is written into each package that uses it, so no package imports from outside itself', async () => {
    const repo = join(dir, 'workspace');
    const files = [join(repo, 'packages/api/src/service.ts'), join(repo, 'apps/kyc/src/verify.ts'), join(repo, 'apps/kyc/src/tasks.ts')];
    for (const root of ['', 'packages/api', 'apps/kyc']) {
      await mkdir(join(repo, root, 'src'), { recursive: true });
      await writeFile(join(repo, root, 'package.json'), '{}\n');
    }
    const contexts = new Map(
      files.map((file) => {
        const text = "import { readFile } from 'node:fs';\n";
        const parsed = parseSource(file, text);
        if (!parsed.ok) throw new Error(parsed.error);
        return [file, new FileContext(file, text, parsed.ast, { resolved: {}, exports: {} })] as const;
      }),
    );
    const emission = emitHelpers(
      new Map(files.map((file) => [file, new Set(['decisionOf'])])),
      (file) => contexts.get(file),
      () => undefined,
    );
    expect(emission.files.map(({ path }) => path.slice(repo.length + 1)).sort()).toEqual([
      'apps/kyc/src/journey-v2.ts',
      'packages/api/src/journey-v2.ts',
    ]);
    expect(emission.edits.map((edit) => edit.text.trim())).toEqual([
      "import { decisionOf } from './journey-v2.js';",
      "import { decisionOf } from './journey-v2.js';",
      "import { decisionOf } from './journey-v2.js';",
    ]);
  });

  it('is compiled to an ES module or CommonJS that runs as the TypeScript does', async () => {
    const files = { esm: join(dir, 'app.mjs'), cjs: join(dir, 'app.cjs') };
    const contexts = new Map(
      Object.values(files).map((file) => {
        const text = file.endsWith('.cjs') ? "const axios = require('axios');\n" : "import axios from 'axios';\n";
        const parsed = parseSource(file, text);
        if (!parsed.ok) throw new Error(parsed.error);
        return [file, new FileContext(file, text, parsed.ast, { resolved: {}, exports: {} })] as const;
      }),
    );
    const emission = emitHelpers(
      new Map(Object.values(files).map((file) => [file, new Set(['participantsFor'])])),
      (file) => contexts.get(file),
      () => undefined,
    );
    expect(emission.edits.map((edit) => edit.text.trim())).toEqual([
      "import { participantsFor } from './journey-v2.mjs';",
      "const { participantsFor } = require('./journey-v2.cjs');",
    ]);
    for (const { path, text } of emission.files) await writeFile(path, text);
    const subject = { identity: { dateOfBirth: '1990-01-01' } };
    const esm = (await import(pathToFileURL(join(dir, 'journey-v2.mjs')).href)) as { participantsFor: typeof participantsFor };
    const cjs = createRequire(import.meta.url)(join(dir, 'journey-v2.cjs')) as { participantsFor: typeof participantsFor };
    for (const module of [esm, cjs])
      expect(module.participantsFor(interaction(['DateOfBirth']), subject)).toEqual([{ domainElementId: 'DateOfBirth' }]);
  });
});

// JavaScript that TypeScript checks (`checkJs`, `// @ts-check`) under `strict`: the compiled module alone would be
// untyped code (implicit `any` errors) and would give its importers no types.
const MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const checkedProject = (checkJs: boolean, pragma: string) => ({
  '.gitignore': 'node_modules\n',
  'package.json': '{ "name": "checked", "private": true }\n',
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: [],
      strict: true,
      allowJs: true,
      checkJs,
      noEmit: true,
      skipLibCheck: true,
    },
    include: ['src'],
  }),
  'src/client.mjs': `${pragma}const BASE = 'http://localhost:8080/eu/captain/api/journey/';

/**
 * @typedef {{ instanceId: string, status: string, tasks: { taskId: string }[] }} TaskList
 * @typedef {{ instanceId: string, status: string, data: { process: { flow: Record<string, { result: { outcome: string } }> } } }} JourneyState
 */

/**
 * @param {string} path
 * @param {string} instanceId
 */
function post(path, instanceId) {
  return fetch(BASE + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ instanceId }) });
}

/**
 * @param {string} instanceId
 * @returns {Promise<TaskList>}
 */
export async function listTasks(instanceId) {
  const res = await post('task/list', instanceId);
  return /** @type {Promise<TaskList>} */ (res.json());
}

/** @param {string} instanceId */
export async function check(instanceId) {
  const res = await post('state/fetch', instanceId);
  /** @type {JourneyState} */
  const state = await res.json();
  if (state.status === 'Failed') return 'fail';
  return state.data.process.flow.decision?.result.outcome === 'Decision: Pass' ? 'pass' : 'fail';
}
`,
  'src/tasks.cjs': `${pragma}const BASE = 'http://localhost:8080/eu/captain/api/journey/';

/** @param {string} instanceId */
async function waiting(instanceId) {
  const res = await fetch(BASE + 'task/list', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const list = await res.json();
  return list.tasks.length > 0;
}

module.exports = { waiting };
`,
});

describe('a JavaScript project TypeScript checks', () => {
  let repo: string;
  beforeAll(async () => {
    repo = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-checked-')));
  });
  afterAll(() => rm(repo, { recursive: true, force: true }));

  const migrate = async (files: Readonly<Record<string, string>>): Promise<Report> => {
    await rm(repo, { recursive: true, force: true });
    await commitProject(repo, files);
    expect(typeErrors(repo)).toEqual([]);
    const run = await runCli(['src', '--journey-map', MAP, '--report', '-'], repo);
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as Report;
  };

  it('gets the module with its declarations, and type-checks under strict checkJs once migrated', async () => {
    const project = checkedProject(true, '');
    // JSDoc types of v1 shapes keep client.mjs on v1 (below): without them, its flow is migrated.
    const untyped = {
      ...project,
      'src/client.mjs': project['src/client.mjs']
        .replace(' * @returns {Promise<TaskList>}\n', '')
        .replace('/** @type {Promise<TaskList>} */ ', '')
        .replace('  /** @type {JourneyState} */\n', ''),
    };
    const report = await migrate(untyped);
    // One flow: the ids both files' calls take come from outside, so they may be one journey.
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(typeErrors(repo)).toEqual([]);
    expect([...report.created].sort()).toEqual([
      'src/journey-v2.cjs',
      'src/journey-v2.d.cts',
      'src/journey-v2.d.mts',
      'src/journey-v2.mjs',
    ]);
    expect(await readFile(join(repo, 'src/client.mjs'), 'utf8')).toContain("import { decisionOf } from './journey-v2.mjs';");
    expect(await readFile(join(repo, 'src/journey-v2.d.mts'), 'utf8')).toContain(
      'export declare function decisionOf(state: V2State): Decision | (string & {}) | undefined;',
    );
    // Named in the program (TypeScript otherwise reads the declaration files in their place), they are not checked.
    const config = JSON.parse(untyped['tsconfig.json']) as object;
    await writeFile(join(repo, 'tsconfig.json'), JSON.stringify({ ...config, files: ['src/journey-v2.mjs', 'src/journey-v2.cjs'] }));
    expect(typeErrors(repo)).toEqual([]);
    // The importers get the declarations' types: a v1 task list is no interaction.
    await writeFile(join(repo, 'src/misuse.mjs'), "import { moduleSteps } from './journey-v2.mjs';\nmoduleSteps(42);\n");
    expect(typeErrors(repo)).toEqual(["src/misuse.mjs:2 Argument of type 'number' is not assignable to parameter of type 'V2State'."]);
  });

  it('keeps a flow on v1 where a JSDoc type TypeScript checks names the v1 answer, and migrates it where none checks', async () => {
    const typedReport = await migrate(checkedProject(false, '// @ts-check\n'));
    // The other file's calls take ids from outside as client.mjs's do: they may be one journey, and stay v1 with it.
    expect(typedReport.flows.map((flow) => flow.decision)).toEqual(['v1']);
    const client = await readFile(join(repo, 'src/client.mjs'), 'utf8');
    expect(client).toContain(
      '// journey-codemod: unsupported [endpoint.task-list] its JSDoc type {Promise<TaskList>} describes the v1 answer, TypeScript checks this file',
    );
    expect(client).toContain(
      '// journey-codemod: unsupported [response.state-result] its JSDoc type {JourneyState} describes the v1 answer',
    );
    expect(client).not.toMatch(/\/v2\/captain\/|journey-v2/);
    expect(typeErrors(repo)).toEqual([]);
    const uncheckedReport = await migrate(checkedProject(false, ''));
    expect(uncheckedReport.flows.map((flow) => flow.decision)).toEqual(['migrated']);
  });
});
