import type { Simulator } from '@journey-bridge/simulator';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  clientCredentials,
  idAuth,
  PermissionDeniedError,
  password,
  staticToken,
  TokenEndpointError,
  tokenFunction,
} from '../src/index.js';
import { countRequests, DEMO_CREDENTIALS, simulator, startDataCheck, v2Client } from './simulator.js';

const TOKEN = '*/as/token.oauth2';
const ID_AUTH = '*/authenticate/v1/connect/token';
const STATE = '*/journey/state/fetch';
const ID_TOKEN_SECRET = new TextEncoder().encode('journey-sim-id-token-secret');

async function startedJourney(sim: Simulator) {
  const { instanceId } = await startDataCheck(v2Client(sim));
  sim.core.journal.clear();
  return instanceId;
}

const signIdToken = (sim: Simulator, { expiresInSeconds = 600, secret = ID_TOKEN_SECRET } = {}) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-42')
    .setExpirationTime(Math.floor(sim.core.clock.now() / 1000) + expiresInSeconds)
    .sign(secret);

describe('token cache', () => {
  it('100 concurrent calls with an expired token → exactly 1 token request', async () => {
    const sim = await simulator({ tokenExpiresIn: 300 });
    const instanceId = await startedJourney(sim);
    const client = v2Client(sim);
    await client.fetchState({ instanceId });
    expect(countRequests(sim, TOKEN)).toBe(1);

    sim.core.clock.advance(301_000);
    const states = await Promise.all(Array.from({ length: 100 }, () => client.fetchState({ instanceId })));

    expect(states).toHaveLength(100);
    expect(countRequests(sim, TOKEN)).toBe(2);
    expect(countRequests(sim, STATE, 401)).toBe(0);
  });

  it('100 concurrent calls whose token the API refuses (401) → 1 refresh, every call replayed once', async () => {
    const sim = await simulator();
    const instanceId = await startedJourney(sim);
    // The client's clock stands still, so only the API can tell it the token is dead.
    const client = v2Client(sim, { now: () => 0 });
    await client.fetchState({ instanceId });
    sim.core.tokens.revoke();

    await Promise.all(Array.from({ length: 100 }, () => client.fetchState({ instanceId })));

    expect(countRequests(sim, TOKEN)).toBe(2);
    expect(countRequests(sim, STATE, 401)).toBe(100);
    expect(countRequests(sim, STATE, 200)).toBe(101);
  });

  it('401 twice → AuthenticationError after exactly one refresh', async () => {
    const sim = await simulator();
    const instanceId = await startedJourney(sim);
    const client = v2Client(sim);
    sim.core.faults.add({ path: STATE, status: 401, count: 2 });

    const error = (await client.fetchState({ instanceId }).catch((caught) => caught)) as AuthenticationError;

    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.status).toBe(401);
    expect(countRequests(sim, TOKEN)).toBe(2);
    expect(countRequests(sim, STATE)).toBe(2);
  });

  it('401 once → refreshed and replayed, without spending the retry budget', async () => {
    const sim = await simulator();
    const instanceId = await startedJourney(sim);
    const client = v2Client(sim, { retry: { limit: 0 } });
    sim.core.faults.add({ path: STATE, status: 401, count: 1 });

    await expect(client.fetchState({ instanceId })).resolves.toMatchObject({ instanceId });
    expect(countRequests(sim, TOKEN)).toBe(2);
    expect(sim.core.journal.list({ path: STATE }).map((entry) => entry.status)).toEqual([401, 200]);
  });

  it('refreshes ahead of expiry, counting the skew from when the token request was sent', async () => {
    const sim = await simulator({ tokenExpiresIn: 300 });
    const instanceId = await startedJourney(sim);
    // The token endpoint takes 100 s (virtual) to answer: the token was issued at send time.
    const slowTokens: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const response = await sim.fetch(input, init);
      if (url.endsWith('/as/token.oauth2')) sim.core.clock.advance(100_000);
      return response;
    };
    const client = v2Client(sim, { fetch: slowTokens, auth: clientCredentials({ ...DEMO_CREDENTIALS, refreshSkewMs: 60_000 }) });
    await client.fetchState({ instanceId });

    // 250 s after sending: inside the skew of a send-based expiry (240 s), outside a receipt-based one (340 s).
    sim.core.clock.advance(150_000);
    await client.fetchState({ instanceId });

    expect(countRequests(sim, TOKEN)).toBe(2);
    expect(countRequests(sim, STATE, 401)).toBe(0);
  });

  it('a failed refresh reaches every waiter, from one token request', async () => {
    const sim = await simulator();
    const instanceId = await startedJourney(sim);
    const client = v2Client(sim);
    sim.core.faults.add({ path: TOKEN, status: 400, count: 1 });

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => client.fetchState({ instanceId })));

    expect(results.every((result) => result.status === 'rejected' && result.reason instanceof TokenEndpointError)).toBe(true);
    expect(countRequests(sim, TOKEN)).toBe(1);
    expect(countRequests(sim, STATE)).toBe(0);
    // The next call tries again rather than caching the failure.
    await expect(client.fetchState({ instanceId })).resolves.toMatchObject({ instanceId });
  });

  it('retries a token endpoint 503 like any read', async () => {
    const sim = await simulator();
    const instanceId = await startedJourney(sim);
    sim.core.faults.add({ path: TOKEN, status: 503, retryAfter: 0, count: 1 });

    await v2Client(sim).fetchState({ instanceId });

    expect(sim.core.journal.list({ path: TOKEN }).map((entry) => entry.status)).toEqual([503, 200]);
  });
});

