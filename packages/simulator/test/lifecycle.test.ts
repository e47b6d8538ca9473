import { describe, expect, it } from 'vitest';
import { harness, IDS, SUBJECTS } from './harness.js';

describe('journey/health', () => {
  it('answers a live API client token, and refuses a call without one as every journey endpoint does', async () => {
    const h = harness();
    expect(await h.v2('health', {})).toMatchObject({ status: 200, body: { status: 'ok' } });
    const anonymous = await h.send('/eu/v2/captain/journey/health', { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect((await h.send('/eu/v2/captain/journey/health', { method: 'GET' })).status).toBe(405);
  });
});

describe('journey/state/delete', () => {
  it('erases an instance: every later call naming it answers 404, saying it was deleted', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.dataCheckV2, SUBJECTS.fullName);
    const kept = await h.startV2(IDS.dataCheckV2);
    expect(await h.v2('state/delete', { instanceId })).toMatchObject({ status: 200, body: { status: 'success' } });

    const { interactionId } = await h.interaction(kept);
    const calls = [
      await h.v2('state/fetch', { instanceId }),
      await h.v2('interaction/fetch', { instanceId }),
      await h.v2('interaction/submit', {
        instanceId,
        interactionId,
        participants: [{ domainElementId: 'DateOfBirth' }],
        context: { subject: SUBJECTS.dateOfBirth },
      }),
      await h.v2('device/start', { instanceId }),
      await h.v2('state/delete', { instanceId }),
    ];
    for (const reply of calls) {
      expect(reply.status).toBe(404);
      expect(reply.body.errors[0]).toMatchObject({ code: '4040', problem: `instance "${instanceId}" was deleted` });
    }
    expect((await h.send(`/__sim/instances/${instanceId}`)).status).toBe(404);
    // Another instance, and the journal's identifiers, stay.
    expect((await h.v2('state/fetch', { instanceId: kept })).status).toBe(200);
    expect(h.journal.count({ path: '*/journey/state/delete', status: 200, instanceId })).toBe(1);
    // Under another region it is as unknown as any id there.
    const elsewhere = await h.post('/us/v2/captain/journey/state/fetch', { instanceId });
    expect(elsewhere.body.errors[0].problem).toBe(`instance "${instanceId}" was not found in region us`);
  });

  it('needs the submit permission', async () => {
    const h = harness();
    const instanceId = await h.startV2();
    const readOnly = h.sim.issueToken('read-only-client');
    const refused = await h.v2('state/delete', { instanceId }, { authorization: `Bearer ${readOnly}` });
    expect(refused.status).toBe(403);
    expect((await h.v2('state/fetch', { instanceId })).status).toBe(200);
  });
});
