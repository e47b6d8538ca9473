import { describe, expect, it } from 'vitest';
import { parseJourney } from '../src/index.js';
import { b64, harness, IDS, journeyFile } from './harness.js';

type Harness = ReturnType<typeof harness>;

/** Everything the onboarding journey needs but the document, so the document alone keeps its interaction open. */
const ALL_BUT_THE_DOCUMENT = {
  consent: { dataProcessing: true },
  identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' },
  contact: { mobilePhone: '+447700900123' },
  biometrics: [{ selfieImage: b64('a selfie') }],
};

async function submitSide(h: Harness, instanceId: string, ref: string, document: object) {
  const { interactionId } = await h.interaction(instanceId);
  return h.v2('interaction/submit', {
    instanceId,
    interactionId,
    participants: [{ domainElementId: ref }],
    context: { subject: { documents: [document] } },
  });
}

describe('the document’s back, required lazily after its front (onboarding)', () => {
  it('says LazySide2CollectionRequired until the front is read, then closes the interaction for a one-sided document', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2, ALL_BUT_THE_DOCUMENT);
    const first = await h.interaction(instanceId);
    expect(first.instructions).toEqual(['LazySide2CollectionRequired']);
    expect(first.outstanding).toContain('PrimaryDocument/side1Image');
    expect(first.outstanding).not.toContain('PrimaryDocument/side2Image');

    const front = { type: 'Primary', side1Image: b64('passport front') };
    expect((await submitSide(h, instanceId, 'PrimaryDocument/side1Image', front)).status).toBe(200);
    const reading = await h.interaction(instanceId);
    expect(reading).toMatchObject({ interactionId: first.interactionId, instructions: ['LazySide2CollectionRequired'] });
    expect(reading.outstanding).not.toContain('PrimaryDocument/side2Image');
    // Sending the front again, as a client that routes it to the next capture does, is refused and stores nothing.
    const again = await submitSide(h, instanceId, 'PrimaryDocument/side1Image', { type: 'Primary', side1Image: b64('other') });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: '4003', problem: 'PrimaryDocument/side1Image already submitted' });

    h.clock.advance(2999);
    expect((await h.interaction(instanceId)).instructions).toEqual(['LazySide2CollectionRequired']);
    h.clock.advance(1);
    expect(await h.interaction(instanceId)).toMatchObject({ processing: true });
    h.clock.advance(2400);
    const state = await h.state(instanceId);
    expect(state.context.result.outcome).toBe('Decision: Accept');
    expect(state.context.subject.documents).toEqual([{ type: 'Primary', side1Image: b64('passport front'), side2Image: '' }]);
  });

  it('asks for the back of a two-sided document with Side2Required, and closes once it is in', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.onboardingV2, ALL_BUT_THE_DOCUMENT);
    expect(
      (await submitSide(h, instanceId, 'PrimaryDocument/side1Image', { type: 'primary', side1Image: b64('DRIVING LICENCE') })).status,
    ).toBe(200);
    h.clock.advance(3000);
    const asking = await h.interaction(instanceId);
    expect(asking.instructions).toEqual(['Side2Required']);
    expect(asking.outstanding).toContain('PrimaryDocument/side2Image');

    // A back-only submit that carries no back is a missing field, and the interaction stays open.
    const empty = await submitSide(h, instanceId, 'PrimaryDocument/side2Image', { type: 'Primary', side2Image: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ code: '4002', problem: expect.stringContaining('PrimaryDocument/side2Image is missing') });
    const notAnImage = await submitSide(h, instanceId, 'PrimaryDocument/side2Image', { side2Image: 'not base64!' });
    expect(notAnImage.status).toBe(409);
    expect(JSON.stringify(notAnImage.body)).not.toContain('not base64!');

    // The front may ride along when the participants name only the back: it is not taken twice.
    const back = { type: 'Primary', side1Image: b64('DRIVING LICENCE'), side2Image: b64('licence back') };
    expect((await submitSide(h, instanceId, 'PrimaryDocument/side2Image', back)).status).toBe(200);
    expect(await h.interaction(instanceId)).toMatchObject({ processing: true });
    h.clock.advance(2400);
    const state = await h.state(instanceId);
    expect(state.context.subject.documents).toEqual([
      { type: 'Primary', side1Image: b64('DRIVING LICENCE'), side2Image: b64('licence back') },
    ]);
    expect(state.context.result.outcomeClassification).toBe('positive');
  });
});

