import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { harness, IDS } from './harness.js';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const CLIENT = { grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret', scope: 'svc.token' };

async function idToken({ secret = 'journey-sim-id-token-secret', expiresAt = Math.floor(Date.now() / 1000) + 300 } = {}) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-42')
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

describe('tokens', () => {
  it('issues a bearer token for client credentials that opens the journey endpoints', async () => {
    const h = harness();
    const reply = await h.send('/as/token.oauth2', form(CLIENT));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ access_token: expect.stringMatching(/^sim_/), token_type: 'Bearer', expires_in: 3600 });
    const start = await h.v2(
      'start',
      { resourceId: IDS.dataCheckV2, context: { config: { delivery: 'api' }, subject: {} } },
      {
        authorization: `Bearer ${reply.body.access_token}`,
      },
    );
    expect(start.status).toBe(201);
  });

  it('accepts the vendor scope too, and refuses others', async () => {
    const h = harness();
    expect((await h.send('/as/token.oauth2', form({ ...CLIENT, scope: 'gbg.token' }))).status).toBe(200);
    const other = await h.send('/as/token.oauth2', form({ ...CLIENT, scope: 'admin' }));
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('invalid_scope');
  });

  it('refuses a wrong secret with 401 invalid_client, without repeating it', async () => {
    const h = harness();
    const reply = await h.send('/as/token.oauth2', form({ ...CLIENT, client_secret: 'guess-123' }));
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ error: 'invalid_client', error_description: 'client authentication failed' });
  });

  it('supports the password grant as an option', async () => {
    const h = harness();
    const grant = { grant_type: 'password', client_id: 'demo-client', username: 'demo-user', password: 'demo-password' };
    expect((await h.send('/as/token.oauth2', form(grant))).status).toBe(200);
    const wrong = await h.send('/as/token.oauth2', form({ ...grant, password: 'nope' }));
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(JSON.stringify(wrong.body)).not.toContain('nope');
  });

  it('takes an empty scope (`scope=`, a blank form field) as none asked for', async () => {
    const h = harness();
    const bodies: Record<string, string>[] = [
      { grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret', scope: '' },
      { grant_type: 'password', username: 'demo-user', password: 'demo-password', scope: '' },
    ];
    for (const body of bodies) {
      expect(await h.send('/as/token.oauth2', form(body))).toMatchObject({ status: 200, body: { token_type: 'Bearer' } });
    }
  });

  it('grants the password grant as a production caller sends it (no client_id, scope=openid) by default', async () => {
    const caller = { grant_type: 'password', username: 'demo-user', password: 'demo-password', scope: 'openid' };
    const unconfigured = await harness({ scopes: ['svc.token'] }).send('/as/token.oauth2', form(caller));
    expect(unconfigured).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });

    const h = harness();
    const granted = await h.send('/as/token.oauth2', form(caller));
    expect(granted).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 3600 } });
    const start = await h.v1(
      'start',
      { resourceId: IDS.dataCheckV1, context: { config: { async: true }, subject: {} } },
      { authorization: `Bearer ${granted.body.access_token}` },
    );
    expect(start.status).toBe(201);
    expect(h.journal.list({ path: '/as/token.oauth2', status: 200 }).map((entry) => entry.grantType)).toEqual(['password']);

    const wrong = await h.send('/as/token.oauth2', form({ ...caller, password: 'demo-passw0rd' }));
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(JSON.stringify(wrong.body)).not.toContain('demo-passw0rd');
    // A secret without the client it belongs to authenticates nobody.
    const secretAlone = await h.send('/as/token.oauth2', form({ ...caller, client_secret: 'demo-secret' }));
    expect(secretAlone).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    // With client_id, only that client's users count.
    const otherClient = await h.send('/as/token.oauth2', form({ ...caller, client_id: 'read-only-client' }));
    expect(otherClient).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('answers the Keycloak token path as /as/token.oauth2, errors included', async () => {
    const h = harness({ scopes: ['openid'] });
    const path = '/auth/realms/go/protocol/openid-connect/token';
    const granted = await h.send(path, form({ grant_type: 'password', username: 'demo-user', password: 'demo-password', scope: 'openid' }));
    expect(granted).toMatchObject({ status: 200, body: { access_token: expect.stringMatching(/^sim_/), token_type: 'Bearer' } });
    const start = await h.v2(
      'start',
      { resourceId: IDS.dataCheckV2, context: { config: { delivery: 'api' }, subject: {} } },
      { authorization: `Bearer ${granted.body.access_token}` },
    );
    expect(start.status).toBe(201);
    const refused = await h.send(path, form({ ...CLIENT, scope: 'openid', client_secret: 'nope-1234' }));
    expect(refused).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } });
    expect(h.journal.count({ path, status: 200 })).toBe(1);
  });

  it('takes a space-separated scope list when every scope in it is configured', async () => {
    const h = harness({ scopes: ['openid', 'svc.token'] });
    expect((await h.send('/as/token.oauth2', form({ ...CLIENT, scope: 'openid svc.token' }))).status).toBe(200);
    const partly = await h.send('/as/token.oauth2', form({ ...CLIENT, scope: 'openid admin' }));
    expect(partly).toMatchObject({
      status: 400,
      body: { error: 'invalid_scope', error_description: 'scope must be one of openid, svc.token' },
    });
  });

  it('refuses unsupported grants, missing fields and JSON bodies', async () => {
    const h = harness();
    expect((await h.send('/as/token.oauth2', form({ grant_type: 'implicit' }))).body.error).toBe('unsupported_grant_type');
    const missing = await h.send('/as/token.oauth2', form({ grant_type: 'client_credentials', client_id: 'demo-client' }));
    expect(missing).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', error_description: expect.stringContaining('client_secret') },
    });
    const json = await h.send('/as/token.oauth2', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CLIENT),
    });
    expect(json.status).toBe(415);
  });

  it('authenticates the client by HTTP Basic as OAuth servers do, once per request, and ignores parameters it does not know', async () => {
    const h = harness();
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const byHeader = (authorization: string, fields: Record<string, string>) =>
      h.send('/as/token.oauth2', { ...form(fields), headers: { ...form(fields).headers, authorization } });
    const taken = await byHeader(basic('demo-client', 'demo-secret'), { grant_type: 'client_credentials', scope: 'svc.token' });
    expect(taken.status).toBe(200);
    expect(taken.body.access_token).toMatch(/^sim_/);
    expect((await byHeader(basic('demo-client', 'wrong'), { grant_type: 'client_credentials' })).status).toBe(401);
    const twice = await byHeader(basic('demo-client', 'demo-secret'), CLIENT);
    expect(twice).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    // RFC 6749 §3.2: parameters the server does not know are ignored.
    expect((await h.send('/as/token.oauth2', form({ ...CLIENT, audience: 'api', extra: '1' }))).status).toBe(200);
  });

  it('refuses a parameter sent twice with invalid_request (RFC 6749 §3.2), on every token path', async () => {
    const h = harness();
    const twice = (extra: string) => ({ ...form(CLIENT), body: `${new URLSearchParams(CLIENT).toString()}&${extra}` });
    for (const path of ['/as/token.oauth2', '/auth/realms/go/protocol/openid-connect/token']) {
      const client = await h.send(path, twice('client_id=read-only-client'));
      expect(client).toMatchObject({
        status: 400,
        body: { error: 'invalid_request', error_description: 'client_id is sent more than once' },
      });
      const grant = await h.send(path, twice('grant_type=password'));
      expect(grant).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    }
    const legacy = await h.send('/authenticate/v1/connect/token', {
      ...form({}),
      body: `client_id=ro.client&grant_type=id_auth&client_secret=secret&id_token=${await idToken()}&id_token=x`,
    });
    expect(legacy).toMatchObject({ status: 400, body: { error: 'invalid_request', error_description: 'id_token is sent more than once' } });
    expect(h.journal.count({ status: 200 })).toBe(0);
  });

  it('refuses on the legacy endpoint a scope it does not grant, as on /as/token.oauth2', async () => {
    const h = harness();
    const exchange = async (scope: string) =>
      h.send(
        '/authenticate/v1/connect/token',
        form({ client_id: 'ro.client', grant_type: 'id_auth', client_secret: 'secret', id_token: await idToken(), scope }),
      );
    expect(await exchange('bogus')).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    expect((await exchange('svc.token')).status).toBe(200);
  });

  it('exchanges a valid id_token on the legacy endpoint and refuses malformed, expired or wrongly signed ones', async () => {
    const h = harness();
    const exchange = async (token: string) =>
      h.send(
        '/authenticate/v1/connect/token',
        form({ client_id: 'ro.client', grant_type: 'id_auth', client_secret: 'secret', id_token: token }),
      );
    const ok = await exchange(await idToken());
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const expired = await exchange(await idToken({ expiresAt: Math.floor(Date.now() / 1000) - 10 }));
    expect(expired.body).toEqual({ error: 'invalid_grant', error_description: 'id_token has expired' });
    const forged = await exchange(await idToken({ secret: 'someone-else' }));
    expect(forged.body).toEqual({ error: 'invalid_grant', error_description: 'id_token signature is not valid' });
    const garbage = await exchange('not-a-jwt');
    expect(garbage.body).toEqual({ error: 'invalid_grant', error_description: 'id_token is not a well-formed signed JWT' });
    const wrongClient = await h.send(
      '/authenticate/v1/connect/token',
      form({ client_id: 'someone', grant_type: 'id_auth', client_secret: 'secret', id_token: await idToken() }),
    );
    expect(wrongClient).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', error_description: expect.stringContaining('client_id') },
    });
  });

  it('expires tokens after expires_in on the simulator clock', async () => {
    const h = harness({ tokenExpiresIn: 300 });
    const { access_token, expires_in } = (await h.send('/as/token.oauth2', form(CLIENT))).body;
    expect(expires_in).toBe(300);
    const auth = { authorization: `Bearer ${access_token}` };
    expect((await h.v2('state/fetch', { instanceId: 'a'.repeat(32) }, auth)).status).toBe(404);
    h.clock.advance(300_000);
    const expired = await h.v2('state/fetch', { instanceId: 'a'.repeat(32) }, auth);
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0]).toMatchObject({ code: '4010', location: 'Authorization', problem: 'the access token has expired' });
  });

  it('answers 401 for revoked, unknown or malformed tokens and 403 without the permission', async () => {
    const h = harness();
    const body = { resourceId: IDS.dataCheckV2, context: { config: { delivery: 'api' }, subject: {} } };
    const problem = async (authorization: string) => {
      const reply = await h.v2('start', body, { authorization });
      expect(reply.status).toBe(401);
      return reply.body.errors[0].problem;
    };
    expect(await problem('Bearer nope')).toBe('the access token is not recognised');
    expect(await problem('Basic abc')).toBe('the Authorization header must be "Bearer <access token>"');
    await h.send('/__sim/tokens/revoke', { method: 'POST' });
    expect(await problem(`Bearer ${h.token}`)).toBe('the access token has been revoked');
    const readOnly = h.sim.issueToken('read-only-client');
    const forbidden = await h.v2('start', body, { authorization: `Bearer ${readOnly}` });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errors[0]).toMatchObject({ code: '4030', name: 'FORBIDDEN', location: 'Authorization' });
  });
});
