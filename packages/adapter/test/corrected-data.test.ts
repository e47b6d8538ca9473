import { ConflictError, type JourneyApiError, type V1Api } from '@journey-bridge/client';
import { flowOf, type Subject } from '@journey-bridge/contract';
import { createSimulator, type JourneyDefinition, parseJourney, type Simulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { adapterOverV2, interceptorOverV2, journeys } from './targets.js';

const DATA_CHECK = 'a1d7c3f0data-check-v1@latest';
const name = (firstName: string) => ({ identity: { firstName, lastNames: ['Lovelace'] } });
const person = (firstName: string) => ({ identity: { ...name(firstName).identity, dateOfBirth: '1985-12-10' } });
/** The data-check journey on a tenant whose `outstanding` never shrinks. */
const withStaticOutstanding: JourneyDefinition[] = journeys.map((journey) =>
  journey.id === 'data-check' ? { ...journey, outstanding: 'static' } : journey,
);

/** The adapter as a library, or v1 plain HTTP served by the interceptor, over one simulator's v2 surface. */
const WAYS: Record<string, (sim: Simulator) => V1Api> = {
  'the adapter': (sim) => adapterOverV2(sim, journeys)('eu', sim.issueToken()),
  'the interceptor': (sim) => interceptorOverV2(sim, journeys)('eu', sim.issueToken()),
};

async function refusal(update: Promise<unknown>): Promise<JourneyApiError> {
  const error = await update.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConflictError);
  return error as JourneyApiError;
}

/** The refusal says which element and why, in the v1 shape, and never a value of either side. */
function expectCannotChange(error: JourneyApiError, ...values: string[]) {
  expect(error.v1Error).toMatchObject({ status: 409, error: 'conflict-error' });
  expect(error.v1Error?.message).toContain('FullName');
  expect(error.v1Error?.message).toContain('v2 cannot change an element once given');
  for (const value of values) expect(error.v1Error?.message).not.toContain(value);
}

for (const [way, make] of Object.entries(WAYS)) {
  describe(`a correction of data the journey already holds, through ${way}`, () => {
    const setup = async (simJourneys: readonly JourneyDefinition[] = journeys, prefill: Subject = {}) => {
      const sim = createSimulator({ journeys: simJourneys, clock: { manual: true } });
      const api = make(sim);
      const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK, context: { config: { async: true }, subject: prefill } });
      const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
      // Submits that carry data: one naming no participant only asks whether the caller may submit.
      const submits = () =>
        sim.core.journal.list({ path: '*/interaction/submit', instanceId }).filter(({ participants }) => participants?.length).length;
      const ranWith = async () => {
        sim.core.clock.advance(2000);
        return flowOf(await api.fetchState({ instanceId }))['kyc-eu-v3']?.subject?.identity?.firstName;
      };
      return { sim, api, instanceId, taskId, submits, ranWith };
    };

    it('refuses a Save that corrects a saved name, and the Complete that carries it, submitting nothing', async () => {
      const { api, instanceId, taskId, submits, sim } = await setup();
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: name('Adda') } });
      const before = submits();
      expectCannotChange(
        await refusal(api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: name('Ada') } })),
        'Adda',
        'Ada"',
      );
      expectCannotChange(await refusal(api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person('Ada') } })));
      expect(submits()).toBe(before);
      expect(sim.core.engine.get(instanceId)?.subject.identity?.dateOfBirth).toBeUndefined();
    });

    it('takes the same value again without a word, and the journey runs with it', async () => {
      const { api, instanceId, taskId, ranWith } = await setup();
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: name('Ada') } });
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: name('Ada') } });
      await api.updateTask({ intent: 'Validate', instanceId, taskId, context: { subject: person('Ada') } });
      await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person('Ada') } });
      expect(await ranWith()).toBe('Ada');
    });

    it('refuses a Complete that edits the prefill, and Validate says so before', async () => {
      const { api, instanceId, taskId, submits } = await setup(journeys, name('Adda'));
      const update = (intent: 'Validate' | 'Complete') =>
        api.updateTask({ intent, instanceId, taskId, context: { subject: person('Ada') } });
      expectCannotChange(await refusal(update('Validate')));
      expectCannotChange(await refusal(update('Complete')), 'Adda');
      expect(submits()).toBe(0);
    });

    it('refuses a name given more fully than the journey holds it (a middle name added), as a change', async () => {
      const { api, instanceId, taskId } = await setup(journeys, name('Ada'));
      const fuller = { identity: { ...person('Ada').identity, middleNames: ['Augusta'] } };
      expectCannotChange(
        await refusal(api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: fuller } })),
        'Augusta',
      );
    });

    it('refuses the correction on a tenant whose outstanding never shrinks (v2 answers 409 there), submitting nothing more', async () => {
      const { api, instanceId, taskId, sim } = await setup(withStaticOutstanding);
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: name('Adda') } });
      expectCannotChange(await refusal(api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: name('Ada') } })));
      expectCannotChange(await refusal(api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person('Ada') } })));
      // Each was tried once as a whole, refused with 409 for the name, and nothing was sent after.
      const statuses = sim.core.journal
        .list({ path: '*/interaction/submit', instanceId })
        .filter(({ participants }) => participants?.length)
        .map((entry) => entry.status);
      expect(statuses).toEqual([200, 409, 409]);
      expect(sim.core.engine.get(instanceId)?.subject.identity?.dateOfBirth).toBeUndefined();
    });
  });
}

