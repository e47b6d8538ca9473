import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { V1Api } from '@journey-bridge/client';
import type { Subject } from '@journey-bridge/contract';
import { type JourneyDefinition, parseJourney, type Simulator } from '@journey-bridge/simulator';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import {
  type Cutover,
  createCutover,
  createRecordPublisher,
  createRedisStore,
  type PairingStore,
  type PairRecord,
  summariseRecords,
} from '../src/index.js';
import { createSealer } from '../src/stores/seal.js';
import {
  createPlatform,
  DATA_CHECK_V1,
  journeys,
  legacyJourney,
  person,
  personal,
  republished,
  splitDataCheck,
  stricterDataCheck,
  v1Side,
  v2Side,
} from './harness.js';

const DOC_SELFIE_V1 = 'c3f9e5b2doc-selfie-v1';

import { redisAvailable, redisForTest } from './redis-server.js';

/**
 * The data check on `sim` in shadow at 100%, its v2 republication identical (on `shadowSim`, by default the same
 * platform), and the pairs it publishes.
 */
function shadowingDataCheck(sim: Simulator, pollIntervalMs: number, shadowSim = sim): { cutover: Cutover; records: PairRecord[] } {
  const records: PairRecord[] = [];
  const cutover = createCutover({
    v1: v1Side(sim),
    v2: v2Side(shadowSim),
    mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
    publish: (record) => records.push(record),
    shadow: { pollIntervalMs, timeoutMs: 10_000 },
  });
  return { cutover, records };
}

describe('a sampled journey is mirrored on the other side', () => {
  it('runs the shadow with the primary’s submissions and publishes a matching pair', async () => {
    const sim = createPlatform();
    const { cutover, records } = shadowingDataCheck(sim, 2);
    const advance = async () => sim.core.clock.advance(500);
    await legacyJourney(cutover, { advance });
    await cutover.idle();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ mapping: 'data-check', stage: 'shadow', primary: 'v1', result: 'match' });
    await cutover.close();
  });

  it('reads the primary’s state only while its caller does not: the caller’s answers, its end included, are used', async () => {
    const sim = createPlatform({ clock: { manual: true } });
    const { cutover, records } = shadowingDataCheck(sim, 20);
    // A caller polling every 5 ms while its journey's modules take their simulated time: many polls, each well
    // inside the mirror's interval, so a mirror that read the primary on its own would add several reads.
    const advance = async () => {
      sim.core.clock.advance(50);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const answers = await legacyJourney(cutover, { advance });
    // The shadow's modules run on the same manual clock: it goes on moving until the mirror is done.
    let mirrored = false;
    const idle = cutover.idle().then(() => {
      mirrored = true;
    });
    while (!mirrored) await advance();
    await idle;
    await cutover.close();
    expect(records).toMatchObject([{ result: 'match' }]);
    const instanceId = (answers[0] as { instanceId: string }).instanceId;
    const callerFetches = answers.filter((answer) => typeof answer === 'object' && answer !== null && 'metaData' in answer).length;
    expect(callerFetches).toBeGreaterThan(5);
    // At most one read of its own: before the caller's first poll, once the shadow has ended.
    expect(sim.core.journal.count({ path: '*/journey/state/fetch', instanceId }) - callerFetches).toBeLessThanOrEqual(1);
  });

  it('finds a seeded difference and names the module and field', async () => {
    const sim = createPlatform();
    const records: PairRecord[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim, { strict: true }),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-stricter-v2', stage: { kind: 'shadow', sample: 1 } }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    expect(records[0]?.result).toBe('mismatch');
    expect(records[0]?.differences).toContainEqual(
      expect.objectContaining({ module: 'kyc-eu-v3', field: 'outcome', v1: 'Match', v2: 'No Match' }),
    );
    await cutover.close();
  });
});

