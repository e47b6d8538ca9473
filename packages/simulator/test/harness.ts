import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  bundledJourneysDir,
  type ClockOptions,
  createSimulator,
  type JourneyDefinition,
  loadJourneys,
  type Simulator,
} from '../src/index.js';

export const JOURNEYS_DIR = bundledJourneysDir;
const journeys = await loadJourneys(JOURNEYS_DIR);

/** Published ids of the fixture journeys. */
export const IDS = {
  dataCheckV2: 'b2e8d4a1data-check-v2@latest',
  dataCheckV1: 'a1d7c3f0data-check-v1@latest',
  docSelfieV2: 'd4a0f6c3doc-selfie-v2@latest',
  docSelfieV1: 'c3f9e5b2doc-selfie-v1@latest',
  fraudV2: 'f6c2b8e5fraud-screen-v2@latest',
  fraudV1: 'e5b1a7d4fraud-screen-v1@latest',
  accountOpeningV1: 'a7c1e3f5account-opening-v1@latest',
  accountOpeningV2: 'b8d2f4a6account-opening-v2@latest',
  dualSourceV1: 'c9e3a5b7dual-source-v1@latest',
  deviceSelfieV2: 'f2b6d8e0device-selfie-v2@latest',
  onboardingV2: 'b4d6f8a0onboarding-v2@latest',
  onboardingV1: 'a3c5e7f9onboarding-v1@latest',
} as const;

/** The bundled journey `id`, as its file says it (for a variant built with `parseJourney`). */
export async function journeyFile(id: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(JOURNEYS_DIR, `${id}.json`), 'utf8'));
}

export const b64 = (text: string): string => Buffer.from(text).toString('base64');

export const SUBJECTS = {
  fullName: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } },
  dateOfBirth: { identity: { dateOfBirth: '1990-12-10' } },
  person: { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } },
  document: { documents: [{ type: 'Primary', side1Image: b64('front-of-passport'), side2Image: '' }] },
  selfie: { biometrics: [{ selfieImage: b64('a-selfie') }] },
} as const;

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A simulator with a manual clock and a token for the demo client, plus typed request helpers. */
export function harness(
  options: {
    clock?: ClockOptions;
    seed?: number;
    tokenExpiresIn?: number;
    scopes?: string[];
    bodyLimitBytes?: number;
    /** @default the bundled journeys */
    journeys?: readonly JourneyDefinition[];
  } = {},
) {
  const sim: Simulator = createSimulator({ journeys, clock: options.clock ?? { manual: true }, ...options });
  const token = sim.issueToken();

  async function send(path: string, init: RequestInit = {}): Promise<Reply> {
    const response = await sim.fetch(`http://sim.test${path}`, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: response.status, body, headers: response.headers };
  }

  /** POSTs JSON with the demo token (override with `headers`). */
  function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return send(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  const v2 = (path: string, body: unknown, headers?: Record<string, string>) => post(`/eu/v2/captain/journey/${path}`, body, headers);
  const v1 = (path: string, body: unknown, headers?: Record<string, string>) => post(`/eu/captain/api/journey/${path}`, body, headers);

  async function startV2(resourceId: string = IDS.dataCheckV2, subject: object = {}, delivery = 'api', region = 'eu') {
    const reply = await post(`/${region}/v2/captain/journey/start`, { resourceId, context: { config: { delivery }, subject } });
    if (reply.status !== 201) throw new Error(`start failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.instanceId as string;
  }

  async function interaction(instanceId: string, region = 'eu') {
    return (await post(`/${region}/v2/captain/journey/interaction/fetch`, { instanceId })).body;
  }

  async function submit(instanceId: string, elements: string[], subject: object, region = 'eu') {
    const { interactionId } = await interaction(instanceId, region);
    return post(`/${region}/v2/captain/journey/interaction/submit`, {
      instanceId,
      interactionId,
      participants: elements.map((domainElementId) => ({ domainElementId })),
      context: { subject },
    });
  }

  async function state(instanceId: string, region = 'eu') {
    return (await post(`/${region}/v2/captain/journey/state/fetch`, { instanceId })).body;
  }

  return { sim, token, send, post, v2, v1, startV2, interaction, submit, state, clock: sim.core.clock, journal: sim.core.journal };
}
