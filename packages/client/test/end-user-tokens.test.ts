import type { Simulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, clientCredentials, createJourneyClient, type InteractionAuth, type JourneyClient } from '../src/index.js';
import { DATA_CHECK_V2, DEMO_CREDENTIALS, simulator, V2_BASE, v2Client } from './simulator.js';

/** A tenant whose interaction endpoints refuse the customer token (the bundled device-selfie journey). */
const DEVICE_SELFIE_V2 = 'f2b6d8e0device-selfie-v2@latest';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const DOCUMENT = { documents: [{ type: 'Primary', side1Image: b64('front of the document'), side2Image: '' }] };
const SELFIE = { biometrics: [{ selfieImage: b64('a face') }] };

const bootstraps = (sim: Simulator, instanceId: string) => sim.core.journal.count({ path: '*/journey/device/start', instanceId });

async function started(sim: Simulator, interactionAuth: InteractionAuth): Promise<{ client: JourneyClient; instanceId: string }> {
  const client = v2Client(sim, { interactionAuth });
  const { instanceId } = await client.startJourney({ resourceId: DEVICE_SELFIE_V2, context: { config: { delivery: 'api' }, subject: {} } });
  return { client, instanceId };
}

/** Submits what each interaction asks for, the way `outstanding` names it, until the journey ends. */
async function complete(sim: Simulator, client: JourneyClient, instanceId: string): Promise<string | undefined> {
  for (const [subject, ms] of [
    [DOCUMENT, 1800],
    [SELFIE, 1200],
  ] as const) {
    const interaction = await client.fetchInteraction({ instanceId });
    const wanted = interaction.outstanding.filter((ref) => !ref.startsWith('FullName'));
    await client.submitInteraction({
      instanceId,
      interactionId: interaction.interactionId ?? '',
      participants: wanted.filter((ref) => ref !== 'PrimaryDocument/side2Image').map((domainElementId) => ({ domainElementId }) as never),
      context: { subject },
    });
    sim.core.clock.advance(ms);
  }
  const state = await client.fetchState({ instanceId });
  return state.context?.result?.advice.decision as string | undefined;
}