describe('the document’s back, always or never required', () => {
  it('always: Side2Required and both sides outstanding from the first fetch; the front alone does not close the interaction', async () => {
    const file = await journeyFile('document-selfie');
    const h = harness({ journeys: [parseJourney({ ...file, documentSide2: 'always' })] });
    const instanceId = await h.startV2(IDS.docSelfieV2);
    expect(await h.interaction(instanceId)).toMatchObject({
      instructions: ['Side2Required'],
      outstanding: ['PrimaryDocument/side1Image', 'PrimaryDocument/side2Image'],
    });
    expect((await submitSide(h, instanceId, 'PrimaryDocument', { type: 'Primary', side1Image: b64('front'), side2Image: '' })).status).toBe(
      200,
    );
    expect(await h.interaction(instanceId)).toMatchObject({ instructions: ['Side2Required'], outstanding: ['PrimaryDocument/side2Image'] });
    expect((await submitSide(h, instanceId, 'PrimaryDocument', { side2Image: b64('back') })).status).toBe(200);
    expect(await h.interaction(instanceId)).toMatchObject({ processing: true });
  });

  it('never (the default): no side-2 instruction, no side2Image outstanding, and the front closes the interaction', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.docSelfieV2);
    expect(await h.interaction(instanceId)).toMatchObject({ instructions: [], outstanding: ['PrimaryDocument/side1Image'] });
    expect((await submitSide(h, instanceId, 'PrimaryDocument/side1Image', { type: 'Primary', side1Image: b64('front') })).status).toBe(200);
    expect(await h.interaction(instanceId)).toMatchObject({ processing: true });
  });

  it('refuses a lazy policy without a condition in the journey file', async () => {
    const file = await journeyFile('document-selfie');
    expect(() => parseJourney({ ...file, documentSide2: { lazy: { requiredWhen: [] } } }, 'lazy.json')).toThrow(/documentSide2/);
  });
});

describe('the document’s back on v1, which has no instructions: the task says it', () => {
  const front = { type: 'Primary', side1Image: b64('DRIVING LICENCE'), side2Image: '' };

  async function startOnboardingV1(h: Harness) {
    const reply = await h.v1('start', { resourceId: IDS.onboardingV1, context: { config: { async: true }, subject: {} } });
    const { instanceId } = reply.body as { instanceId: string };
    const { tasks } = (await h.v1('task/list', { instanceId })).body as { tasks: { taskId: string }[] };
    return { instanceId, taskId: tasks[0]?.taskId as string };
  }
  const documentsSchema = async (h: Harness, instanceId: string) => {
    const listed = (await h.v1('task/list/schema', { instanceId })).body;
    return listed.schemas.onboarding.properties.context.properties.subject.properties.documents;
  };

  it('refuses the front again once it was read as two-sided, naming the back, which the task schema then requires', async () => {
    const h = harness();
    const { instanceId, taskId } = await startOnboardingV1(h);
    expect((await documentsSchema(h, instanceId)).items.required).toEqual(['type', 'side1Image', 'side2Image']);
    expect((await documentsSchema(h, instanceId)).items.properties.side2Image.anyOf).toContainEqual({ type: 'string', const: '' });
    const complete = (documents: object[]) =>
      h.v1('task/update', { intent: 'Complete', instanceId, taskId, context: { subject: { ...ALL_BUT_THE_DOCUMENT, documents } } });

    // Taken while the front is read: the task stays open until the classification answers.
    expect((await complete([front])).status).toBe(200);
    h.clock.advance(3000);
    expect((await h.v1('task/list', { instanceId })).body.tasks).toEqual([expect.objectContaining({ taskId })]);
    const back = await documentsSchema(h, instanceId);
    expect(back.items.properties.side2Image).not.toHaveProperty('anyOf');
    expect(back.items.properties.side2Image).toMatchObject({ type: 'string', minLength: 4 });

    const again = await complete([front]);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('side2Image is required');
    // The back alone, as the production caller sends each side: the journey goes on.
    expect((await complete([{ side2Image: b64('licence back') }])).status).toBe(200);
    expect((await h.v1('task/list', { instanceId })).body.tasks).toEqual([]);
  });

  it('takes the front alone of a document read as one-sided, and its schema never requires a back', async () => {
    const h = harness();
    const { instanceId, taskId } = await startOnboardingV1(h);
    const passport = { type: 'Primary', side1Image: b64('passport'), side2Image: '' };
    const subject = { ...ALL_BUT_THE_DOCUMENT, documents: [passport] };
    expect((await h.v1('task/update', { intent: 'Complete', instanceId, taskId, context: { subject } })).status).toBe(200);
    h.clock.advance(3000);
    expect((await h.v1('task/list', { instanceId })).body.tasks).toEqual([]);
  });
});
