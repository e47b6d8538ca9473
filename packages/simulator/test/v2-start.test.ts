import { describe, expect, it } from 'vitest';
import { harness, IDS, SUBJECTS } from './harness.js';

describe('POST /v2/captain/journey/start', () => {
  it('answers 201 with an instanceId and no instanceUrl for api delivery', async () => {
    const { v2 } = harness();
    const reply = await v2('start', { resourceId: IDS.dataCheckV2, context: { config: { delivery: 'api' }, subject: {} } });
    expect(reply.status).toBe(201);
    expect(reply.body.instanceId).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.body).not.toHaveProperty('instanceUrl');
  });

  it('adds instanceUrl only for page delivery', async () => {
    const { v2 } = harness();
    const reply = await v2('start', { resourceId: IDS.dataCheckV2, context: { config: { delivery: 'page' }, subject: {} } });
    expect(reply.status).toBe(201);
    expect(reply.body.instanceUrl).toBe(`http://sim.test/page/${reply.body.instanceId}`);
  });

  it('rejects a start without delivery with 400', async () => {
    const { v2 } = harness();
    const reply = await v2('start', { resourceId: IDS.dataCheckV2, context: { config: {}, subject: {} } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0]).toMatchObject({ code: '4002', name: 'MISSING_FIELD', location: 'Body' });
    expect(reply.body.errors[0].problem).toContain('context.config.delivery');
  });

  it('rejects a start with neither resourceId nor deliveryId with 4002 MISSING_FIELD', async () => {
    const { v2 } = harness();
    const reply = await v2('start', { context: { config: { delivery: 'api' }, subject: {} } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      expect.objectContaining({ code: '4002', name: 'MISSING_FIELD', location: 'Body', problem: expect.stringContaining('resourceId') }),
    ]);
  });

  it('accepts deliveryId instead of resourceId', async () => {
    const { v2 } = harness();
    const reply = await v2('start', { deliveryId: 'dlv-data-check', context: { config: { delivery: 'api' }, subject: {} } });
    expect(reply.status).toBe(201);
  });

  it('selects a published version by number or @latest, and refuses an unpublished one', async () => {
    const { v2 } = harness();
    const start = (resourceId: string) => v2('start', { resourceId, context: { config: { delivery: 'api' }, subject: {} } });
    expect((await start('b2e8d4a1data-check-v2@3')).status).toBe(201);
    expect((await start('b2e8d4a1data-check-v2-preview@latest')).status).toBe(201);
    const unpublished = await start('b2e8d4a1data-check-v2@2');
    expect(unpublished.status).toBe(404);
    expect(unpublished.body.errors[0]).toMatchObject({ code: '4040', name: 'NOT_FOUND' });
    const malformed = await start('b2e8d4a1data-check-v2');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].problem).toContain('<id>@<version>');
  });

  it('reads a body in the charset its Content-Type declares, and refuses one it cannot read with 415', async () => {
    const { v2, send, token } = harness();
    const body = JSON.stringify({
      resourceId: IDS.dataCheckV2,
      context: { config: { delivery: 'api' }, subject: { identity: { firstName: 'René', lastNames: ['Lovelace'] } } },
    });
    const declaring = (charset: string) => ({
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `application/json; charset=${charset}` },
      body: Buffer.from(body, 'latin1'),
    });
    const started = await send('/eu/v2/captain/journey/start', declaring('iso-8859-1'));
    expect(started.status).toBe(201);
    const state = await v2('state/fetch', { instanceId: started.body.instanceId });
    expect(state.body.context.subject.identity.firstName).toBe('René');

    const unknown = await send('/eu/v2/captain/journey/start', declaring('x-klingon'));
    expect(unknown.status).toBe(415);
    expect(unknown.body.errors[0]).toMatchObject({ location: 'Header', problem: expect.stringContaining('x-klingon') });
  });

  it('does not start a v1 publication through v2 (a v1 journey cannot be converted)', async () => {
    const { v2 } = harness();
    const reply = await v2('start', { resourceId: IDS.dataCheckV1, context: { config: { delivery: 'api' }, subject: {} } });
    expect(reply.status).toBe(404);
  });

  it('answers a journey only on the base address of its own region', async () => {
    const { post } = harness();
    const body = { resourceId: IDS.fraudV2, context: { config: { delivery: 'api' }, subject: {} } };
    expect((await post('/eu/v2/captain/journey/start', body)).status).toBe(404);
    expect((await post('/au/v2/captain/journey/start', body)).status).toBe(404);
    const us = await post('/us/v2/captain/journey/start', body);
    expect(us.status).toBe(201);
    const elsewhere = await post('/eu/v2/captain/journey/state/fetch', { instanceId: us.body.instanceId });
    expect(elsewhere.status).toBe(404);
    expect((await post('/us/v2/captain/journey/state/fetch', { instanceId: us.body.instanceId })).status).toBe(200);
    // Without a region in the path, the host names it, in any case: host names are case-insensitive.
    expect((await post('/v2/captain/journey/start', body, { host: 'US.platform.go.vendor.com' })).status).toBe(201);
    expect((await post('/v2/captain/journey/start', body, { host: 'eu.platform.go.vendor.com' })).status).toBe(404);
  });

  it('validates prefill for api delivery too (rule 8) and stores nothing when it is invalid', async () => {
    const { v2, sim } = harness();
    const reply = await v2('start', {
      resourceId: IDS.dataCheckV2,
      context: { config: { delivery: 'api' }, subject: { identity: { dateOfBirth: '10/12/1990' } } },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0]).toMatchObject({ code: '4003', name: 'INVALID_FIELD' });
    expect(reply.body.errors[0].problem).toContain('DateOfBirth');
    expect(reply.body.errors[0].problem).not.toContain('10/12/1990');
    expect(sim.core.engine.size).toBe(0);
  });

  it('starts the modules at once for a fully prefilled journey (rule 2)', async () => {
    const { startV2, interaction, state, clock } = harness();
    const instanceId = await startV2(IDS.dataCheckV2, SUBJECTS.person);
    expect(await interaction(instanceId)).toMatchObject({ processing: true });
    clock.advance(1200);
    expect((await state(instanceId)).status).toBe('Completed');
  });

  it('refuses subject data outside context.subject with 400', async () => {
    const { v2 } = harness();
    const reply = await v2('start', {
      resourceId: IDS.dataCheckV2,
      context: { config: { delivery: 'api' }, subject: {}, documents: [] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].problem).toBe('unexpected field context.documents: subject data must be inside context.subject');
  });

  it('has no async flag: v1 options are refused', async () => {
    const { v2 } = harness();
    const reply = await v2('start', { resourceId: IDS.dataCheckV2, context: { config: { delivery: 'api', async: true }, subject: {} } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].problem).toContain('context.config.async');
  });
});
