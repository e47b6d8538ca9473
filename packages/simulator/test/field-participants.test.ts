import { describe, expect, it } from 'vitest';
import { parseJourney } from '../src/index.js';
import { b64, harness, IDS, journeyFile } from './harness.js';

type Harness = ReturnType<typeof harness>;

/** Everything the onboarding journey needs but the name: a one-sided document, so the name alone keeps it open. */
const ALL_BUT_THE_NAME = {
  consent: { dataProcessing: true },
  identity: { dateOfBirth: '1990-12-10' },
  contact: { mobilePhone: '+447700900123' },
  documents: [{ type: 'Primary', side1Image: b64('passport front') }],
  biometrics: [{ selfieImage: b64('a selfie') }],
};

/** Submits `subject` naming `refs` as participants, as a vendor-style client builds them from `outstanding`. */
async function submit(h: Harness, instanceId: string, refs: string[], subject: object) {
  const { interactionId } = await h.interaction(instanceId);
  return h.v2('interaction/submit', {
    instanceId,
    interactionId,
    participants: refs.map((domainElementId) => ({ domainElementId })),
    context: { subject },
  });
}

describe('a field named as a participant is submitted by itself (onboarding)', () => {
  it('takes a name in two halves, each checked alone, and finishes the journey once both are in', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2, ALL_BUT_THE_NAME);
    const first = await submit(h, instanceId, ['FullName/firstName'], { identity: { firstName: 'Ada' } });
    expect(first).toMatchObject({ status: 200, body: { status: 'success' } });
    // Half a name is not the element: the interaction stays open.
    expect((await h.interaction(instanceId)).interactionId).toBeDefined();
    const second = await submit(h, instanceId, ['FullName/lastNames'], { identity: { lastNames: ['Lovelace'] } });
    expect(second).toMatchObject({ status: 200, body: { status: 'success' } });

    h.clock.advance(3000);
    expect(await h.interaction(instanceId)).toMatchObject({ processing: true });
    h.clock.advance(2400);
    const state = await h.state(instanceId);
    expect(state.context.subject.identity).toEqual({ firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' });
    expect(state.context.result.outcome).toBe('Decision: Accept');
  });

  it('takes only the named field of what the subject carries', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2, ALL_BUT_THE_NAME);
    const reply = await submit(h, instanceId, ['FullName/firstName'], { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } });
    expect(reply.status).toBe(200);
    expect((await h.state(instanceId)).context.subject.identity).toEqual({ dateOfBirth: '1990-12-10', firstName: 'Ada' });
  });

  it('refuses a required field that is missing with 400 and one that is invalid with 409, naming the path and storing nothing', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2, ALL_BUT_THE_NAME);
    const missing = await submit(h, instanceId, ['FullName/firstName'], { identity: { lastNames: ['Lovelace'] } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      expect.objectContaining({ code: '4002', problem: 'FullName is missing: context.subject.identity.firstName' }),
    ]);
    const invalid = await submit(h, instanceId, ['FullName/firstName', 'FullName/lastNames'], {
      identity: { firstName: 'Ada', lastNames: ['   '] },
    });
    expect(invalid.status).toBe(409);
    expect(invalid.body.errors).toEqual([
      expect.objectContaining({
        code: '4003',
        problem: expect.stringMatching(/^FullName is not valid: context\.subject\.identity\.lastNames\.0: /),
      }),
    ]);
    expect((await h.state(instanceId)).context.subject.identity).toEqual({ dateOfBirth: '1990-12-10' });
  });

  it('answers 409 "<Element>/<field> already submitted" to a held field, and stores nothing of that submit', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2, ALL_BUT_THE_NAME);
    expect((await submit(h, instanceId, ['FullName/firstName'], { identity: { firstName: 'Ada' } })).status).toBe(200);
    const again = await submit(h, instanceId, ['FullName/firstName', 'FullName/lastNames'], {
      identity: { firstName: 'Augusta', lastNames: ['Lovelace'] },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([expect.objectContaining({ code: '4003', problem: 'FullName/firstName already submitted' })]);
    expect((await h.state(instanceId)).context.subject.identity).toEqual({ dateOfBirth: '1990-12-10', firstName: 'Ada' });

    // A prefilled element holds its fields.
    const prefilled = await h.startV2(IDS.onboardingV2, { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } });
    const resend = await submit(h, prefilled, ['FullName/lastNames'], { identity: { lastNames: ['Byron'] } });
    expect(resend.body.errors).toEqual([expect.objectContaining({ code: '4003', problem: 'FullName/lastNames already submitted' })]);
  });
});

