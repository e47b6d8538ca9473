import { describe, expect, it } from 'vitest';
import { harness, IDS, SUBJECTS } from './harness.js';

const SSN_SUBJECT = {
  identity: { firstName: 'Grace', lastNames: ['Hopper'], dateOfBirth: '1986-12-09', idNumbers: [{ type: 'ssn', idNumber: '123-45-6789' }] },
};

describe('state fetch (v2) and the state table', () => {
  it('(none) → InProgress on start, with pending result and the journey description', async () => {
    const { startV2, state, clock } = harness();
    const instanceId = await startV2();
    const fetched = await state(instanceId);
    expect(fetched).toMatchObject({
      instanceId,
      status: 'InProgress',
      context: {
        process: {
          journey: { name: 'Identity data check', id: 'b2e8d4a1data-check-v2', version: 3, startedAt: new Date(clock.now()).toISOString() },
          instance: { id: instanceId },
          steps: [],
        },
        result: { status: 'pending', advice: {} },
      },
    });
  });

  it('InProgress → Completed when all parallel modules finish, with steps, advice and the result', async () => {
    const { startV2, state, clock } = harness();
    const instanceId = await startV2(IDS.dataCheckV2, SUBJECTS.person);
    clock.advance(1199);
    expect((await state(instanceId)).status).toBe('InProgress');
    clock.advance(1);
    const done = await state(instanceId);
    expect(done.status).toBe('Completed');
    const [identity, age] = done.context.process.steps;
    expect(identity).toMatchObject({
      nodeId: 'identity-check',
      outcome: 'Match',
      outcomeClassification: 'positive',
      result: { status: 'complete', outcome: 'Match' },
      advice: { contains: { nameDob: 1, nameAddress: 0, sources: 2, isUnder18: false, customDecision: null, svcScore: 90 } },
    });
    expect(identity.process.step.moduleName).toBe('Identity data check');
    // Modules run in parallel: both start together; the age check ends first.
    expect(age.process.step.startedAt).toBe(identity.process.step.startedAt);
    expect(Date.parse(age.process.step.endedAt)).toBeLessThan(Date.parse(identity.process.step.endedAt));
    expect(done.context.result).toMatchObject({ status: 'complete', advice: { decision: 'Accept', isUnder18: false } });
    expect(done.context.subject).toEqual(SUBJECTS.person);
  });

  it.each([
    ['no match', { identity: { firstName: 'Ada', lastNames: ['Nomatch'], dateOfBirth: '1990-12-10' } }, 'No Match', 'Reject'],
    [
      'manual review',
      { identity: { firstName: 'Ada', lastNames: ['Review'], dateOfBirth: '1990-12-10' } },
      'Partial Match',
      'Manual review',
    ],
  ])('derives the outcome from the subject: %s', async (_, subject, outcome, decision) => {
    const { startV2, state, clock } = harness();
    const instanceId = await startV2(IDS.dataCheckV2, subject);
    clock.advance(1200);
    const done = await state(instanceId);
    expect(done.context.process.steps[0].outcome).toBe(outcome);
    expect(done.context.result.advice.decision).toBe(decision);
  });

  it('flags and rejects an under-18 subject', async () => {
    const { startV2, state, clock } = harness({ clock: { manual: true, start: Date.parse('2026-06-01T00:00:00Z') } });
    const instanceId = await startV2(IDS.dataCheckV2, { identity: { ...SUBJECTS.fullName.identity, dateOfBirth: '2010-01-01' } });
    clock.advance(1200);
    const done = await state(instanceId);
    expect(done.context.process.steps[1]).toMatchObject({ nodeId: 'age-check', outcome: 'Under 18' });
    expect(done.context.process.steps[0].advice.contains.isUnder18).toBe(true);
    expect(done.context.result.advice).toMatchObject({ decision: 'Reject', isUnder18: true });
  });

  it('InProgress → Error when a module fails; steps and result at the top level for this tenant', async () => {
    const { startV2, state, clock } = harness();
    const subject = { identity: { ...SSN_SUBJECT.identity, lastNames: ['Outage'] } };
    const instanceId = await startV2(IDS.fraudV2, subject, 'api', 'us');
    clock.advance(1000);
    const failed = await state(instanceId, 'us');
    expect(failed.status).toBe('Error');
    expect(failed.result).toMatchObject({ status: 'error' });
    expect(failed.steps.find((step: { nodeId: string }) => step.nodeId === 'fraud-screening').result.status).toBe('error');
    expect(failed.context).not.toHaveProperty('result');
  });

  it('reports identity number matches for an SSN journey without echoing the number anywhere but the subject', async () => {
    const { startV2, state, clock } = harness();
    const instanceId = await startV2(IDS.fraudV2, SSN_SUBJECT, 'api', 'us');
    clock.advance(1000);
    const done = await state(instanceId, 'us');
    expect(done.status).toBe('Completed');
    expect(done.steps[0].advice.contains).toMatchObject({ idNameDob: 1, idName: 1 });
  });

  it('keeps a paused journey paused and resumes it where it was', async () => {
    const { startV2, state, clock, send } = harness();
    const instanceId = await startV2(IDS.dataCheckV2, SUBJECTS.person);
    await send(`/__sim/instances/${instanceId}/pause`, { method: 'POST' });
    clock.advance(5000);
    expect((await state(instanceId)).status).toBe('Paused');
    await send(`/__sim/instances/${instanceId}/resume`, { method: 'POST' });
    expect((await state(instanceId)).status).toBe('InProgress');
    clock.advance(1200);
    expect((await state(instanceId)).status).toBe('Completed');
  });

  it('refuses a submit while paused as not active, saying to come back once resumed, not that the journey ended', async () => {
    const { startV2, submit, send } = harness();
    const instanceId = await startV2(IDS.dataCheckV2);
    await send(`/__sim/instances/${instanceId}/pause`, { method: 'POST' });
    const { identity } = SUBJECTS.person;
    const paused = await submit(instanceId, ['FullName'], { identity: { firstName: identity.firstName, lastNames: identity.lastNames } });
    expect(paused.status).toBe(409);
    expect(paused.body.errors[0]).toMatchObject({
      code: '4009',
      name: 'JOURNEY_NOT_ACTIVE',
      problem: 'the journey is Paused: no interaction accepts data until it resumes',
      action: 'Fetch the interaction again once the journey has resumed.',
    });
    await send(`/__sim/instances/${instanceId}/resume`, { method: 'POST' });
    expect(
      (await submit(instanceId, ['FullName'], { identity: { firstName: identity.firstName, lastNames: identity.lastNames } })).status,
    ).toBe(200);
  });

  it('refuses a portal decision while the journey runs without an evaluation (rule 9), and takes it after', async () => {
    const { startV2, state, clock, send } = harness();
    const instanceId = await startV2(IDS.dataCheckV2, SUBJECTS.person);
    const decide = () =>
      send(`/__sim/instances/${instanceId}/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'Reject' }),
      });
    const refused = await decide();
    expect(refused.status).toBe(409);
    // The journey may still be decided: not the ended journey's "start a new one; never retry".
    expect(refused.body).toMatchObject({ errors: [{ action: 'Change the decision once the journey has been decided.' }] });
    clock.advance(1200);
    expect((await decide()).status).toBe(200);
    expect((await state(instanceId)).context.result.advice).toMatchObject({
      decision: 'Reject',
      evaluatedDecision: 'Accept',
      customDecision: 'Reject',
    });
  });

  it('answers 404 for an unknown instance and 400 for a missing instanceId', async () => {
    const { v2 } = harness();
    const unknown = await v2('state/fetch', { instanceId: 'f'.repeat(32) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: '4040', name: 'NOT_FOUND', location: 'Body' });
    const missing = await v2('state/fetch', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ code: '4002', problem: 'instanceId is required' });
  });
});