describe('end-user tokens for tenants that need them', () => {
  it('customer: the interaction endpoints refuse the customer token with 401', async () => {
    const sim = await simulator();
    const { client, instanceId } = await started(sim, 'customer');
    await expect(client.fetchInteraction({ instanceId })).rejects.toBeInstanceOf(AuthenticationError);
    expect(bootstraps(sim, instanceId)).toBe(0);
  });

  it.each(['end-user', 'auto'] as const)('%s: completes the journey with one bootstrap for the instance', async (mode) => {
    const sim = await simulator();
    const { client, instanceId } = await started(sim, mode);
    expect(await complete(sim, client, instanceId)).toBe('Accept');
    expect(bootstraps(sim, instanceId)).toBe(1);
    // `auto` met the refusal of the customer token (once as it was, once fresh: a 401 may mean an expired
    // token), then used the end-user token for every call.
    const refused = sim.core.journal.list({ path: '*/journey/interaction/*', instanceId }).filter((entry) => entry.status === 401);
    expect(refused).toHaveLength(mode === 'auto' ? 2 : 0);
  });

  it('bootstraps once per instance however many calls wait for the token', async () => {
    const sim = await simulator();
    const { client, instanceId } = await started(sim, 'end-user');
    const other = await started(sim, 'end-user');
    await Promise.all([
      ...Array.from({ length: 50 }, () => client.fetchInteraction({ instanceId })),
      ...Array.from({ length: 5 }, () => client.fetchInteraction({ instanceId: other.instanceId })),
    ]);
    expect(bootstraps(sim, instanceId)).toBe(1);
    // The second client keeps tokens of its own.
    expect(bootstraps(sim, other.instanceId)).toBe(1);
  });

  it('replaces an expired end-user token once, and keeps using the new one', async () => {
    const sim = await simulator();
    // The client's own clock stands still: only the platform sees the token expire.
    const client = v2Client(sim, { interactionAuth: 'end-user', now: () => 0 });
    const { instanceId } = await client.startJourney({
      resourceId: DEVICE_SELFIE_V2,
      context: { config: { delivery: 'api' }, subject: {} },
    });
    await client.fetchInteraction({ instanceId });
    sim.core.clock.advance(25 * 60 * 60 * 1000);
    await client.fetchInteraction({ instanceId });
    await client.fetchInteraction({ instanceId });
    expect(bootstraps(sim, instanceId)).toBe(2);
  });

  it('never loops when every end-user token is refused: one replacement, then the 401', async () => {
    const sim = await simulator();
    const { client, instanceId } = await started(sim, 'end-user');
    sim.core.faults.add({ path: '*/journey/interaction/fetch', status: 401 });
    await expect(client.fetchInteraction({ instanceId })).rejects.toBeInstanceOf(AuthenticationError);
    expect(bootstraps(sim, instanceId)).toBe(2);
    // A fault answers before the body is read, so the journal has no instance for these two.
    expect(sim.core.journal.count({ path: '*/journey/interaction/fetch', status: 401 })).toBe(2);
  });

  it('proves a caller’s token again after a minute: a revoked one stops working as the end user too', async () => {
    const sim = await simulator();
    let now = 0;
    const client = createJourneyClient({
      baseUrl: V2_BASE,
      auth: clientCredentials(DEMO_CREDENTIALS),
      fetch: sim.fetch,
      interactionAuth: 'auto',
      now: () => now,
    });
    const token = sim.issueToken();
    const { instanceId } = await client.startJourney(
      { resourceId: DEVICE_SELFIE_V2, context: { config: { delivery: 'api' }, subject: {} } },
      { token },
    );
    await client.fetchInteraction({ instanceId }, { token });
    sim.core.tokens.revoke(token);
    // Within the minute the end-user token still serves; past it, the bootstrap asks with the revoked token.
    now += 60_000;
    await expect(client.fetchInteraction({ instanceId }, { token })).rejects.toBeInstanceOf(AuthenticationError);
    // The second bootstrap was refused at the token, before its body named the instance.
    expect(sim.core.journal.count({ path: '*/journey/device/start', status: 401 })).toBe(1);
  });

  it('auto: a caller’s bad token is answered with the first refusal, its request id, when the bootstrap refuses it too', async () => {
    const sim = await simulator();
    const client = createJourneyClient({
      baseUrl: V2_BASE,
      auth: clientCredentials(DEMO_CREDENTIALS),
      fetch: sim.fetch,
      interactionAuth: 'auto',
    });
    const { instanceId } = await client.startJourney(
      { resourceId: DATA_CHECK_V2, context: { config: { delivery: 'api' }, subject: {} } },
      { token: sim.issueToken() },
    );
    const refusal = await client
      .fetchInteraction({ instanceId }, { token: 'expired', requestId: 'mine-1' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AuthenticationError);
    expect((refusal as AuthenticationError).requestId).toBe('mine-1');
    expect(sim.core.journal.count({ path: '*/journey/device/start' })).toBe(1);
  });

  it('holds the oldest tokens out once maxEndUserTokens is reached', async () => {
    const sim = await simulator();
    const client = v2Client(sim, { interactionAuth: 'end-user', maxEndUserTokens: 1 });
    const start = async () =>
      (await client.startJourney({ resourceId: DEVICE_SELFIE_V2, context: { config: { delivery: 'api' }, subject: {} } })).instanceId;
    const [first, second] = [await start(), await start()];
    await client.fetchInteraction({ instanceId: first });
    await client.fetchInteraction({ instanceId: second });
    await client.fetchInteraction({ instanceId: first });
    expect([bootstraps(sim, first), bootstraps(sim, second)]).toEqual([2, 1]);
  });
});