describe('the shadow is fed as its own interactions ask', () => {
  /** The v1 data check that took name and birth date in two tasks, mapped to its v2 replacement in one interaction. */
  async function splitIntoOne(steps: Subject[]) {
    const sim = createPlatform();
    const records: PairRecord[] = [];
    const v1 = splitDataCheck.resourceIds.v1.production;
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'split', v1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    await legacyJourney(cutover, { resourceId: v1, steps, advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    await cutover.close();
    // Submits that carry data: the adapter's Validate also asks, naming no participant, whether the caller may submit.
    const submits = sim.core.journal
      .list({ path: '*/v2/captain/journey/interaction/submit' })
      .filter(({ participants }) => participants?.length).length;
    return { records, submits };
  }

  it('a v1 journey that took name and birth date in two tasks, its v2 replacement in one: the ends match, live would not', async () => {
    const { firstName, lastNames, dateOfBirth } = person.identity;
    const { records, submits } = await splitIntoOne([{ identity: { firstName, lastNames } }, { identity: { dateOfBirth } }]);
    // The one v2 interaction was submitted once, with both submissions the v1 side held; in live it would get the
    // first task's Complete alone, and refuse it for the birth date it lacks.
    expect(submits).toBe(1);
    expect(records).toMatchObject([
      {
        result: 'mismatch',
        differences: [{ module: 'request', field: 'task-steps', v1: 'taken', v2: 'refused', explainedBy: 'endpoint.task-list' }],
      },
    ]);
  });

  it('the same with code that sends the whole subject with every task: a match, as live takes its first Complete', async () => {
    const { records } = await splitIntoOne([person, person]);
    expect(records).toMatchObject([{ result: 'match', differences: [] }]);
  });

  /** The data check in shadow, a Save of `saved` (of each, in turn) then a Complete of `completed` by its caller, and the pair. */
  async function savedThenCompleted(saved: Subject | readonly Subject[], completed: Subject) {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    const { cutover, records } = shadowingDataCheck(sim, 2, shadowSim);
    const { instanceId } = await cutover.startJourney({ resourceId: `${DATA_CHECK_V1}@latest`, context: { config: { async: true } } });
    const { tasks } = await cutover.listTasks({ instanceId });
    const taskId = tasks[0]?.taskId as string;
    // The mirror reads the primary twice more once a draft is held (the caller does not poll): a turn of its own
    // has begun since, and taken the draft.
    const reads = () => sim.core.journal.count({ path: '*/journey/state/fetch', instanceId });
    for (const subject of Array.isArray(saved) ? saved : [saved]) {
      await cutover.updateTask({ intent: 'Save', instanceId, taskId, context: { subject } });
      const before = reads();
      await vi.waitFor(() => expect(reads()).toBeGreaterThan(before + 1));
    }
    await cutover.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: completed } });
    for (let polls = 0; (await cutover.fetchState({ instanceId })).status === 'InProgress'; polls += 1) {
      if (polls > 200) throw new Error('the journey did not end');
      sim.core.clock.advance(500);
    }
    await cutover.idle();
    await cutover.close();
    const shadow = shadowSim.core.engine.get(records[0]?.v2Instance as string);
    // Submits that carry data: a Validate of the adapter also asks, naming no participant, whether it may submit.
    const submits = shadowSim.core.journal
      .list({ path: '*/v2/captain/journey/interaction/submit' })
      .filter(({ participants }) => participants?.length).length;
    return { records, shadow, submits };
  }

  it('a Save is a draft: the shadow is given it with the Complete that follows, as that one completes it', async () => {
    const { records, shadow, submits } = await savedThenCompleted({ identity: { firstName: 'Ada' } }, person);
    expect(records).toMatchObject([{ result: 'match', differences: [] }]);
    expect(shadow?.subject.identity).toEqual(person.identity);
    expect(submits).toBe(1);
  });

  it('a Complete that changes an element its Save carried whole: a mismatch, as v2 refuses the change (v1 took it)', async () => {
    const typo = { identity: { ...person.identity, lastNames: ['Lovelase'] } };
    const { records, shadow } = await savedThenCompleted(typo, person);
    // The ends agree: the shadow was given the Save beneath the Complete, as v1 took them.
    expect(shadow?.subject.identity?.lastNames).toEqual(['Lovelace']);
    expect(records).toMatchObject([
      {
        result: 'mismatch',
        differences: [
          { module: 'request', field: 'FullName.changed-after-save', v1: 'taken', v2: 'refused', explainedBy: 'request.update-correction' },
        ],
      },
    ]);
  });

  // A wizard that Saves its pages, then Completes with an optional element its last page asked for.
  const address = { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
  const withAddress = { identity: { ...person.identity, currentAddress: address } };

  it('a Complete that adds data after a Save that carried all the task requires: a mismatch, as v2 refuses it (v1 took it)', async () => {
    const { records, shadow } = await savedThenCompleted(person, withAddress);
    // The ends agree: the shadow was given the Save beneath the Complete, as v1 took them.
    expect(shadow?.subject.identity?.currentAddress).toEqual(address);
    expect(records).toMatchObject([
      {
        result: 'mismatch',
        differences: [
          { module: 'request', field: 'CurrentAddress.added-after-save', v1: 'taken', v2: 'refused', explainedBy: 'request.update-intent' },
        ],
      },
    ]);
    expect(JSON.stringify(records)).not.toMatch(/London|Lovelace/);
  });

  it('a wizard whose last page is Saved after a page that carried all the task requires: a mismatch on what that page added', async () => {
    const { records, shadow } = await savedThenCompleted([person, { identity: { currentAddress: address } }], {});
    expect(shadow?.subject.identity?.currentAddress).toEqual(address);
    expect(records).toMatchObject([
      {
        result: 'mismatch',
        differences: [
          { module: 'request', field: 'CurrentAddress.added-after-save', v1: 'taken', v2: 'refused', explainedBy: 'request.update-intent' },
        ],
      },
    ]);
  });

  it('a wizard that Saves its pages, the required ones last, then Completes: a match, as each page is taken on v2', async () => {
    const { records } = await savedThenCompleted([{ identity: { currentAddress: address } }, person], {});
    expect(records).toMatchObject([{ result: 'match', differences: [] }]);
  });

  it('a Complete that adds, after such a Save, an element the task does not collect: a match, as live takes it too', async () => {
    // Legacy forms send every field on every page; the data check collects no SSN, so any submit of it drops one.
    const withSsn = { identity: { ...person.identity, idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] } };
    const { records } = await savedThenCompleted(person, withSsn);
    expect(records).toMatchObject([{ result: 'match', differences: [] }]);
  });

  it('a Complete that adds, after such a Save, a field no step shows (a legacy form’s): not a difference, but not checked', async () => {
    // Live takes it where the step collects no element nobody described; the step's schema cannot say which.
    const { records } = await savedThenCompleted(person, { ...person, marketingSource: 'web' });
    expect(records).toMatchObject([{ result: 'match', differences: [], unchecked: ['added-after-save'] }]);
  });

  it('a Complete that adds data after a Save that lacked a required element: a match, as v2 takes that Complete too', async () => {
    const { records, shadow } = await savedThenCompleted({ identity: { firstName: 'Ada', lastNames: ['Lovelace'] } }, withAddress);
    expect(shadow?.subject.identity?.currentAddress).toEqual(address);
    expect(records).toMatchObject([{ result: 'match', differences: [] }]);
  });
});

const image = (text: string) => Buffer.from(text).toString('base64');
const DOCUMENTS = { documents: [{ type: 'Primary', side1Image: image('FRONT'), side2Image: image('BACK') }] };
const DOCUMENT = { element: 'PrimaryDocument', spec: 'required' } as const;
const collecting = (id: string, elements: string[], modules: typeof personal.modules = []) => ({
  ...personal,
  id,
  variantId: `collect-${id}`,
  collects: elements.map((element) => (element === 'PrimaryDocument' ? DOCUMENT : { element, spec: 'required' as const })),
  modules,
});
/** v1 takes the name with the document, then the date of birth; its v2 republication takes each in a step of its own. */
const nameWithDocument = republished('name-with-document', [
  collecting('name-document', ['FullName', 'PrimaryDocument']),
  collecting('birth', ['DateOfBirth'], personal.modules),
]);
const stepByStep = republished('step-by-step', [
  collecting('document', ['PrimaryDocument']),
  collecting('name', ['FullName']),
  collecting('birth', ['DateOfBirth'], personal.modules),
]);
/** `nameWithDocument`'s two steps with the document moved into the second: as many steps, not the same ones. */
const documentMoved = republished('document-moved', [
  collecting('name', ['FullName']),
  collecting('birth-document', ['DateOfBirth', 'PrimaryDocument'], personal.modules),
]);

/** The onboarding journey's consent, an element beyond the specification's six that the v2 side's adapter is not told of. */
const CONSENT = { Consent: { fields: { dataProcessing: { path: 'consent.dataProcessing', format: 'accepted' } } } } as const;
/** v1 takes the name with consent, then the date of birth; its republication asks for consent with the date of birth. */
const withConsent = ({ catalogue: _, ...journey }: JourneyDefinition) => parseJourney({ ...journey, elements: CONSENT });
const nameWithConsent = withConsent(
  republished('name-with-consent', [
    collecting('name-consent', ['FullName', 'Consent']),
    collecting('birth', ['DateOfBirth'], personal.modules),
  ]),
);
const consentMoved = withConsent(
  republished('consent-moved', [
    collecting('name', ['FullName']),
    collecting('birth-consent', ['DateOfBirth', 'Consent'], personal.modules),
  ]),
);

