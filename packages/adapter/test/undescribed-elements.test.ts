import { BadRequestError, ConflictError, createV1Client, type JourneyApiError, staticToken, type V1Api } from '@journey-bridge/client';
import { type ElementDescriptionInput, flowOf, type Subject } from '@journey-bridge/contract';
import { createSimulator, type Simulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { createV1CompatFetch, DescribedElementsError } from '../src/index.js';
import { adapterOn, journeyMap, journeys, v1Surface, variantIds } from './targets.js';

// The bundled onboarding journey collects Consent, MobilePhone (required) and EmailAddress (optional) beside four of
// the six, on a tenant whose outstanding is static and by field, with a document whose back is asked for lazily.
const ONBOARDING = 'a3c5e7f9onboarding-v1@latest';
const described: Readonly<Record<string, ElementDescriptionInput>> =
  journeys.find((journey) => journey.id === 'onboarding')?.elements ?? {};
const b64 = (text: string) => Buffer.from(text.padEnd(64, '.')).toString('base64');
const known = {
  identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' },
  biometrics: [{ selfieImage: b64('me') }],
  documents: [{ side1Image: b64('PASSPORT'), side2Image: '', type: 'Primary' }],
};
const everything = { ...known, consent: { dataProcessing: true }, contact: { mobilePhone: '+447700900123' } };
type Elements = Readonly<Record<string, ElementDescriptionInput>>;

/** The adapter as a library, or v1 plain HTTP served by the interceptor, told `elements` (or nothing). */
const WAYS: Record<string, (sim: Simulator, elements?: Elements) => V1Api> = {
  'the adapter': (sim, elements) => adapterOn(sim, elements ? { elements } : {}),
  'the interceptor': (sim, elements) =>
    createV1Client({
      baseUrl: 'http://legacy.example/eu/captain/api/',
      auth: staticToken(sim.issueToken()),
      retry: { limit: 0 },
      fetch: createV1CompatFetch({
        upstream: 'http://sim.test/eu/v2/captain/',
        journeyMap,
        dialect: { flowKeys: variantIds },
        retry: { limit: 0 },
        fetch: sim.fetch,
        ...(elements && { elements }),
      }),
    }),
};

async function badRequest(update: Promise<unknown>): Promise<JourneyApiError> {
  const error = await update.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BadRequestError);
  expect((error as JourneyApiError).v1Error).toMatchObject({ status: 400, error: 'bad-request-error' });
  return error as JourneyApiError;
}

async function conflict(update: Promise<unknown>): Promise<JourneyApiError> {
  const error = await update.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConflictError);
  expect((error as JourneyApiError).v1Error).toMatchObject({ status: 409, error: 'conflict-error' });
  return error as JourneyApiError;
}

const prefilled = { consent: { dataProcessing: true }, contact: { mobilePhone: '+447700900123' } };

/** An onboarding journey started through `api`, its one task, and how to finish and read it. */
async function onboardingOn(sim: Simulator, api: V1Api, prefill: Subject = {}) {
  const { instanceId } = await api.startJourney({ resourceId: ONBOARDING, context: { config: { async: true }, subject: prefill } });
  const listed = await api.listTasksWithSchema({ instanceId });
  const taskId = listed.tasks[0]?.taskId ?? '';
  const schema = Object.values(listed.schemas)[0] as unknown as {
    properties: { context: { properties: { subject: Record<string, any> } } };
  };
  const update = (intent: 'Validate' | 'Save' | 'Complete', subject: Subject) =>
    api.updateTask({ intent, instanceId, taskId, context: { subject } });
  /** Submits that carry data: one naming no participant only asks whether the caller may submit. */
  const submits = () =>
    sim.core.journal.list({ path: '*/interaction/submit', instanceId }).filter(({ participants }) => (participants?.length ?? 0) > 0)
      .length;
  /** Lets the classification and the modules run; the decision, once the journey no longer lists a task. */
  const outcome = async () => {
    sim.core.clock.advance(10_000);
    expect((await api.listTasks({ instanceId })).tasks).toEqual([]);
    const state = await api.fetchState({ instanceId });
    return { status: state.status, decision: flowOf(state).decision?.result?.outcome };
  };
  const tasks = async () => (await api.listTasks({ instanceId })).tasks;
  return { instanceId, taskId, subjectSchema: schema.properties.context.properties.subject, update, submits, tasks, outcome };
}