describe('fields and whole elements in one journey (mixed submits)', () => {
  it('checks an element named whole beside its own fields whole', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2, ALL_BUT_THE_NAME);
    const half = await submit(h, instanceId, ['FullName', 'FullName/firstName'], { identity: { firstName: 'Ada' } });
    expect(half.status).toBe(409);
    expect(half.body.errors[0].problem).toMatch(/^FullName is not valid: context\.subject\.identity\.lastNames/);
    const whole = await submit(h, instanceId, ['FullName/firstName', 'FullName'], {
      identity: { firstName: 'Ada', lastNames: ['Lovelace'] },
    });
    expect(whole.status).toBe(200);
    expect((await h.state(instanceId)).context.subject.identity).toMatchObject({ firstName: 'Ada', lastNames: ['Lovelace'] });
  });

  it('lets an element named whole bring the fields still missing, and refuses one that carries a held field again', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2, ALL_BUT_THE_NAME);
    expect((await submit(h, instanceId, ['FullName/firstName'], { identity: { firstName: 'Ada' } })).status).toBe(200);
    const resent = await submit(h, instanceId, ['FullName'], { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } });
    expect(resent.status).toBe(409);
    expect(resent.body.errors[0].problem).toBe('FullName/firstName already submitted');
    const nothing = await submit(h, instanceId, ['FullName'], { identity: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors[0].problem).toBe('FullName is missing: context.subject.identity.lastNames');
    expect((await submit(h, instanceId, ['FullName'], { identity: { lastNames: ['Lovelace'] } })).status).toBe(200);
    expect((await h.state(instanceId)).context.subject.identity).toMatchObject({ firstName: 'Ada', lastNames: ['Lovelace'] });
    // The element is now complete: named whole or by a field, it was submitted.
    expect((await submit(h, instanceId, ['FullName'], { identity: { lastNames: ['Byron'] } })).body.errors[0].problem).toBe(
      'FullName already submitted',
    );
  });

  it('takes a field of a described element by itself, and drops an optional field that is invalid', async () => {
    const h = harness();
    const { consent: _, ...rest } = ALL_BUT_THE_NAME;
    const instanceId = await h.startV2(IDS.onboardingV2, {
      ...rest,
      identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' },
    });
    const reply = await submit(h, instanceId, ['Consent/dataProcessing', 'Consent/marketing'], {
      consent: { dataProcessing: true, marketing: 'yes' },
    });
    expect(reply.status).toBe(200);
    expect((await h.state(instanceId)).context.subject.consent).toEqual({ dataProcessing: true });
  });

  it('drops the submitted fields from a shrinking field-level outstanding; a static one stays as declared', async () => {
    const file = await journeyFile('onboarding');
    const h = harness({ journeys: [parseJourney({ ...file, outstanding: 'shrinking' })] });
    const instanceId = await h.startV2(IDS.onboardingV2, ALL_BUT_THE_NAME);
    expect((await h.interaction(instanceId)).outstanding).toEqual(['FullName/firstName', 'FullName/lastNames']);
    expect((await submit(h, instanceId, ['FullName/firstName'], { identity: { firstName: 'Ada' } })).status).toBe(200);
    expect((await h.interaction(instanceId)).outstanding).toEqual(['FullName/lastNames']);

    const bundled = harness();
    const declared = await bundled.startV2(IDS.onboardingV2, ALL_BUT_THE_NAME);
    const before = (await bundled.interaction(declared)).outstanding;
    expect((await submit(bundled, declared, ['FullName/firstName'], { identity: { firstName: 'Ada' } })).status).toBe(200);
    expect((await bundled.interaction(declared)).outstanding).toEqual(before);
  });
});
