import { randomBytes } from 'node:crypto';
import type { Simulator } from '@journey-bridge/simulator';
import { SignJWT } from 'jose';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createDispatcher, idAuth, type Logger, password } from '../src/index.js';
import { loopbackV2Client, simulator, v2Client } from './simulator.js';

const FIRST_NAME = 'Zephyrine';
const LAST_NAME = 'Quillfeather';
const DATE_OF_BIRTH = '1979-04-23';
const SSN = '123-45-6789';
const FRONT = randomBytes(600).toString('base64');
const SELFIE = randomBytes(600).toString('base64');

/** Captures every line, message and fields, as one string each. */
function capture() {
  const lines: string[] = [];
  const record = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  };
  const logger: Logger = { error: record('error'), warn: record('warn'), info: record('info'), debug: record('debug') };
  return { lines, logger };
}

/** Wraps the simulator's fetch to note every bearer token the client sends. */
function tokenSpy(sim: Simulator, tokens: Set<string>): typeof fetch {
  return (input, init) => {
    const authorization = new Headers(input instanceof Request ? input.headers : init?.headers).get('authorization');
    if (authorization) tokens.add(authorization.replace(/^Bearer /, ''));
    return sim.fetch(input, init);
  };
}

describe('logging', () => {
  it('logs one redacted line per attempt over full journeys at debug level', async () => {
    const sim = await simulator();
    const { lines, logger } = capture();
    const tokens = new Set<string>();
    const idToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-7')
      .setExpirationTime(Math.floor(sim.core.clock.now() / 1000) + 600)
      .sign(new TextEncoder().encode('journey-sim-id-token-secret'));
    const common = { logger, logLevel: 'debug' as const, fetch: tokenSpy(sim, tokens) };

    // Document and selfie, with images, on client credentials; a transient 503 on the way.
    const docs = v2Client(sim, common);
    sim.core.faults.add({ path: '*/journey/interaction/fetch', status: 503, retryAfter: 0, count: 1 });
    const { instanceId } = await docs.startJourney({
      resourceId: 'd4a0f6c3doc-selfie-v2@latest',
      context: { config: { delivery: 'api' }, subject: {} },
    });
    const first = await docs.fetchInteraction({ instanceId });
    await docs.submitInteraction({
      instanceId,
      interactionId: first.interactionId ?? '',
      participants: [{ domainElementId: 'PrimaryDocument' }, { domainElementId: 'FullName' }],
      context: {
        subject: {
          identity: { firstName: FIRST_NAME, lastNames: [LAST_NAME] },
          documents: [{ type: 'Primary', side1Image: FRONT, side2Image: '' }],
        },
      },
    });
    const second = await docs.waitForInteraction(instanceId, { intervalMs: 1, onProgress: () => sim.core.clock.advance(1000) });
    await docs.submitInteraction({
      instanceId,
      interactionId: second.interactionId ?? '',
      participants: [{ domainElementId: 'Selfie' }],
      context: { subject: { biometrics: [{ selfieImage: SELFIE }] } },
    });
    await docs.waitForResult(instanceId, { intervalMs: 1, onProgress: () => sim.core.clock.advance(1000) });

    // Fraud screening with an SSN, on the legacy id_token exchange; a refused token on the way.
    const fraud = v2Client(sim, { ...common, baseUrl: 'http://sim.test/us/v2/captain/', auth: idAuth({ idToken }) });
    const screened = await fraud.startJourney({
      resourceId: 'f6c2b8e5fraud-screen-v2@latest',
      context: {
        config: { delivery: 'api' },
        subject: {
          identity: {
            firstName: FIRST_NAME,
            lastNames: [LAST_NAME],
            dateOfBirth: DATE_OF_BIRTH,
            idNumbers: [{ idNumber: SSN, type: 'ssn' }],
          },
        },
      },
    });
    sim.core.tokens.revoke();
    await fraud.waitForResult(screened.instanceId, { intervalMs: 1, onProgress: () => sim.core.clock.advance(1000) });

    // And the password grant.
    const byPassword = v2Client(sim, {
      ...common,
      auth: password({ clientId: 'demo-client', username: 'demo-user', password: 'demo-password' }),
    });
    await byPassword.fetchState({ instanceId });

    const log = lines.join('\n');
    const attemptLines = lines.filter((line) => line.includes('"attempt":'));
    expect(attemptLines).toHaveLength(sim.core.journal.count());
    for (const line of attemptLines)
      expect(line).toMatch(/"method":"POST","path":"[\w/.]+","status":\d+,"durationMs":[\d.]+,"attempt":\d,"requestId":"[\w-]+"/);
    expect(log).toContain('"status":503');
    expect(log).toContain('"status":401');
    expect(tokens.size).toBeGreaterThanOrEqual(3);
    const forbidden = [
      ...tokens,
      idToken,
      'demo-secret',
      'demo-password',
      FRONT,
      FRONT.slice(0, 40),
      SELFIE.slice(100, 140),
      SSN,
      '123456789',
      FIRST_NAME,
      LAST_NAME,
      DATE_OF_BIRTH,
    ];
    for (const secret of forbidden) expect(log).not.toContain(secret);
    expect(log.toLowerCase()).not.toContain('bearer ');
  });

  it('is silent by default, even with a logger', async () => {
    const sim = await simulator();
    const { lines, logger } = capture();
    sim.core.faults.add({ path: '*/journey/start', status: 503, retryAfter: 0, count: 1 });

    await v2Client(sim, { logger }).startJourney({
      resourceId: 'b2e8d4a1data-check-v2@latest',
      context: { config: { delivery: 'api' }, subject: {} },
    });

    expect(lines).toEqual([]);
  });

  it('at warn, logs failed attempts only, without bodies', async () => {
    const sim = await simulator();
    const { lines, logger } = capture();
    sim.core.faults.add({ path: '*/journey/start', status: 503, retryAfter: 0, count: 1 });

    await v2Client(sim, { logger, logLevel: 'warn' }).startJourney({
      resourceId: 'b2e8d4a1data-check-v2@latest',
      context: { config: { delivery: 'api' }, subject: { identity: { firstName: FIRST_NAME, lastNames: [LAST_NAME] } } },
    });

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn POST journey\/start 503 [\d.]+ms attempt 1 \[request [\w-]+\]/);
    expect(lines[0]).not.toContain('"request"');
  });

  it('names a failed attempt by the error the call raises, not by the transport’s TypeError', async () => {
    const sim = await simulator();
    const { lines, logger } = capture();
    const dispatcher = createDispatcher({ maxResponseBytes: 50 });
    onTestFinished(() => dispatcher.destroy());
    const client = await loopbackV2Client(sim, { logger, logLevel: 'warn', dispatcher });

    await expect(client.fetchState({ instanceId: 'x' })).rejects.toMatchObject({ name: 'TokenEndpointError' });

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn POST as\/token\.oauth2 ResponseTooLargeError [\d.]+ms attempt 1 \[request [\w-]+\]/);
  });
});