for (const [way, make] of Object.entries(WAYS)) {
  describe(`elements beyond the specification's six that nobody described, through ${way}`, () => {
    const setup = (prefill: Subject = {}) => {
      const sim = createSimulator({ journeys, clock: { manual: true } });
      return { sim, journey: onboardingOn(sim, make(sim), prefill) };
    };

    it('shows the task schema without their fields, and says so in its description', async () => {
      const { subjectSchema } = await setup().journey;
      expect(Object.keys(subjectSchema.properties)).toEqual(['documents', 'biometrics', 'identity']);
      expect(subjectSchema.description).toContain('Consent, MobilePhone, EmailAddress');
    });

    it('Validate does not claim the data valid: it names the required elements it cannot check and the option', async () => {
      const { update, submits } = await setup().journey;
      const error = await badRequest(update('Validate', everything));
      expect(error.v1Error?.message).toContain('Consent and MobilePhone cannot be validated');
      expect(error.v1Error?.message).toContain('"elements" option');
      expect(error.v1Error?.message).not.toContain('EmailAddress');
      expect(submits()).toBe(0);
    });

    it('Complete sends them for v2 to check: without them the v1 400 of v2, the task stays; with them the journey ends', async () => {
      const { update, outcome, taskId, tasks } = await setup().journey;
      const missing = await badRequest(update('Complete', known));
      expect(missing.v1Error?.message).toContain('Consent is missing');
      expect(missing.v1Error?.message).toContain('MobilePhone is missing');
      expect((await tasks()).map((task) => task.taskId)).toEqual([taskId]);
      await update('Complete', everything);
      expect(await outcome()).toEqual({ status: 'Completed', decision: 'Decision: Pass' });
    });

    it('refuses a Complete that changes their prefilled data, naming the subject paths and never the values, sending nothing', async () => {
      const { sim, journey } = setup(prefilled);
      const { instanceId, update, submits } = await journey;
      const corrected = { ...known, consent: { dataProcessing: false }, contact: { mobilePhone: '+447700900999' } };
      const error = await conflict(update('Complete', corrected));
      expect(error.v1Error?.message).toContain('context.subject.consent.dataProcessing and context.subject.contact.mobilePhone were');
      expect(error.v1Error?.message).toContain('v2 cannot change an element once given');
      expect(error.v1Error?.message).not.toMatch(/4477|false/);
      expect(submits()).toBe(0);
      expect(sim.core.engine.get(instanceId)?.subject).toMatchObject(prefilled);
    });

    it('takes their prefilled data sent again as it is: v2 answers 409 for them, the journey holds it, and ends', async () => {
      const { update, outcome } = await setup(prefilled).journey;
      await update('Complete', everything);
      expect(await outcome()).toEqual({ status: 'Completed', decision: 'Decision: Pass' });
    });

    it('does not answer success when v2 answers 409 for one of them and the journey does not hold all the update carries', async () => {
      const { sim, journey } = setup(prefilled);
      const { instanceId, update } = await journey;
      const withMarketing = { ...everything, consent: { dataProcessing: true, marketing: true } };
      const error = await conflict(update('Complete', withMarketing));
      expect(error.v1Error?.message).toContain('v2 answered that Consent');
      expect(error.v1Error?.message).toContain('context.subject.consent.marketing');
      expect(error.v1Error?.message).toContain('that data was not used');
      expect(sim.core.engine.get(instanceId)?.subject.consent).toEqual({ dataProcessing: true });
    });

    it('a Save that cannot complete the interaction leaves them to the Complete, which sends them', async () => {
      const { sim, journey } = setup();
      const { instanceId, update, outcome } = await journey;
      await update('Save', everything);
      expect(sim.core.engine.get(instanceId)?.subject.consent).toBeUndefined();
      await update('Complete', everything);
      expect(await outcome()).toEqual({ status: 'Completed', decision: 'Decision: Pass' });
      expect(sim.core.engine.get(instanceId)?.subject).toMatchObject({
        consent: { dataProcessing: true },
        contact: { mobilePhone: '+447700900123' },
      });
    });

    it('prefilled at start, a Complete of the rest that does not send them again: taken, as v1 took it, and the journey ends', async () => {
      const { update, outcome } = await setup(prefilled).journey;
      await update('Complete', known);
      expect(await outcome()).toEqual({ status: 'Completed', decision: 'Decision: Pass' });
    });

    it('prefilled, a Save of another of them, a Save of the rest, an empty Complete: the email the first Save sent is taken', async () => {
      const { sim, journey } = setup(prefilled);
      const { instanceId, update, outcome } = await journey;
      await update('Save', { contact: { email: 'ada@example.org' } });
      await update('Save', known);
      await update('Complete', {});
      expect(await outcome()).toEqual({ status: 'Completed', decision: 'Decision: Pass' });
      expect(sim.core.engine.get(instanceId)?.subject.contact).toEqual({ ...prefilled.contact, email: 'ada@example.org' });
    });

    it('a form of pages whose Saves carry them and whose Complete does not: the Complete brings them, as v1’s draft did', async () => {
      const { sim, journey } = setup();
      const { instanceId, update, outcome } = await journey;
      await update('Save', { identity: known.identity, consent: { dataProcessing: true } });
      await update('Save', { contact: { mobilePhone: '+447700900123' } });
      await update('Complete', { documents: known.documents, biometrics: known.biometrics });
      expect(await outcome()).toEqual({ status: 'Completed', decision: 'Decision: Pass' });
      expect(sim.core.engine.get(instanceId)?.subject).toMatchObject({
        consent: { dataProcessing: true },
        contact: { mobilePhone: '+447700900123' },
      });
    });
  });

  describe(`elements described to ${way} (the journey's own descriptions)`, () => {
    const setup = () => {
      const sim = createSimulator({ journeys, clock: { manual: true } });
      return { sim, journey: onboardingOn(sim, make(sim, described)) };
    };

    it('shows them in the task schema exactly as the v1 surface of the same journey does', async () => {
      const { sim, journey } = setup();
      const { subjectSchema } = await journey;
      const v1 = await onboardingOn(sim, v1Surface(sim, journeys)('eu', sim.issueToken()));
      expect(subjectSchema).toEqual(v1.subjectSchema);
      expect(subjectSchema.required).toEqual(expect.arrayContaining(['consent', 'contact']));
    });

    it('Validate checks them without submitting, as v1 did', async () => {
      const { update, submits, instanceId, taskId } = await setup().journey;
      const missing = await badRequest(update('Validate', known));
      expect(missing.v1Error?.message).toContain('Consent is missing');
      expect(missing.v1Error?.message).toContain('MobilePhone is missing');
      expect(await update('Validate', everything)).toEqual({ instanceId, taskId, valid: true });
      expect(submits()).toBe(0);
    });

    it('a Save takes them at once, and the Complete finishes the journey', async () => {
      const { sim, journey } = setup();
      const { instanceId, update, outcome } = await journey;
      await update('Save', { consent: { dataProcessing: true }, contact: { mobilePhone: '+447700900123' } });
      expect(sim.core.engine.get(instanceId)?.subject).toMatchObject({ consent: { dataProcessing: true } });
      await update('Complete', everything);
      expect(await outcome()).toEqual({ status: 'Completed', decision: 'Decision: Pass' });
    });
  });
}

describe('the elements option', () => {
  it('refuses a description that redefines one of the six or has no required field, naming where', () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const make = (elements: Elements) => () => WAYS['the adapter']?.(sim, elements);
    expect(make({ FullName: { fields: { first: { path: 'person.first', format: 'text' } } } })).toThrow(DescribedElementsError);
    expect(make({ Consent: { fields: { given: { path: 'consent.given', format: 'accepted', required: false } } } })).toThrow(
      /elements\.Consent\.fields: at least one field must be required/,
    );
  });
});