describe('a Complete after a Save that completed the interaction', () => {
  it('names the element it would change rather than only saying the task moved on', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const api = WAYS['the adapter']?.(sim) as V1Api;
    const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK, context: { config: { async: true }, subject: {} } });
    const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person('Adda') } });
    expectCannotChange(await refusal(api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person('Ada') } })));
  });

  // A wizard that Saves page by page, then Completes with an optional element the last page asked for.
  it.each(Object.entries(WAYS))(
    'names what it adds, through %s, where the answer used to be "list the tasks again"',
    async (_way, make) => {
      const sim = createSimulator({ journeys, clock: { manual: true } });
      const api = make(sim);
      const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK, context: { config: { async: true }, subject: {} } });
      const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: name('Ada') } });
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person('Ada') } });
      const address = { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
      const withAddress = { identity: { ...person('Ada').identity, currentAddress: address } };
      const error = await refusal(api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: withAddress } }));
      expect(error.v1Error).toMatchObject({ status: 409, error: 'conflict-error' });
      expect(error.v1Error?.message).toMatch(
        /^the Save before this Complete already completed the task .* without CurrentAddress this Complete adds/,
      );
      expect(error.v1Error?.message).not.toMatch(/London|St James|list the tasks/);
      expect(sim.core.engine.get(instanceId)?.subject.identity?.currentAddress).toBeUndefined();
      expect(sim.core.journal.list({ path: '*/interaction/submit', instanceId }).map((entry) => entry.status)).toEqual([200, 200]);
    },
  );

  it('names the update that adds it as what it is: a third Save of the wizard is "this Save", not "this Complete"', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const api = WAYS['the adapter']?.(sim) as V1Api;
    const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK, context: { config: { async: true }, subject: {} } });
    const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person('Ada') } });
    const address = { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
    const error = await refusal(
      api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: { identity: { currentAddress: address } } } }),
    );
    expect(error.v1Error?.message).toMatch(
      /^the Save before this Save already completed the task .* without CurrentAddress this Save adds/,
    );
  });

  it('takes data no element takes (a passport number, a uid, a field a form adds) after such a Save, as a first Complete drops it too', async () => {
    // The data check's step collects only elements the adapter describes: no submit of it gives v2 anything else.
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const api = WAYS['the adapter']?.(sim) as V1Api;
    const extra = {
      uid: 'user-42',
      marketingSource: 'web',
      identity: { ...person('Ada').identity, idNumbers: [{ idNumber: 'X1234567', type: 'passport' }] },
    };
    const task = async () => {
      const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK, context: { config: { async: true }, subject: {} } });
      return { instanceId, taskId: (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '' };
    };
    const once = await task();
    await expect(api.updateTask({ intent: 'Complete', ...once, context: { subject: extra } })).resolves.toEqual(once);
    const saved = await task();
    await api.updateTask({ intent: 'Save', ...saved, context: { subject: extra } });
    await expect(api.updateTask({ intent: 'Validate', ...saved, context: { subject: extra } })).resolves.toMatchObject({ valid: true });
    await expect(api.updateTask({ intent: 'Complete', ...saved, context: { subject: extra } })).resolves.toEqual(saved);
    expect(sim.core.engine.get(saved.instanceId)?.subject).toEqual(sim.core.engine.get(once.instanceId)?.subject);
  });

  it('refuses data outside the known elements after such a Save where the step collects an element nobody described', async () => {
    // The data check asking for an optional e-mail address, which the adapter has no description of: the e-mail a
    // Complete adds after the Save completed the step would be lost, so it is refused, naming where.
    const withEmail = journeys.map((journey) => {
      if (journey.id !== 'data-check') return journey;
      const { catalogue: _, ...plain } = journey;
      const email = { EmailAddress: { fields: { email: { path: 'contact.email', format: 'email' } } } };
      const segments = journey.segments.map((segment) => ({
        ...segment,
        collects: [...segment.collects, { element: 'EmailAddress', spec: 'optional' as const }],
      }));
      return parseJourney({ ...plain, elements: email, segments });
    });
    const sim = createSimulator({ journeys: withEmail, clock: { manual: true } });
    const api = WAYS['the adapter']?.(sim) as V1Api;
    const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK, context: { config: { async: true }, subject: {} } });
    const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person('Ada') } });
    const error = await refusal(
      api.updateTask({
        intent: 'Complete',
        instanceId,
        taskId,
        context: { subject: { ...person('Ada'), contact: { email: 'ada@example.com' } } },
      }),
    );
    expect(error.v1Error?.message).toContain('without context.subject.contact.email this Complete adds');
    expect(error.v1Error?.message).not.toContain('ada@example.com');
  });

  // Legacy forms send every field on every page; the data check's step collects no SSN.
  it('takes a Complete that sends again, after a Save that completed the task, an element the task does not collect, as a first Complete is taken', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const api = WAYS['the adapter']?.(sim) as V1Api;
    const withSsn = { identity: { ...person('Ada').identity, idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] } };
    const task = async () => {
      const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK, context: { config: { async: true }, subject: {} } });
      return { instanceId, taskId: (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '' };
    };
    const once = await task();
    await expect(api.updateTask({ intent: 'Complete', ...once, context: { subject: withSsn } })).resolves.toEqual(once);
    const saved = await task();
    await api.updateTask({ intent: 'Save', ...saved, context: { subject: withSsn } });
    await expect(api.updateTask({ intent: 'Complete', ...saved, context: { subject: withSsn } })).resolves.toEqual(saved);
    expect(sim.core.engine.get(saved.instanceId)?.subject.identity).toEqual(sim.core.engine.get(once.instanceId)?.subject.identity);
  });

  it('takes a Complete that carries what the Save gave in another spelling, as v1 took it', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const api = WAYS['the adapter']?.(sim) as V1Api;
    const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK, context: { config: { async: true }, subject: {} } });
    const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person('Ada') } });
    const respelled = { identity: { ...person(' Ada ').identity, dateOfBirth: '1985-12-10T00:00:00Z' } };
    expect(await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: respelled } })).toMatchObject({ taskId });
  });
});

