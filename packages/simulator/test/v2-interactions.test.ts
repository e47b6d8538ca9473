import { describe, expect, it } from 'vitest';
import { loadJourneys } from '../src/index.js';
import { b64, harness, IDS, JOURNEYS_DIR, SUBJECTS } from './harness.js';

describe('interaction fetch and submit (v2)', () => {
  it('shows exactly one active interaction with collects, spec, outstanding, pages and cards (rule 1)', async () => {
    const { startV2, interaction } = harness();
    const instanceId = await startV2();
    const current = await interaction(instanceId);
    expect(current.interactionId).toBe('grn:::journey-sim:data-check:interaction:personal-details@3');
    expect(current.journey).toEqual({ status: 'InProgress' });
    expect(current.interaction.collects).toEqual([
      { ref: 'FullName', spec: 'required' },
      { ref: 'DateOfBirth', spec: 'required' },
      { ref: 'CurrentAddress', spec: 'optional' },
    ]);
    expect(current.outstanding).toEqual(['FullName', 'DateOfBirth', 'CurrentAddress']);
    expect(current.interaction.resource.data.pages[0].cards.map((card: { id: string }) => card.id)).toEqual([
      'FullName',
      'DateOfBirth',
      'CurrentAddress',
    ]);
  });

  it('takes partial submissions and advances by itself once every required element is in (rule 3)', async () => {
    const { startV2, submit, interaction } = harness();
    const instanceId = await startV2();
    const first = await submit(instanceId, ['FullName'], SUBJECTS.fullName);
    expect(first).toMatchObject({ status: 200, body: { status: 'success' } });
    const after = await interaction(instanceId);
    expect(after.interactionId).toBe('grn:::journey-sim:data-check:interaction:personal-details@3');
    expect(after.outstanding).toEqual(['DateOfBirth', 'CurrentAddress']);
    expect((await submit(instanceId, ['DateOfBirth'], SUBJECTS.dateOfBirth)).status).toBe(200);
    expect(await interaction(instanceId)).toMatchObject({ processing: true, outstanding: [] });
  });

  it('answers processing: true while modules run, and the next interaction when they finish (rule 4)', async () => {
    const { startV2, submit, interaction, state, clock } = harness();
    const instanceId = await startV2(IDS.docSelfieV2);
    expect((await submit(instanceId, ['PrimaryDocument'], SUBJECTS.document)).status).toBe(200);
    const processing = await interaction(instanceId);
    expect(processing.processing).toBe(true);
    expect(processing).not.toHaveProperty('interactionId');
    expect((await state(instanceId)).status).toBe('InProgress');
    clock.advance(1999);
    expect((await interaction(instanceId)).processing).toBe(true);
    clock.advance(1);
    const next = await interaction(instanceId);
    expect(next.interactionId).toContain(':interaction:selfie@7');
    // This journey reports outstanding fields, as some tenants do.
    expect(next.outstanding).toEqual(['Selfie/selfieImage']);
  });

  it('rejects a submit whose required element is missing with 400 and stores nothing (rule 5)', async () => {
    const { startV2, submit, interaction } = harness();
    const instanceId = await startV2();
    const reply = await submit(instanceId, ['FullName', 'DateOfBirth'], SUBJECTS.fullName);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      expect.objectContaining({ code: '4002', name: 'MISSING_FIELD', problem: expect.stringContaining('DateOfBirth') }),
    ]);
    expect((await interaction(instanceId)).outstanding).toEqual(['FullName', 'DateOfBirth', 'CurrentAddress']);
  });

  it('answers 409 INVALID_FIELD for a required element that is present but invalid, naming the path, not the value', async () => {
    const { startV2, submit } = harness();
    const instanceId = await startV2();
    const reply = await submit(instanceId, ['DateOfBirth'], { identity: { dateOfBirth: '1990-13-45' } });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0]).toMatchObject({ code: '4003', name: 'INVALID_FIELD' });
    expect(reply.body.errors[0].problem).toContain('context.subject.identity.dateOfBirth');
    expect(reply.body.errors[0].problem).not.toContain('1990-13-45');
  });

  it('silently drops an invalid optional element and succeeds (rule 6)', async () => {
    const { startV2, submit, interaction, sim } = harness();
    const instanceId = await startV2();
    const reply = await submit(instanceId, ['FullName', 'CurrentAddress'], {
      ...SUBJECTS.fullName,
      identity: { ...SUBJECTS.fullName.identity, currentAddress: { lines: [], country: 'Great Britain' } },
    });
    expect(reply).toMatchObject({ status: 200, body: { status: 'success' } });
    expect((await interaction(instanceId)).outstanding).toEqual(['DateOfBirth', 'CurrentAddress']);
    // The name was kept; the invalid address was not stored at all.
    expect(sim.core.engine.get(instanceId)?.subject).toEqual(SUBJECTS.fullName);
  });

  it('drops an optional element whose data has the wrong JSON type, and keeps the rest (rule 6)', async () => {
    for (const currentAddress of ['221B Baker Street', { lines: '221B' }, { lines: [] }, 42, null]) {
      const { startV2, submit, sim } = harness();
      const instanceId = await startV2();
      const reply = await submit(instanceId, ['FullName', 'DateOfBirth', 'CurrentAddress'], {
        identity: { ...SUBJECTS.person.identity, currentAddress },
      });
      expect(reply).toMatchObject({ status: 200, body: { status: 'success' } });
      expect(sim.core.engine.get(instanceId)?.subject).toEqual(SUBJECTS.person);
    }
  });

  it('answers 409 INVALID_FIELD for a required element with invalid data of any JSON type, and stores nothing', async () => {
    for (const dateOfBirth of [19900101, '01/01/1990', ['1990-01-01'], { day: 1 }, true]) {
      const { startV2, submit, sim } = harness();
      const instanceId = await startV2();
      const reply = await submit(instanceId, ['FullName', 'DateOfBirth'], { identity: { ...SUBJECTS.fullName.identity, dateOfBirth } });
      expect(reply.status).toBe(409);
      expect(reply.body.errors).toEqual([
        expect.objectContaining({
          code: '4003',
          name: 'INVALID_FIELD',
          problem: expect.stringContaining('context.subject.identity.dateOfBirth'),
        }),
      ]);
      expect(sim.core.engine.get(instanceId)?.subject).toEqual({});
    }
  });

  it('leaves data for an element the submit does not name out of it, whatever its type', async () => {
    const { startV2, submit, sim } = harness();
    const instanceId = await startV2();
    const reply = await submit(instanceId, ['FullName'], { ...SUBJECTS.fullName, biometrics: 'x', documents: [null, 7] });
    expect(reply).toMatchObject({ status: 200, body: { status: 'success' } });
    expect(sim.core.engine.get(instanceId)?.subject).toEqual(SUBJECTS.fullName);
  });

  it('still refuses a malformed submit envelope with 400', async () => {
    const { startV2, interaction, v2 } = harness();
    const instanceId = await startV2();
    const { interactionId } = await interaction(instanceId);
    const participants = [{ domainElementId: 'FullName' }];
    const notAnObject = await v2('interaction/submit', { instanceId, interactionId, participants, context: { subject: 'Ada' } });
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.errors[0].problem).toContain('context.subject');
    const badParticipants = await v2('interaction/submit', {
      instanceId,
      interactionId,
      participants: 'FullName',
      context: { subject: {} },
    });
    expect(badParticipants.status).toBe(400);
    expect(badParticipants.body.errors[0].problem).toContain('participants');
  });

  it('answers 409 for an element that was already submitted, and stores nothing of that submit (rule 7)', async () => {
    const { startV2, submit, interaction } = harness();
    const instanceId = await startV2();
    expect((await submit(instanceId, ['FullName'], SUBJECTS.fullName)).status).toBe(200);
    const again = await submit(instanceId, ['FullName', 'DateOfBirth'], SUBJECTS.person);
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: '4003', name: 'INVALID_FIELD', problem: 'FullName already submitted' });
    expect((await interaction(instanceId)).outstanding).toContain('DateOfBirth');
  });

  it('counts prefilled elements as already submitted', async () => {
    const { startV2, submit } = harness();
    const instanceId = await startV2(IDS.dataCheckV2, SUBJECTS.fullName);
    expect((await submit(instanceId, ['FullName'], SUBJECTS.fullName)).status).toBe(409);
  });

  it('refuses data outside context.subject with 400', async () => {
    const { startV2, interaction, v2 } = harness();
    const instanceId = await startV2();
    const { interactionId } = await interaction(instanceId);
    const reply = await v2('interaction/submit', {
      instanceId,
      interactionId,
      participants: [{ domainElementId: 'FullName' }],
      context: { subject: {}, identity: SUBJECTS.fullName.identity },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].problem).toBe('unexpected field context.identity: subject data must be inside context.subject');
  });

  it('ignores a submit with context but no participants, and refuses participants without context.subject', async () => {
    const { startV2, interaction, v2 } = harness();
    const instanceId = await startV2();
    const { interactionId } = await interaction(instanceId);
    const noParticipants = await v2('interaction/submit', { instanceId, interactionId, context: { subject: SUBJECTS.person } });
    expect(noParticipants).toMatchObject({ status: 200, body: { status: 'success' } });
    expect((await interaction(instanceId)).outstanding).toEqual(['FullName', 'DateOfBirth', 'CurrentAddress']);
    const noSubject = await v2('interaction/submit', { instanceId, interactionId, participants: [{ domainElementId: 'FullName' }] });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.errors[0]).toMatchObject({ code: '4002', name: 'MISSING_FIELD' });
  });

  it('refuses an element the interaction does not collect, and an unknown element id', async () => {
    const { startV2, submit } = harness();
    const instanceId = await startV2();
    const notCollected = await submit(instanceId, ['Selfie'], SUBJECTS.selfie);
    expect(notCollected.status).toBe(400);
    expect(notCollected.body.errors[0].problem).toBe('Selfie not collected by this interaction');
    const unknown = await submit(instanceId, ['ShoeSize'], {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].problem).toContain('participants.0.domainElementId');
  });

  it('refuses a stale interactionId and any submit while modules run', async () => {
    const { startV2, submit, interaction, v2, clock } = harness();
    const instanceId = await startV2(IDS.docSelfieV2);
    const { interactionId: documentStep } = await interaction(instanceId);
    await submit(instanceId, ['PrimaryDocument'], SUBJECTS.document);
    const selfieIntoDocumentStep = () =>
      v2('interaction/submit', {
        instanceId,
        interactionId: documentStep,
        participants: [{ domainElementId: 'Selfie' }],
        context: { subject: SUBJECTS.selfie },
      });
    const whileProcessing = await selfieIntoDocumentStep();
    expect(whileProcessing.status).toBe(400);
    expect(whileProcessing.body.errors[0].problem).toContain('no interaction is active while modules run');
    // Nothing the end user typed is wrong: the action says to fetch again, not to correct a field.
    expect(whileProcessing.body.errors[0].action).toBe('Poll interaction fetch, then submit to the interactionId it gives.');
    clock.advance(2000);
    const stale = await selfieIntoDocumentStep();
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].problem).toContain('is not the active interaction');
    expect(stale.body.errors[0].action).toBe('Fetch the interaction again and submit to its interactionId.');
  });

  it('answers the end interaction after the journey finishes and 409 JOURNEY_NOT_ACTIVE on submit', async () => {
    const { startV2, interaction, v2, clock } = harness();
    const instanceId = await startV2(IDS.dataCheckV2, SUBJECTS.person);
    clock.advance(1200);
    const end = await interaction(instanceId);
    expect(end).toMatchObject({ journey: { status: 'Completed' }, outstanding: [], interaction: { collects: [] } });
    const reply = await v2('interaction/submit', {
      instanceId,
      interactionId: end.interactionId,
      participants: [{ domainElementId: 'FullName' }],
      context: { subject: SUBJECTS.fullName },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0]).toMatchObject({ code: '4009', name: 'JOURNEY_NOT_ACTIVE' });
  });

  it('says a decided journey that keeps reading InProgress is decided, not Completed, in the 409 of a submit', async () => {
    const journeys = (await loadJourneys(JOURNEYS_DIR)).map((journey) => ({ ...journey, decidedStatus: 'InProgress' as const }));
    const { startV2, interaction, v2, clock } = harness({ journeys });
    const instanceId = await startV2(IDS.dataCheckV2, SUBJECTS.person);
    clock.advance(1200);
    const end = await interaction(instanceId);
    expect(end.journey).toEqual({ status: 'InProgress' });
    const reply = await v2('interaction/submit', {
      instanceId,
      interactionId: end.interactionId,
      participants: [{ domainElementId: 'FullName' }],
      context: { subject: SUBJECTS.fullName },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0]).toMatchObject({ code: '4009', problem: 'the journey is decided: no interaction accepts data' });
  });

  it('answers 409 JOURNEY_NOT_ACTIVE to a submit to an ended journey, whatever data it carries', async () => {
    const { startV2, interaction, v2, clock } = harness();
    const instanceId = await startV2(IDS.dataCheckV2, SUBJECTS.person);
    clock.advance(1200);
    const end = await interaction(instanceId);
    const reply = await v2('interaction/submit', {
      instanceId,
      interactionId: end.interactionId,
      participants: [{ domainElementId: 'DateOfBirth' }],
      context: { subject: { identity: { dateOfBirth: 19900101 } } },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0]).toMatchObject({ code: '4009', name: 'JOURNEY_NOT_ACTIVE' });
  });

  it('takes state fetch with the vendor clients’ filterKeys and context, unchanged by them, and refuses other unknown fields', async () => {
    const h = harness();
    const instanceId = await h.startV2();
    const plain = await h.v2('state/fetch', { instanceId });
    const withFields = await h.v2('state/fetch', { instanceId, filterKeys: ['/.*/'], context: ['process', 'result'] });
    expect(withFields).toMatchObject({ status: 200, body: plain.body });
    const other = await h.v2('state/fetch', { instanceId, extra: true });
    expect(other.status).toBe(400);
    expect(other.body.errors[0].problem).toBe('unexpected field extra');
  });

  it('takes a two-segment document + selfie journey to completion', async () => {
    const { startV2, submit, state, clock } = harness();
    const instanceId = await startV2(IDS.docSelfieV2);
    await submit(instanceId, ['PrimaryDocument'], SUBJECTS.document);
    clock.advance(2000);
    expect((await submit(instanceId, ['Selfie'], SUBJECTS.selfie)).status).toBe(200);
    clock.advance(1500);
    const final = await state(instanceId);
    expect(final.status).toBe('Completed');
    expect(final.context.process.steps.map((step: { nodeId: string }) => step.nodeId)).toEqual([
      'document-authenticity',
      'face-match',
      'decision',
    ]);
    expect(final.context.result).toMatchObject({ status: 'complete', advice: { decision: 'Accept' } });
  });

  it('names the index of the document sent with the invalid side, not of the folded document', async () => {
    const { startV2, submit } = harness();
    const instanceId = await startV2(IDS.docSelfieV2);
    const reply = await submit(instanceId, ['PrimaryDocument'], {
      documents: [
        { type: 'Primary', side1Image: b64('front') },
        { type: 'Primary', side1Image: '###' },
      ],
    });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0].problem).toContain('context.subject.documents.1.side1Image');
    expect(reply.body.errors[0].problem).not.toContain('documents.0');
  });

  it('takes a submit carrying some 130,000 document parts without overflowing the stack', async () => {
    const { startV2, submit } = harness({ bodyLimitBytes: 20 * 1024 * 1024 });
    const instanceId = await startV2(IDS.docSelfieV2);
    const documents = Array.from({ length: 130_000 }, () => ({ side1Image: b64('front'), type: 'Primary' }));
    expect(await submit(instanceId, ['PrimaryDocument'], { documents })).toMatchObject({ status: 200, body: { status: 'success' } });
  });

  it('folds a document sent side by side into one Primary document', async () => {
    const { startV2, submit, interaction } = harness();
    const instanceId = await startV2(IDS.docSelfieV2);
    const reply = await submit(instanceId, ['PrimaryDocument'], {
      documents: [{ side1Image: b64('front') }, { side2Image: b64('back') }],
    });
    expect(reply.status).toBe(200);
    expect((await interaction(instanceId)).processing).toBe(true);
  });
});