/** v1 takes the name with the document, then a selfie, then the birth date; v2 the name with an optional selfie, then the document. */
const selfieLast = republished('selfie-last', [
  collecting('name-document', ['FullName', 'PrimaryDocument']),
  collecting('selfie', ['Selfie']),
  collecting('birth', ['DateOfBirth'], personal.modules),
]);
const selfieWithName = republished('selfie-with-name', [
  {
    ...collecting('name', ['FullName']),
    collects: [
      { element: 'FullName', spec: 'required' },
      { element: 'Selfie', spec: 'optional' },
    ],
  },
  collecting('document', ['PrimaryDocument']),
  collecting('birth', ['DateOfBirth'], personal.modules),
]);
/** v1 takes the name with an optional address, then the birth date; v2 asks for the address with the birth date. */
const addressWithName = republished('address-with-name', [
  {
    ...collecting('name', ['FullName']),
    collects: [
      { element: 'FullName', spec: 'required' },
      { element: 'CurrentAddress', spec: 'optional' },
    ],
  },
  collecting('birth', ['DateOfBirth'], personal.modules),
]);
const addressWithBirth = republished('address-with-birth', [
  collecting('name', ['FullName']),
  {
    ...collecting('birth', ['DateOfBirth'], personal.modules),
    collects: [
      { element: 'DateOfBirth', spec: 'required' },
      { element: 'CurrentAddress', spec: 'optional' },
    ],
  },
]);

