import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { parseJourney } from '../src/index.js';
import { b64, harness, IDS, journeyFile, SUBJECTS } from './harness.js';

type Harness = ReturnType<typeof harness>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** device/start with the API client's token, then device/connect with the connect token: the end-user token. */
async function bootstrap(h: Harness, instanceId: string): Promise<string> {
  const started = await h.v2('device/start', { instanceId, scope: [] });
  expect(started.status).toBe(200);
  const connected = await h.v2('device/connect', {}, bearer(started.body.connectToken));
  expect(connected.status).toBe(200);
  return connected.body.endUserToken;
}

const document = { documents: [{ type: 'Primary', side1Image: b64('front'), side2Image: '' }] };

describe('end-user tokens on journeys whose interactions need them', () => {
  it('refuses the API client on interaction fetch and submit, and completes the journey with an end-user token', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.deviceSelfieV2);
    const asCustomer = await h.v2('interaction/fetch', { instanceId });
    expect(asCustomer.status).toBe(401);
    expect(asCustomer.body.errors[0]).toMatchObject({ code: '4010', location: 'Authorization' });
    expect(asCustomer.body.errors[0].problem).toContain('journey/device/start');
    const submitAsCustomer = await h.v2('interaction/submit', { instanceId, interactionId: 'x', participants: [] });
    expect(submitAsCustomer.status).toBe(401);

    const endUser = await bootstrap(h, instanceId);
    expect(decodeProtectedHeader(endUser)).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(endUser);
    expect(claims.sub).toBe(instanceId);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(24 * 60 * 60);

    for (const [elements, subject, ms] of [
      [['PrimaryDocument'], document, 1800],
      [['Selfie'], SUBJECTS.selfie, 1200],
    ] as const) {
      const { interactionId } = (await h.v2('interaction/fetch', { instanceId }, bearer(endUser))).body;
      const participants = elements.map((domainElementId) => ({ domainElementId }));
      const submitted = await h.v2(
        'interaction/submit',
        { instanceId, interactionId, participants, context: { subject } },
        bearer(endUser),
      );
      expect(submitted).toMatchObject({ status: 200, body: { status: 'success' } });
      h.clock.advance(ms);
    }
    // State fetch is not an interaction endpoint: the API client reads it as ever.
    expect((await h.state(instanceId)).context.result.advice.decision).toBe('Accept');
    expect(h.journal.count({ path: '*/journey/device/connect', status: 200, instanceId })).toBe(1);
    expect(h.journal.count({ path: '*/journey/device/start', status: 200, instanceId })).toBe(1);
  });

  it('finds a connect token’s instance only under its region, and keeps the token good after a wrong base', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.deviceSelfieV2);
    const { connectToken } = (await h.v2('device/start', { instanceId, scope: [] })).body;
    const elsewhere = await h.post('/au/v2/captain/journey/device/connect', {}, bearer(connectToken));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.errors[0].problem).toContain('not found in region au');
    expect(JSON.stringify(elsewhere.body)).not.toContain(connectToken);
    const connected = await h.v2('device/connect', {}, bearer(connectToken));
    expect(connected.status).toBe(200);
  });

  it('holds an end-user token to its instance, and to interactions', async () => {
    const h = harness();
    const mine = await h.startV2(IDS.deviceSelfieV2);
    const other = await h.startV2(IDS.deviceSelfieV2);
    const endUser = await bootstrap(h, mine);
    expect((await h.v2('interaction/fetch', { instanceId: mine }, bearer(endUser))).status).toBe(200);
    const elsewhere = await h.v2('interaction/fetch', { instanceId: other }, bearer(endUser));
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.errors[0].problem).toBe('the end-user token was issued for another instance');
    expect((await h.v2('state/fetch', { instanceId: mine }, bearer(endUser))).status).toBe(401);
    expect((await h.v2('device/start', { instanceId: mine }, bearer(endUser))).status).toBe(401);
  });

  it('gives the end user no more than the API client that connected them', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.deviceSelfieV2);
    const readOnly = h.sim.issueToken('read-only-client');
    const { connectToken } = (await h.v2('device/start', { instanceId }, bearer(readOnly))).body;
    const endUser = (await h.v2('device/connect', {}, bearer(connectToken))).body.endUserToken;
    const { interactionId } = (await h.v2('interaction/fetch', { instanceId }, bearer(endUser))).body;
    const submit = await h.v2(
      'interaction/submit',
      { instanceId, interactionId, participants: [{ domainElementId: 'PrimaryDocument' }], context: { subject: document } },
      bearer(endUser),
    );
    expect(submit.status).toBe(403);
    expect(submit.body.errors[0].problem).toBe('the API client lacks the journey.submit permission');
  });

  it('tells a caller that may not act on an instance nothing of whether it exists: the same refusal for a real one and an unknown one', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.deviceSelfieV2);
    const other = await h.startV2(IDS.deviceSelfieV2);
    const endUser = await bootstrap(h, instanceId);
    const readOnly = h.sim.issueToken('read-only-client');
    const submit = (id: string, token: string) =>
      h.v2('interaction/submit', { instanceId: id, interactionId: 'x', participants: [] }, bearer(token));
    const unknown = 'f'.repeat(32);
    for (const id of [other, unknown]) {
      // Without the submit permission: 403 whether or not the instance exists.
      expect((await submit(id, readOnly)).status, id).toBe(403);
      // An end-user token of another instance: 401 whether or not the instance exists.
      const asEndUser = await submit(id, endUser);
      expect([asEndUser.status, asEndUser.body.errors[0].problem], id).toEqual([401, 'the end-user token was issued for another instance']);
      const fetched = await h.v2('interaction/fetch', { instanceId: id }, bearer(endUser));
      expect(fetched.status, id).toBe(401);
    }
  });

  it('takes a connect token once and for two minutes, and an end-user token for a day, on the simulator clock', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.deviceSelfieV2);
    const { connectToken } = (await h.v2('device/start', { instanceId })).body;
    expect((await h.v2('device/connect', {}, bearer(connectToken))).status).toBe(200);
    const again = await h.v2('device/connect', {}, bearer(connectToken));
    expect(again.status).toBe(401);
    expect(again.body.errors[0].problem).toBe('the connect token is not recognised or was already used');

    const late = (await h.v2('device/start', { instanceId })).body.connectToken;
    h.clock.advance(2 * 60 * 1000);
    const expired = await h.v2('device/connect', {}, bearer(late));
    expect(expired.body.errors[0].problem).toBe('the connect token has expired');
    // A spent connect token no longer names its instance; an expired one still does.
    expect(h.journal.count({ path: '*/journey/device/connect', status: 401 })).toBe(2);
    expect(h.journal.count({ path: '*/journey/device/connect', status: 401, instanceId })).toBe(1);

    const endUser = await bootstrap(h, instanceId);
    h.clock.advance(24 * 60 * 60 * 1000 - 1000);
    expect((await h.v2('interaction/fetch', { instanceId }, bearer(endUser))).status).toBe(200);
    h.clock.advance(1000);
    const stale = await h.v2('interaction/fetch', { instanceId }, bearer(endUser));
    expect(stale.status).toBe(401);
    expect(stale.body.errors[0].problem).toBe('the end-user token has expired');
    expect(JSON.stringify(stale.body)).not.toContain(endUser);
  });

  it('refuses device/start without the API client or for an unknown instance, and forgets end-user tokens on reset', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.deviceSelfieV2);
    expect((await h.v2('device/start', { instanceId }, { authorization: '' })).status).toBe(401);
    expect((await h.v2('device/start', { instanceId: 'f'.repeat(32) })).status).toBe(404);
    expect((await h.v2('device/start', { instanceId, scopes: [] })).status).toBe(400);
    expect((await h.v2('device/connect', { instanceId }, bearer('sim_connect_guess'))).status).toBe(400);
    const endUser = await bootstrap(h, instanceId);
    h.sim.core.reset();
    expect((await h.v2('interaction/fetch', { instanceId }, bearer(endUser))).body.errors[0].problem).toBe(
      'the access token is not recognised',
    );
  });
});

describe('which token a journey takes on its interactions', () => {
  it('refuses an end-user token on a journey that takes the API client, and takes either when the journey says so', async () => {
    const h = harness();
    const customerOnly = await h.startV2(IDS.dataCheckV2);
    const endUser = await bootstrap(h, customerOnly);
    const refused = await h.v2('interaction/fetch', { instanceId: customerOnly }, bearer(endUser));
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].problem).toContain('not an end-user token');

    const either = parseJourney({ ...(await journeyFile('device-selfie')), interactionAuth: 'customer-or-end-user' });
    const e = harness({ journeys: [either] });
    const instanceId = await e.startV2(IDS.deviceSelfieV2);
    expect((await e.v2('interaction/fetch', { instanceId })).status).toBe(200);
    expect((await e.v2('interaction/fetch', { instanceId }, bearer(await bootstrap(e, instanceId)))).status).toBe(200);
  });
});
