import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
  moduleSteps,
  participantsFor,
  pendingInteractionId,
  type V2Interaction,
  waitForResult,
  waitUntilRun,
} from '../helpers/journey-v2.js';
import { emitHelpers } from '../src/emit/helper-module.js';
import { parseSource } from '../src/parse/parse-source.js';
import { FileContext } from '../src/plan/file-context.js';

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
});

describe('the module written into a JavaScript project', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'journey-codemod-helper-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

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