describe('a shadow behind its primary', () => {
  /**
   * Runs `tasks` (each a Save, if any, then a Complete, to the next task or, `again`, to the same one) on the v1
   * journey `v1` with a cutover shadowing it on `v2`, whose shadow starts only once the caller is done: every
   * submission is held before it takes any. `paced`: the shadow starts at once instead, and the caller, as a person
   * filling in each page, sends each Complete only once the shadow has done what it can (the mirror reads the
   * primary's state, which it does only while its shadow waits).
   */
  async function lateShadow(
    v1: string,
    v2: string,
    tasks: readonly { save?: Subject; complete: Subject; again?: boolean }[],
    { paced = false } = {},
  ) {
    const platform = () =>
      createPlatform({
        journeys: [
          ...[...journeys, nameWithDocument, stepByStep, documentMoved, nameWithConsent, consentMoved],
          ...[selfieLast, selfieWithName, addressWithName, addressWithBirth],
        ],
      });
    const [sim, shadowSim] = [platform(), platform()];
    let caughtUp!: () => void;
    const callerDone = new Promise<void>((resolve) => (caughtUp = resolve));
    const side = v2Side(shadowSim, { map: { [v1]: v2 } });
    const late = (api: V1Api): V1Api => ({ ...api, startJourney: async (request) => callerDone.then(() => api.startJourney(request)) });
    const records: PairRecord[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: paced ? side : { ...late(side), withContext: (context) => late(side.withContext(context)) },
      mappings: [{ name: 'late', v1, v2, stage: { kind: 'shadow', sample: 1 } }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    const { instanceId } = await cutover.startJourney({ resourceId: `${v1}@latest`, context: { config: { async: true } } });
    let previous: string | undefined;
    for (const { save, complete, again = false } of tasks) {
      let taskId: string | undefined;
      for (let polls = 0; taskId === undefined || (taskId === previous && !again); polls += 1) {
        if (polls > 200) throw new Error('no task came');
        taskId = (await cutover.listTasks({ instanceId })).tasks[0]?.taskId;
        sim.core.clock.advance(500);
      }
      if (save) await cutover.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: save } });
      const readsBefore = sim.core.journal.count({ path: '*/journey/state/fetch', instanceId });
      await cutover.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: complete } });
      previous = taskId;
      for (let turns = 0; paced && sim.core.journal.count({ path: '*/journey/state/fetch', instanceId }) === readsBefore; turns += 1) {
        if (turns > 2000) throw new Error('the shadow never waited');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    for (let polls = 0; (await cutover.fetchState({ instanceId })).status === 'InProgress'; polls += 1) {
      if (polls > 200) throw new Error('the journey did not end');
      sim.core.clock.advance(500);
    }
    caughtUp();
    await cutover.idle();
    await cutover.close();
    return { records, shadow: shadowSim.core.engine.get(records[0]?.v2Instance as string) };
  }

  it('gives each task what the caller had sent by that task’s Complete, never what a later task’s Save carried', async () => {
    // The documents' page saves a first name the task does not collect whole (v1 drops it); the selfie's page a
    // last name that task does not collect at all.
    const { records, shadow } = await lateShadow(DOC_SELFIE_V1, 'd4a0f6c3doc-selfie-v2', [
      { save: { identity: { firstName: 'Ada' } }, complete: DOCUMENTS },
      { save: { identity: { lastNames: ['Lovelace'] } }, complete: { biometrics: [{ type: 'Selfie', selfieImage: image('SELFIE') }] } },
    ]);
    expect(records).toMatchObject([{ result: 'match' }]);
    expect(shadow?.subject.identity?.lastNames).toBeUndefined();
  });

  it('gives a step the earliest data that satisfies it when v2 collects in more steps than v1, and says live would not', async () => {
    // The birth date's page saves another last name, which that v1 task does not collect (v1 drops it): v2's name
    // step, after its document step, takes the name the first page sent.
    const { records, shadow } = await lateShadow(nameWithDocument.resourceIds.v1.production, stepByStep.resourceIds.v2.production, [
      { complete: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] }, ...DOCUMENTS } },
      { save: { identity: { lastNames: ['Nomatch'] } }, complete: { identity: { dateOfBirth: '1990-12-10' } } },
    ]);
    expect(shadow?.subject.identity?.lastNames).toEqual(['Lovelace']);
    // In live the name step gets the second task's Complete, the birth date and the saved last name: no first name.
    expect(records).toMatchObject([
      { result: 'mismatch', differences: [{ module: 'request', field: 'task-steps', explainedBy: 'endpoint.task-list' }] },
    ]);
  });

  it('says live would not fit when v2 collects in as many steps but moved an element from one to another', async () => {
    // In live the name step drops the document the first Complete carries (it does not collect it), and the birth
    // step then gets the second Complete alone: no document. The mirror gives it both Completes, and it is taken.
    const { records, shadow } = await lateShadow(nameWithDocument.resourceIds.v1.production, documentMoved.resourceIds.v2.production, [
      { complete: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] }, ...DOCUMENTS } },
      { complete: { identity: { dateOfBirth: '1990-12-10' } } },
    ]);
    expect(shadow?.subject.documents).toHaveLength(1);
    expect(records).toMatchObject([
      {
        result: 'mismatch',
        differences: [{ module: 'request', field: 'task-steps', v1: 'taken', v2: 'refused', explainedBy: 'endpoint.task-list' }],
      },
    ]);
  });

  it('a shadow alongside its primary checks a step against the Complete live would give it, once the caller sends it', async () => {
    // Live's document step would get the selfie page's Complete, without the document. A shadow that ran ahead gave
    // that step the first page's data before the caller sent the second, and matched.
    const address = { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
    const { records } = await lateShadow(
      selfieLast.resourceIds.v1.production,
      selfieWithName.resourceIds.v2.production,
      [
        { complete: { identity: { firstName: 'Ada', lastNames: ['Lovelace'], currentAddress: address }, ...DOCUMENTS } },
        { complete: { biometrics: [{ type: 'Selfie', selfieImage: image('SELFIE') }] } },
        { complete: { identity: { dateOfBirth: '1990-12-10' } } },
      ],
      { paced: true },
    );
    expect(records).toMatchObject([
      {
        result: 'mismatch',
        differences: [{ module: 'request', field: 'task-steps', v1: 'taken', v2: 'refused', explainedBy: 'endpoint.task-list' }],
      },
    ]);
  });

  it('the same publication, paced: a match, each step waiting for its own Complete', async () => {
    const v1 = selfieLast.resourceIds.v1.production;
    const { records } = await lateShadow(
      v1,
      selfieLast.resourceIds.v2.production,
      [
        { complete: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] }, ...DOCUMENTS } },
        { complete: { biometrics: [{ type: 'Selfie', selfieImage: image('SELFIE') }] } },
        { complete: { identity: { dateOfBirth: '1990-12-10' } } },
      ],
      { paced: true },
    );
    expect(records).toMatchObject([{ result: 'match', differences: [] }]);
  });

  it('says live would not fit when an optional element moved to a later step, which live goes without', async () => {
    // Live's name step drops the address (it no longer collects it); the birth step gets the second Complete alone
    // and comes to its end without one, while the shadow's was given it.
    const address = { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
    const { records, shadow } = await lateShadow(addressWithName.resourceIds.v1.production, addressWithBirth.resourceIds.v2.production, [
      { complete: { identity: { firstName: 'Ada', lastNames: ['Lovelace'], currentAddress: address } } },
      { complete: { identity: { dateOfBirth: '1990-12-10' } } },
    ]);
    expect(shadow?.subject.identity?.currentAddress).toEqual(address);
    expect(records).toMatchObject([
      {
        result: 'mismatch',
        differences: [
          { module: 'request', field: 'task-steps', v1: 'taken', v2: 'without CurrentAddress', explainedBy: 'endpoint.task-list' },
        ],
      },
    ]);
  });

  it('the same layout on both sides, an address sent to the page whose task does not collect it: no task-steps difference', async () => {
    // v1 drops the address too (its name task does not collect it), so live goes without what v1 went without.
    const address = { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
    const v1 = addressWithBirth.resourceIds.v1.production;
    const { records } = await lateShadow(v1, addressWithBirth.resourceIds.v2.production, [
      { complete: { identity: { firstName: 'Ada', lastNames: ['Lovelace'], currentAddress: address } } },
      { complete: { identity: { dateOfBirth: '1990-12-10' } } },
    ]);
    expect(records).toHaveLength(1);
    expect(records[0]?.differences).not.toContainEqual(expect.objectContaining({ module: 'request' }));
    expect(records[0]).not.toHaveProperty('unchecked');
  });

  it('the same with code that sends the whole subject with every task: a match, as live gets the address with the birth date', async () => {
    const address = { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
    const whole = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], currentAddress: address, dateOfBirth: '1990-12-10' } };
    const { records } = await lateShadow(addressWithName.resourceIds.v1.production, addressWithBirth.resourceIds.v2.production, [
      { complete: whole },
      { complete: whole },
    ]);
    expect(records).toMatchObject([{ result: 'match', differences: [] }]);
  });

  it('says it could not check the steps where the step needs an element nobody described to its adapter', async () => {
    // Live's birth step would get the second Complete alone, without the consent; only a submit can tell whether
    // consent is there, so the Validate cannot say, and the pair says so beside its match.
    const { records } = await lateShadow(nameWithConsent.resourceIds.v1.production, consentMoved.resourceIds.v2.production, [
      { complete: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] }, consent: { dataProcessing: true } } },
      { complete: { identity: { dateOfBirth: '1990-12-10' } } },
    ]);
    expect(records).toMatchObject([{ result: 'match', differences: [], unchecked: ['task-steps'] }]);
  });

  it('the same steps, each task’s Complete carrying what its step collects: a match, live takes each', async () => {
    const { records } = await lateShadow(nameWithDocument.resourceIds.v1.production, nameWithDocument.resourceIds.v2.production, [
      { complete: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] }, ...DOCUMENTS } },
      { complete: { identity: { dateOfBirth: '1990-12-10' } } },
    ]);
    expect(records).toMatchObject([{ result: 'match', differences: [] }]);
  });

  it('waits for v2 to decide whether a document needs its back, the task still listed after it took the front: a match', async () => {
    // A passport: v2 reads the front (3 s of its time) before it lets the task go, while the primary ended long ago.
    const form = {
      ...person,
      consent: { dataProcessing: true },
      contact: { mobilePhone: '+447700900123' },
      biometrics: [{ selfieImage: image('SELFIE') }],
      documents: [{ type: 'Primary', side1Image: image('PASSPORT front') }],
    };
    const { records } = await lateShadow('a3c5e7f9onboarding-v1', 'b4d6f8a0onboarding-v2', [{ complete: form }]);
    expect(records).toMatchObject([{ result: 'match' }]);
  });

  it('compares a change to a saved element only within the task: a later task that does not collect it leaves it as held', async () => {
    // Code that sends the whole subject with every call, the name corrected on the selfie's screen.
    const ada = { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' };
    const { records } = await lateShadow(DOC_SELFIE_V1, 'd4a0f6c3doc-selfie-v2', [
      { save: { identity: ada, ...DOCUMENTS }, complete: { identity: ada, ...DOCUMENTS } },
      {
        complete: { identity: { ...ada, firstName: 'Eva' }, ...DOCUMENTS, biometrics: [{ type: 'Selfie', selfieImage: image('SELFIE') }] },
      },
    ]);
    expect(records).toMatchObject([{ result: 'match', differences: [] }]);
  });

  it('gives a document’s back the caller sent once v1 asked for it, though v2 still reads the front when it comes', async () => {
    // A driving licence: both publications ask for its back once they have read the front.
    const { records, shadow } = await lateShadow('a3c5e7f9onboarding-v1', 'b4d6f8a0onboarding-v2', [
      {
        save: { consent: { dataProcessing: true }, identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } },
        complete: {
          contact: { mobilePhone: '+447700900123' },
          documents: [{ type: 'Primary', side1Image: image('DRIVING LICENCE front') }],
          biometrics: [{ selfieImage: image('SELFIE') }],
        },
      },
      { complete: { documents: [{ side2Image: image('BACK') }] }, again: true },
    ]);
    expect(records).toMatchObject([{ result: 'match' }]);
    expect(shadow?.subject.documents?.[0]?.side2Image).toBe(image('BACK'));
  });
});