describe('data sent again in another spelling of the same value', () => {
  const FRAUD_SCREEN = 'e5b1a7d4fraud-screen-v1@latest';
  const ssn = (idNumber: string) => ({ identity: { idNumbers: [{ idNumber, type: 'ssn' }] } });
  const applicant = (idNumber: string) => ({
    identity: { firstName: ' Mary ', lastNames: ['Jackson'], dateOfBirth: '1970-01-01', ...ssn(idNumber).identity },
  });
  const setup = async (prefill: Subject) => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const api = adapterOverV2(sim, journeys)('us', sim.issueToken());
    const { instanceId } = await api.startJourney({ resourceId: FRAUD_SCREEN, context: { config: { async: true }, subject: prefill } });
    const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    return { sim, api, instanceId, taskId };
  };

  it('takes a prefilled SSN sent again without its dashes as the same number, and the journey runs with the first spelling', async () => {
    const { sim, api, instanceId, taskId } = await setup(ssn('123-45-6789'));
    await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: applicant('123456789') } });
    expect(sim.core.engine.get(instanceId)?.subject.identity?.idNumbers).toEqual([{ idNumber: '123-45-6789', type: 'ssn' }]);
    expect((await api.listTasks({ instanceId })).tasks).toEqual([]);
  });

  it('still refuses another number, naming SSN and never either number', async () => {
    const { api, instanceId, taskId } = await setup(ssn('123-45-6789'));
    const error = await refusal(api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: applicant('123456780') } }));
    expect(error.v1Error?.message).toContain('SSN was already given');
    expect(error.v1Error?.message).not.toMatch(/12345678|123-45/);
  });
});
