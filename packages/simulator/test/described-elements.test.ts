import { describe, expect, it } from 'vitest';
import { JourneyDefinitionError, parseJourney, SimulatorError } from '../src/index.js';
import { harness, IDS, journeyFile } from './harness.js';

type Harness = ReturnType<typeof harness>;

async function submit(h: Harness, instanceId: string, refs: string[], subject: object) {
  const { interactionId } = await h.interaction(instanceId);
  return h.v2('interaction/submit', {
    instanceId,
    interactionId,
    participants: refs.map((domainElementId) => ({ domainElementId, instruction: 'Collected on the contact screen' })),
    context: { subject },
  });
}

describe('collects by field, and outstanding as the vendor’s sample reads it (onboarding)', () => {
  it('lists each element followed by its fields with spec and parentSpec; the back of a lazily two-sided document is conditional', async () => {
    const h = harness();
    const { interaction } = await h.interaction(await h.startV2(IDS.onboardingV2));
    const refs = interaction.collects.map((entry: { ref: string }) => entry.ref);
    expect(refs).toEqual([
      'Consent',
      'Consent/dataProcessing',
      'Consent/marketing',
      'FullName',
      'FullName/firstName',
      'FullName/lastNames',
      'DateOfBirth',
      'DateOfBirth/dateOfBirth',
      'MobilePhone',
      'MobilePhone/number',
      'EmailAddress',
      'EmailAddress/email',
      'CurrentAddress',
      'CurrentAddress/currentAddress',
      'PrimaryDocument',
      'PrimaryDocument/side1Image',
      'PrimaryDocument/side2Image',
      'Selfie',
      'Selfie/selfieImage',
    ]);
    const entry = (ref: string) => interaction.collects.find((candidate: { ref: string }) => candidate.ref === ref);
    expect(entry('EmailAddress')).toEqual({ ref: 'EmailAddress', spec: 'optional' });
    expect(entry('EmailAddress/email')).toEqual({ ref: 'EmailAddress/email', spec: 'required', parentSpec: 'optional' });
    expect(entry('Consent/marketing')).toEqual({ ref: 'Consent/marketing', spec: 'optional', parentSpec: 'required' });
    expect(entry('PrimaryDocument/side2Image')).toEqual({ ref: 'PrimaryDocument/side2Image', spec: 'conditional', parentSpec: 'required' });
  });

  it('lists in outstanding the required fields of required elements only, never the children of an optional parent', async () => {
    const h = harness();
    const { outstanding } = await h.interaction(await h.startV2(IDS.onboardingV2));
    expect(outstanding).toEqual([
      'Consent/dataProcessing',
      'FullName/firstName',
      'FullName/lastNames',
      'DateOfBirth/dateOfBirth',
      'MobilePhone/number',
      'PrimaryDocument/side1Image',
      'Selfie/selfieImage',
    ]);
  });
});

describe('elements a journey describes as data (Consent, MobilePhone, EmailAddress)', () => {
  it('takes them by element or field ref with an instruction, and keeps elements that share an object across submits', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2);
    expect((await submit(h, instanceId, ['Consent'], { consent: { dataProcessing: true, marketing: false } })).status).toBe(200);
    expect((await submit(h, instanceId, ['MobilePhone/number'], { contact: { mobilePhone: '+447700900123' } })).status).toBe(200);
    expect((await submit(h, instanceId, ['EmailAddress/email'], { contact: { email: 'ada@example.com' } })).status).toBe(200);
    const state = await h.state(instanceId);
    expect(state.context.subject).toEqual({
      consent: { dataProcessing: true, marketing: false },
      contact: { mobilePhone: '+447700900123', email: 'ada@example.com' },
    });
    const again = await submit(h, instanceId, ['MobilePhone'], { contact: { mobilePhone: '+447700900999' } });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: '4003', problem: 'MobilePhone already submitted' });
  });

  it('validates them by format: a required one invalid is 409 naming the path, never the value; an optional one is dropped', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2);
    const local = await submit(h, instanceId, ['MobilePhone/number'], { contact: { mobilePhone: '07700 900123' } });
    expect(local.status).toBe(409);
    expect(local.body.errors[0].problem).toMatch(/^MobilePhone is not valid: context\.subject\.contact\.mobilePhone: /);
    expect(JSON.stringify(local.body)).not.toContain('900123');
    const declined = await submit(h, instanceId, ['Consent/dataProcessing'], { consent: { dataProcessing: false } });
    expect(declined.status).toBe(409);
    const missing = await submit(h, instanceId, ['MobilePhone'], { contact: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ code: '4002', problem: 'MobilePhone is missing: context.subject.contact.mobilePhone' });

    const optional = await submit(h, instanceId, ['EmailAddress', 'MobilePhone'], {
      contact: { email: 'not an address', mobilePhone: '+447700900123' },
    });
    expect(optional.status).toBe(200);
    expect((await h.state(instanceId)).context.subject).toEqual({ contact: { mobilePhone: '+447700900123' } });
  });

  it('refuses a field the element does not have, and prefill whose data is invalid', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2);
    const unknownField = await submit(h, instanceId, ['MobilePhone/extension'], { contact: { mobilePhone: '+447700900123' } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors[0].problem).toBe(
      'participants.0.domainElementId: must be a domain element or one of its fields, such as PrimaryDocument/side1Image',
    );
    const prefill = await h.v2('start', {
      resourceId: IDS.onboardingV2,
      context: { config: { delivery: 'api' }, subject: { contact: { email: 'nobody at all' } } },
    });
    expect(prefill.status).toBe(400);
    expect(prefill.body.errors[0].problem).toBe('context.subject: prefill for EmailAddress (contact.email) is not valid');
  });

  it('are unknown to journeys that do not describe them', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.dataCheckV2);
    const reply = await submit(h, instanceId, ['MobilePhone'], { contact: { mobilePhone: '+447700900123' } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].problem).toContain('participants.0.domainElementId');
  });

  it('appear in the v1 task schema with their paths and formats', async () => {
    const h = harness();
    const started = await h.v1('start', { resourceId: IDS.onboardingV1, context: { subject: {} } });
    const list = await h.v1('task/list/schema', { instanceId: started.body.instanceId });
    const subject = list.body.schemas.onboarding.properties.context.properties.subject;
    expect(subject.properties.contact.properties.mobilePhone).toMatchObject({ type: 'string' });
    expect(subject.properties.contact.required).toEqual(['mobilePhone']);
    expect(subject.required).toEqual(expect.arrayContaining(['consent', 'contact', 'identity', 'documents', 'biometrics']));
  });

  it('refuses a journey file that collects an element it does not describe, or redefines one of the six', async () => {
    const file = await journeyFile('onboarding');
    const refusal = (() => {
      try {
        parseJourney({ ...file, elements: {} }, 'onboarding.json');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(JourneyDefinitionError);
    expect(refusal).toBeInstanceOf(SimulatorError);
    expect((refusal as JourneyDefinitionError).issues).toContain(
      "segments.0.collects.0.element: Consent is neither one of the specification's six elements nor described in elements",
    );
    const redefined = { ...file, elements: { Selfie: { fields: { image: { path: 'face.image', format: 'base64' } } } } };
    expect(() => parseJourney(redefined, 'onboarding.json')).toThrow(/Selfie: is one of the specification's elements/);
  });
});