describe('the caller’s start', () => {
  it('is answered as the primary answered it when the request holds what JSON drops: a function, a class instance', async () => {
    const sim = createPlatform();
    const { cutover, records } = shadowingDataCheck(sim, 2);
    class Subject {
      readonly uid = 'customer-7';
      readonly describe = () => `customer ${this.uid}`;
    }
    const answers = await legacyJourney(cutover, { prefill: new Subject(), advance: async () => sim.core.clock.advance(500) });
    expect(answers[0]).toMatchObject({ instanceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    await cutover.idle();
    await cutover.close();
    // Mirrored with the start as it went on the wire: the shadow's prefill is the primary's.
    expect(records).toMatchObject([{ result: 'match' }]);
    expect(sim.core.engine.get(records[0]?.v2Instance as string)?.subject.uid).toBe('customer-7');
  });
});

describe('shadow work is bounded', () => {
  const setUp = (options: { queueSize?: number; dailyCap?: number }) => {
    const sim = createPlatform();
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [
        {
          name: 'data-check',
          v1: DATA_CHECK_V1,
          v2: 'b2e8d4a1data-check-v2',
          stage: { kind: 'shadow', sample: 1 },
          ...(options.dailyCap !== undefined && { dailyCap: options.dailyCap }),
        },
      ],
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000, ...(options.queueSize !== undefined && { queueSize: options.queueSize }) },
    });
    const start = () => cutover.startJourney({ resourceId: `${DATA_CHECK_V1}@latest`, context: { config: { async: true }, subject: {} } });
    const skipped = async () =>
      Object.fromEntries((await cutover.metrics.skipped.get()).values.map(({ labels, value }) => [labels.reason, value]));
    return { cutover, start, skipped };
  };

  it('a full queue skips the journey and counts it', async () => {
    const { cutover, start, skipped } = setUp({ queueSize: 1 });
    await Promise.all([start(), start(), start()]);
    expect(await skipped()).toEqual({ 'queue-full': 2 });
    await cutover.close();
  });

  it('the daily cap skips the journeys past it and counts them', async () => {
    const { cutover, start, skipped } = setUp({ dailyCap: 2 });
    for (let i = 0; i < 5; i += 1) await start();
    expect(await skipped()).toEqual({ 'daily-cap': 3 });
    await cutover.close();
  });
});

describe('a shadow whose calls fail for a while', () => {
  it('waits out a burst of 503s on its reads: both sides completed, and the pair says so', async () => {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    // The sides' clients do not retry here: each 503 reaches the mirror, three turns in a row.
    shadowSim.core.faults.add({ path: '*/v2/captain/journey/interaction/fetch', status: 503, count: 3 });
    const { cutover, records } = shadowingDataCheck(sim, 2, shadowSim);
    await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    await cutover.close();
    expect(shadowSim.core.journal.count({ path: '*/journey/interaction/fetch', status: 503 })).toBe(3);
    expect(records).toMatchObject([{ result: 'match' }]);
  });

  it('ends as an error pair, naming the error, when they keep failing', async () => {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    shadowSim.core.faults.add({ path: '*/v2/captain/journey/interaction/fetch', status: 503 });
    const { cutover, records } = shadowingDataCheck(sim, 2, shadowSim);
    await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    await cutover.close();
    expect(records).toMatchObject([{ result: 'error', errors: { v2: 'ServiceUnavailableError' } }]);
  });

  it.each([
    [429, 'match', undefined],
    [408, 'match', undefined],
    [401, 'error', 'AuthenticationError'],
    [403, 'error', 'PermissionDeniedError'],
  ] as const)('reads a %i on its submit as saying nothing of the data: %s, never a difference', async (status, result, error) => {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    shadowSim.core.faults.add({ path: '*/v2/captain/journey/interaction/submit', status, count: 1 });
    const { cutover, records } = shadowingDataCheck(sim, 2, shadowSim);
    await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    await cutover.close();
    expect(shadowSim.core.journal.count({ path: '*/journey/interaction/submit', status })).toBe(1);
    expect(records).toMatchObject([{ result, ...(error && { errors: { v2: error } }) }]);
  });
});

describe('a shadow running when the cutover closes', () => {
  it('is abandoned at once, with no record, and counted and logged per mapping', async () => {
    const sim = createPlatform();
    const records: PairRecord[] = [];
    const warnings: { message: string; fields: unknown }[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
      logger: { warn: (message, fields) => warnings.push({ message, fields }), error: () => {} },
    });
    // Two journeys left at their first task: their shadows wait for the submissions, which never come.
    const request = { resourceId: `${DATA_CHECK_V1}@latest`, context: { config: { async: true }, subject: {} } };
    await cutover.startJourney(request);
    await cutover.startJourney(request);
    // Both shadows running: their v2 journeys started.
    await vi.waitFor(() => expect(sim.core.journal.count({ path: '*/v2/captain/journey/start' })).toBe(2), { interval: 2 });
    await cutover.close();
    expect(records).toEqual([]);
    expect((await cutover.metrics.skipped.get()).values).toEqual([{ labels: { mapping: 'data-check', reason: 'shutdown' }, value: 2 }]);
    expect(warnings).toEqual([{ message: expect.stringContaining('not compared'), fields: { abandoned: { 'data-check': 2 } } }]);
  });
});