describe('auth modes', () => {
  it('client credentials: scope defaults to svc.token and is configurable', async () => {
    const sim = await simulator();
    const instanceId = await startedJourney(sim);
    await v2Client(sim, { auth: clientCredentials({ ...DEMO_CREDENTIALS, scope: 'gbg.token' }) }).fetchState({ instanceId });
    const error = await v2Client(sim, { auth: clientCredentials({ ...DEMO_CREDENTIALS, scope: 'bogus' }) })
      .fetchState({ instanceId })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(TokenEndpointError);
    expect(error).toMatchObject({ status: 400, error: 'invalid_scope' });
  });

  it('client credentials: a wrong secret is a TokenEndpointError (invalid_client), never retried', async () => {
    const sim = await simulator();
    const client = v2Client(sim, { auth: clientCredentials({ clientId: 'demo-client', clientSecret: 'wrong' }) });

    const error = (await startDataCheck(client).catch((caught) => caught)) as TokenEndpointError;

    expect(error).toBeInstanceOf(TokenEndpointError);
    expect(error).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(error.message).toMatch(/^token endpoint: 401 invalid_client: .+ \[request [\w-]+\]$/);
    expect(error.message).not.toContain('wrong');
    expect(countRequests(sim, TOKEN)).toBe(1);
  });

  it('a client without start permission gets PermissionDeniedError, not retried', async () => {
    const sim = await simulator();
    const client = v2Client(sim, { auth: clientCredentials({ clientId: 'read-only-client', clientSecret: 'read-only-secret' }) });

    await expect(startDataCheck(client)).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(countRequests(sim, '*/journey/start')).toBe(1);
  });

  it('password grant', async () => {
    const sim = await simulator();
    const auth = password({ clientId: 'demo-client', username: 'demo-user', password: 'demo-password' });

    await startDataCheck(v2Client(sim, { auth }));

    expect(sim.core.journal.list({ path: TOKEN }).map((entry) => entry.grantType)).toEqual(['password']);
    const refused = await startDataCheck(
      v2Client(sim, { auth: password({ clientId: 'demo-client', username: 'demo-user', password: 'nope' }) }),
    ).catch((caught) => caught);
    expect(refused).toBeInstanceOf(TokenEndpointError);
    expect(refused).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('id_auth exchanges a signed id_token (a function is asked again on refresh)', async () => {
    const sim = await simulator();
    let asked = 0;
    const client = v2Client(sim, {
      auth: idAuth({
        idToken: () => {
          asked += 1;
          return signIdToken(sim);
        },
      }),
    });
    const { instanceId } = await startDataCheck(client);
    sim.core.tokens.revoke();
    await client.fetchState({ instanceId });

    expect(sim.core.journal.list({ path: ID_AUTH }).map((entry) => [entry.status, entry.grantType])).toEqual([
      [200, 'id_auth'],
      [200, 'id_auth'],
    ]);
    expect(asked).toBe(2);
  });

  it.each([
    ['expired', { expiresInSeconds: -60 }, 'id_token has expired'],
    ['badly signed', { secret: new TextEncoder().encode('not-the-provider-secret') }, 'id_token signature is not valid'],
  ])('id_auth rejects an %s id_token with TokenEndpointError', async (_name, claims, description) => {
    const sim = await simulator();
    const client = v2Client(sim, { auth: idAuth({ idToken: await signIdToken(sim, claims) }) });

    const error = (await startDataCheck(client).catch((caught) => caught)) as TokenEndpointError;

    expect(error).toBeInstanceOf(TokenEndpointError);
    expect(error).toMatchObject({ status: 400, error: 'invalid_grant', errorDescription: description });
    expect(countRequests(sim, '*/journey/start')).toBe(0);
  });

  it('static token: used as given; a 401 is raised at once (a replay could only fail again)', async () => {
    const sim = await simulator();
    const client = v2Client(sim, { auth: staticToken(sim.issueToken()) });
    const { instanceId } = await startDataCheck(client);
    sim.core.tokens.revoke();

    await expect(client.fetchState({ instanceId })).rejects.toBeInstanceOf(AuthenticationError);
    expect(countRequests(sim, STATE)).toBe(1);
    expect(countRequests(sim, TOKEN)).toBe(0);
  });

  it('token function: called once while its token lasts, again after a 401', async () => {
    const sim = await simulator();
    let calls = 0;
    const client = v2Client(sim, {
      auth: tokenFunction(() => {
        calls += 1;
        return { accessToken: sim.issueToken(), expiresInSeconds: 3600 };
      }),
    });
    const { instanceId } = await startDataCheck(client);
    await client.fetchState({ instanceId });
    expect(calls).toBe(1);

    sim.core.tokens.revoke();
    await client.fetchState({ instanceId });
    expect(calls).toBe(2);
  });
});