describe('a shadow slower than the shadow timeout', () => {
  it('times out alone: the primary its caller saw end meanwhile is not counted as timed out', async () => {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    // The shadow's submit outlasts the timeout, holding the mirror while the caller's journey ends on v1.
    shadowSim.core.faults.add({ path: '*/v2/captain/journey/interaction/submit', latencyMs: 3000 });
    const records: PairRecord[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(shadowSim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 1500 },
    });
    const answers = await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    expect((answers.at(-1) as { status: string }).status).toBe('Completed');
    await cutover.idle();
    await cutover.close();
    expect(records).toMatchObject([{ result: 'timeout', errors: { v2: 'ShadowTimeoutError' } }]);
    expect(records[0]?.errors).not.toHaveProperty('v1');
    expect(records[0]?.latencyMs.v1).toEqual(expect.any(Number));
  });
});

describe('a records file that cannot be written', () => {
  it('counts every record it loses as a publish failure', async () => {
    const sim = createPlatform();
    const dir = await mkdtemp(join(tmpdir(), 'cutover-lost-'));
    const publisher = createRecordPublisher({ file: dir, onError: () => {} });
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      publish: publisher.publish,
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    for (let i = 0; i < 2; i += 1) await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    await vi.waitFor(async () => {
      const { values } = await cutover.metrics.failures.get();
      expect(values.find((value) => value.labels.part === 'publish')?.value).toBe(2);
    });
    await cutover.close();
    await publisher.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe('a shadow that never starts', () => {
  it('is an error pair naming the error, with no shadow instance, hashed or not', async () => {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    shadowSim.core.faults.add({ path: '*/journey/start', status: 503 });
    const lines: PairRecord[] = [];
    const publisher = createRecordPublisher({ write: (record) => lines.push(record) });
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(shadowSim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      publish: publisher.publish,
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    await cutover.close();
    expect(lines).toEqual([
      expect.objectContaining({ result: 'error', v2Instance: '', errors: { v1: undefined, v2: 'ServiceUnavailableError' } }),
    ]);
    expect(lines[0]?.v1Instance).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refused by v2 for a prefill v1 took: a mismatch on the start that the register explains, not v2’s error', async () => {
    const sim = createPlatform();
    const { cutover, records } = shadowingDataCheck(sim, 2);
    const answers = await legacyJourney(cutover, {
      prefill: { identity: { dateOfBirth: '10/12/1985' } },
      advance: async () => sim.core.clock.advance(500),
    });
    await cutover.idle();
    await cutover.close();
    expect(answers.at(-1)).toMatchObject({ status: 'Completed' });
    expect(records).toEqual([
      expect.objectContaining({
        result: 'mismatch',
        v2Instance: '',
        differences: [{ module: 'request', field: 'start', v1: 'taken', v2: 'refused (400)', explainedBy: 'request.prefill-validation' }],
      }),
    ]);
    expect(records[0]?.errors).toBeUndefined();
    // The gate sees it: a journey v2 would not have begun is not consistent.
    expect(summariseRecords(records).overall.consistency).toBe(0);
  });

  it.each([
    ['a 400 for a start whose prefill is only a uid', { uid: 'customer-7' }, 400],
    ['a 409 for a start with a prefill', { identity: { firstName: 'Ada' } }, 409],
  ])('refused by v2 with %s: a mismatch on the start that nothing explains', async (_, prefill, status) => {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    shadowSim.core.faults.add({ path: '*/v2/captain/journey/start', status });
    const { cutover, records } = shadowingDataCheck(sim, 2, shadowSim);
    await legacyJourney(cutover, { prefill, advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    await cutover.close();
    expect(records).toEqual([
      expect.objectContaining({
        result: 'mismatch',
        differences: [{ module: 'request', field: 'start', v1: 'taken', v2: `refused (${status})`, explainedBy: undefined }],
      }),
    ]);
  });

  it.each([
    [404, 'NotFoundError'],
    [403, 'PermissionDeniedError'],
  ])(
    'refused by v2 with a %i (a journey it does not have, a token it refuses): an error pair naming it, not a difference',
    async (status, name) => {
      const sim = createPlatform();
      const shadowSim = createPlatform();
      shadowSim.core.faults.add({ path: '*/v2/captain/journey/start', status });
      const { cutover, records } = shadowingDataCheck(sim, 2, shadowSim);
      await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
      await cutover.idle();
      await cutover.close();
      expect(records).toEqual([expect.objectContaining({ result: 'error', differences: [], errors: { v2: name } })]);
    },
  );

  it('refused by v1 in live, a start v2 took: an error pair, not a difference that would roll callers back onto v1', async () => {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    sim.core.faults.add({ path: '*/journey/start', status: 400 });
    const records: PairRecord[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(shadowSim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'live', sample: 1 } }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    await legacyJourney(cutover, { advance: async () => shadowSim.core.clock.advance(500) });
    await cutover.idle();
    await cutover.close();
    expect(records).toEqual([
      expect.objectContaining({ primary: 'v2', result: 'error', v1Instance: '', differences: [], errors: { v1: 'BadRequestError' } }),
    ]);
  });
});

describe('the shadow’s calls and the caller’s', () => {
  /** The data check in shadow at 100%, mirrored on `shadowSim`, its shadow calls waiting for `quietMs` gaps. */
  function quietShadow(sim: Simulator, shadowSim: Simulator, quietMs: number, pollIntervalMs: number): Cutover {
    return createCutover({
      v1: v1Side(sim),
      v2: v2Side(shadowSim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      shadow: { pollIntervalMs, quietMs, timeoutMs: 10_000 },
    });
  }
  /** One turn of the event loop between the caller's calls: a gap far shorter than any quietMs here. */
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('go out once the caller’s calls leave a gap of quietMs, not between calls that follow each other', async () => {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    const cutover = quietShadow(sim, shadowSim, 250, 60_000);
    const { instanceId } = await cutover.startJourney({ resourceId: `${DATA_CHECK_V1}@latest`, context: { config: { async: true } } });
    for (let call = 0; call < 50; call += 1) {
      await turn();
      await cutover.listTasks({ instanceId });
    }
    expect(shadowSim.core.journal.count()).toBe(0);
    await vi.waitFor(() => expect(shadowSim.core.journal.count()).toBeGreaterThan(0), { timeout: 5000 });
    await cutover.close();
  });

  it('go out after pollIntervalMs at the latest when the caller’s calls leave no gap', async () => {
    const sim = createPlatform();
    const shadowSim = createPlatform();
    const cutover = quietShadow(sim, shadowSim, 60_000, 100);
    const { instanceId } = await cutover.startJourney({ resourceId: `${DATA_CHECK_V1}@latest`, context: { config: { async: true } } });
    let calls = 0;
    while (shadowSim.core.journal.count() === 0) {
      if (calls > 100_000) throw new Error('the shadow never started');
      await turn();
      await cutover.listTasks({ instanceId });
      calls += 1;
    }
    await cutover.close();
  });
});

describe.runIf(redisAvailable())('a shadow fed through Redis, when its data goes missing', () => {
  /**
   * The data check in shadow at 100% over `store`, a journey of it started and at its first task, on a manual clock:
   * the journey's modules run only as `finish` moves it.
   */
  async function startedOver(store: PairingStore) {
    const sim = createPlatform({ clock: { manual: true } });
    const records: PairRecord[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      store,
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    const { instanceId } = await cutover.startJourney({ resourceId: `${DATA_CHECK_V1}@latest`, context: { config: { async: true } } });
    const taskId = (await cutover.listTasks({ instanceId })).tasks[0]?.taskId as string;
    /** Polls the primary through the cutover, as its caller would, until it ends; then waits for the mirror. */
    const finish = async () => {
      for (let polls = 0; (await cutover.fetchState({ instanceId })).status === 'InProgress'; polls += 1) {
        if (polls > 200) throw new Error('the journey did not end');
        sim.core.clock.advance(500);
      }
      // The shadow's modules run on the same clock: it goes on moving until the mirror is done.
      let mirrored = false;
      const idle = cutover.idle().then(() => {
        mirrored = true;
      });
      while (!mirrored) {
        sim.core.clock.advance(500);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await idle;
      await cutover.close();
    };
    const storeFailures = async () =>
      (await cutover.metrics.failures.get()).values.find(({ labels }) => labels.part === 'store' && labels.mapping === 'data-check')
        ?.value ?? 0;
    return { sim, cutover, records, instanceId, taskId, finish, storeFailures };
  }

  it('a submission held under another key is not opened: an error pair naming SealedSubjectError, not a mismatch', async () => {
    const redis = await redisForTest();
    const prefix = 'mirror-foreign:';
    const { sim, records, instanceId, taskId, finish } = await startedOver(
      await createRedisStore({ url: redis.url, key: randomBytes(32), prefix }),
    );
    // The caller's Complete went through a replica given another key (one started before the key check was there):
    // v1 served it, and that replica held the submission sealed under its own key.
    await v1Side(sim).updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    const raw = new Redis(redis.url);
    await raw.rpush(
      `${prefix}held:${instanceId}`,
      createSealer(randomBytes(32)).seal(JSON.stringify({ subject: person, draft: false }), instanceId),
    );
    await raw.quit();
    await finish();
    await redis.stop();
    expect(records).toMatchObject([{ result: 'error', differences: [], errors: { v2: 'SealedSubjectError' } }]);
    expect(records[0]?.errors).not.toHaveProperty('v1');
    // Lost to the store, in the report: not v2 failing.
    expect(summariseRecords(records).overall).toMatchObject({ errorRate: { v1: 0, v2: 0 }, lostToStore: 1 });
  });

  it('the store failed while the shadow waited, and the submission was never held: an error pair, not a mismatch', async () => {
    let redis = await redisForTest();
    const port = Number(new URL(redis.url).port);
    const store = await createRedisStore({ url: redis.url, key: randomBytes(32), prefix: 'mirror-outage:', commandTimeoutMs: 200 });
    const { sim, records, cutover, instanceId, taskId, finish, storeFailures } = await startedOver(store);
    // The shadow started, and waits at its first interaction for the caller's submission.
    await vi.waitFor(() => expect(sim.core.journal.count({ path: '*/v2/captain/journey/start' })).toBe(1), { interval: 2 });
    await redis.stop();
    // Its takes fail while Redis is down.
    await vi.waitFor(async () => expect(await storeFailures()).toBeGreaterThan(0), { interval: 2 });
    // The caller's Complete meanwhile: its placement cannot be read, so v1 serves it and nothing is held.
    await cutover.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    redis = await redisForTest(port);
    await finish();
    await redis.stop();
    expect(records).toMatchObject([{ result: 'error', differences: [], errors: { v2: 'ShadowDataLostError' } }]);
    // Lost to the store, in the report and the metrics: not v2 failing (every call of either side answered).
    expect(summariseRecords(records).overall).toMatchObject({ errorRate: { v1: 0, v2: 0 }, lostToStore: 1 });
    expect((await cutover.metrics.calls.get()).values.filter(({ labels }) => labels.outcome === 'error')).toEqual([]);
  });

  it('a hold Redis fails is made again once Redis is back: the shadow gets the submission, and the pair matches', async () => {
    let redis = await redisForTest();
    const port = Number(new URL(redis.url).port);
    const inner = await createRedisStore({ url: redis.url, key: randomBytes(32), prefix: 'mirror-hold:', commandTimeoutMs: 200 });
    let down = false;
    let holdsFailed = 0;
    // Redis goes down between the read of the placement and the hold, as it may between any two commands.
    const store: PairingStore = {
      ...inner,
      async hold(...args) {
        if (down) {
          down = false;
          await redis.stop();
        }
        return inner.hold(...args).catch((error: unknown) => {
          holdsFailed += 1;
          throw error;
        });
      },
    };
    // The caller's journey waits for the clock: it cannot end before the hold is made again.
    const { sim, records, cutover, instanceId, taskId, finish } = await startedOver(store);
    down = true;
    await cutover.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    await vi.waitFor(() => expect(holdsFailed).toBeGreaterThan(0), { interval: 2 });
    redis = await redisForTest(port);
    // Held again off the caller's path: the shadow is given it.
    await vi.waitFor(() => expect(sim.core.journal.count({ path: '*/v2/captain/journey/interaction/submit' })).toBe(1), {
      timeout: 5000,
      interval: 5,
    });
    await finish();
    await redis.stop();
    expect(records).toMatchObject([{ result: 'match' }]);
    expect((await cutover.metrics.failures.get()).values.filter(({ labels }) => labels.part === 'hold')).toEqual([]);
  });
});

describe('a submission of the primary’s caller whose outcome is unknown', () => {
  /**
   * Start (of `resourceId`, the data check by default), then for each of `subjects` in turn the next task listed (the
   * platform's clock advanced until one is) and a `Complete` of it (`between` runs before each after the first),
   * then state polls until the end. Answers the failures the caller met.
   */
  async function journeyThroughLostAnswers(
    cutover: Cutover,
    sim: Simulator,
    subjects: Subject[],
    { between = async () => {}, resourceId = DATA_CHECK_V1 }: { between?: () => Promise<void>; resourceId?: string } = {},
  ): Promise<unknown[]> {
    const { instanceId } = await cutover.startJourney({
      resourceId: `${resourceId}@latest`,
      context: { config: { async: true }, subject: {} },
    });
    const failures: unknown[] = [];
    for (const [index, subject] of subjects.entries()) {
      if (index > 0) await between();
      let taskId: string | undefined;
      for (let polls = 0; taskId === undefined; polls += 1) {
        if (polls > 200) throw new Error('no task came');
        taskId = (await cutover.listTasks({ instanceId })).tasks[0]?.taskId;
        if (taskId === undefined) sim.core.clock.advance(500);
      }
      await cutover
        .updateTask({ intent: 'Complete', instanceId, taskId, context: { subject } })
        .catch((error: unknown) => failures.push(error));
    }
    for (let polls = 0; (await cutover.fetchState({ instanceId })).status === 'InProgress'; polls += 1) {
      if (polls > 200) throw new Error('the journey did not end');
      sim.core.clock.advance(500);
    }
    return failures;
  }

  it('taken, its answer lost (504): held for the shadow all the same, and the pair matches', async () => {
    const sim = createPlatform();
    sim.core.faults.add({ path: '*/captain/api/journey/task/update', status: 504, afterHandling: true, count: 1 });
    const { cutover, records } = shadowingDataCheck(sim, 2);
    const failures = await journeyThroughLostAnswers(cutover, sim, [person]);
    await cutover.idle();
    await cutover.close();
    expect(failures).toMatchObject([{ status: 504 }]);
    expect(records).toMatchObject([{ result: 'match' }]);
  });

  const noMatch = { identity: { ...person.identity, lastNames: ['Nomatch'] } };

  it('of a request without a subject (a caller past the v1 client’s types): the primary’s error reaches the caller unchanged', async () => {
    const sim = createPlatform();
    sim.core.faults.add({ path: '*/captain/api/journey/task/update', status: 500, count: 1 });
    const { cutover } = shadowingDataCheck(sim, 2);
    const { instanceId } = await cutover.startJourney({
      resourceId: `${DATA_CHECK_V1}@latest`,
      context: { config: { async: true }, subject: {} },
    });
    const taskId = (await cutover.listTasks({ instanceId })).tasks[0]?.taskId as string;
    const request = { intent: 'Complete', instanceId, taskId } as unknown as Parameters<V1Api['updateTask']>[0];
    await expect(cutover.updateTask(request)).rejects.toMatchObject({ status: 500 });
    await cutover.close();
  });

  it('not taken (500), then the same task completed with other data: the first was not taken, and the shadow gets the second', async () => {
    const sim = createPlatform();
    sim.core.faults.add({ path: '*/captain/api/journey/task/update', status: 500, count: 1 });
    // A slow shadow: the caller's second Complete is held before the shadow asks for data.
    const { cutover, records } = shadowingDataCheck(sim, 200);
    const failures = await journeyThroughLostAnswers(cutover, sim, [person, noMatch]);
    await cutover.idle();
    await cutover.close();
    expect(failures).toMatchObject([{ status: 500 }]);
    expect(records).toMatchObject([{ result: 'match' }]);
    expect(sim.core.journal.list({ path: '*/v2/captain/journey/interaction/submit' })).toHaveLength(1);
  });

  it('not taken (500) but given to the shadow before the caller completed the task with other data: an error, not a mismatch', async () => {
    const sim = createPlatform();
    sim.core.faults.add({ path: '*/captain/api/journey/task/update', status: 500, count: 1 });
    const { cutover, records } = shadowingDataCheck(sim, 2);
    const shadowSubmitted = () =>
      vi.waitFor(() => expect(sim.core.journal.count({ path: '*/v2/captain/journey/interaction/submit' })).toBe(1), { interval: 2 });
    const failures = await journeyThroughLostAnswers(cutover, sim, [person, noMatch], { between: shadowSubmitted });
    await cutover.idle();
    await cutover.close();
    expect(failures).toMatchObject([{ status: 500 }]);
    expect(records).toMatchObject([{ result: 'error', differences: [], errors: { v1: 'PrimaryOutcomeUnknownError' } }]);
    // Not a failure of the shadow's side: no call of v2 failed.
    expect(summariseRecords(records).overall).toMatchObject({ errorRate: { v2: 0 } });
  });
  it('taken, its answer lost, then the next task completed: settled as taken, so a real difference is a mismatch', async () => {
    const sim = createPlatform();
    sim.core.faults.add({ path: '*/captain/api/journey/task/update', status: 504, afterHandling: true, count: 1 });
    const records: PairRecord[] = [];
    const v1 = splitDataCheck.resourceIds.v1.production;
    const cutover = createCutover({
      v1: v1Side(sim),
      // The stricter republication finds no match for Lovelace: a real difference.
      v2: v2Side(sim, { map: { [v1]: stricterDataCheck.resourceIds.v2.production } }),
      mappings: [{ name: 'split', v1, v2: stricterDataCheck.resourceIds.v2.production, stage: { kind: 'shadow', sample: 1 } }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    const { firstName, lastNames, dateOfBirth } = person.identity;
    const steps = [{ identity: { firstName, lastNames } }, { identity: { dateOfBirth } }];
    const failures = await journeyThroughLostAnswers(cutover, sim, steps, { resourceId: v1 });
    await cutover.idle();
    await cutover.close();
    expect(failures).toMatchObject([{ status: 504 }]);
    expect(records).toMatchObject([{ result: 'mismatch' }]);
  });
});

describe('a side’s answer that cannot be read', () => {
  it('counts as that side’s failed call, as the 502 its caller gets does', async () => {
    const sim = createPlatform();
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'live', sample: 0 } }],
    });
    const { instanceId } = await cutover.startJourney({
      resourceId: `${DATA_CHECK_V1}@latest`,
      context: { config: { async: true }, subject: {} },
    });
    sim.core.faults.add({ path: '*/v2/captain/journey/state/fetch', malformed: true, count: 1 });
    await expect(cutover.fetchState({ instanceId })).rejects.toMatchObject({ name: 'ResponseValidationError' });
    const calls = (await cutover.metrics.calls.get()).values.filter(({ labels }) => labels.side === 'v2');
    expect(calls.map(({ labels, value }) => [labels.outcome, value]).sort()).toEqual([
      ['error', 1],
      ['ok', 1],
    ]);
    await cutover.close();
  });
});
