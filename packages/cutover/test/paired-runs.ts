import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createV1Adapter } from '@journey-bridge/adapter';
import { createJourneyClient, createV1Client, staticToken, type V1Api } from '@journey-bridge/client';
import type { Subject, V1DialectInput, V1State } from '@journey-bridge/contract';
import {
  bundledJourneysDir,
  createSimulator,
  type JourneyDefinition,
  loadJourneys,
  parseJourney,
  type Simulator,
} from '@journey-bridge/simulator';

/** The journeys the simulator ships. */
export const bundled: readonly JourneyDefinition[] = await loadJourneys(bundledJourneysDir);

/**
 * A bundled journey republished on v2 with `modules` merged into its modules by id, e.g. `{ "age-check": { "sides":
 * ["v1"] } }`: its v1 publication stays as bundled. Built from the journey file, as a team would write it.
 */
export async function republished(id: string, modules: Record<string, Record<string, unknown>>): Promise<JourneyDefinition> {
  const file = JSON.parse(await readFile(join(bundledJourneysDir, `${id}.json`), 'utf8'));
  for (const segment of file.segments) {
    segment.modules = segment.modules.map((module: { id: string }) => ({ ...module, ...modules[module.id] }));
  }
  return parseJourney(file, `${id} republished`);
}

export const journeyNamed = (id: string): JourneyDefinition => {
  const journey = bundled.find((candidate) => candidate.id === id);
  if (!journey) throw new Error(`no bundled journey ${id}`);
  return journey;
};

/** The flow keys a team configures for a journey: each v2 step nodeId → the v1 variantId of the same module. */
export const configuredFlowKeys = (journey: JourneyDefinition): Record<string, string> =>
  Object.fromEntries(journey.segments.flatMap((segment) => segment.modules.map((module) => [module.id, module.variantId])));

export const b64 = (text: string): string => Buffer.from(text).toString('base64');

/** A subject every bundled module matches: every element a bundled journey collects, valid. */
export const baseSubject = (): Subject => ({
  consent: { dataProcessing: true },
  contact: { mobilePhone: '+447700900123', email: 'ada@example.org' },
  identity: {
    firstName: 'Ada',
    lastNames: ['Lovelace'],
    dateOfBirth: '1990-12-10',
    currentAddress: { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' },
    idNumbers: [{ type: 'ssn', idNumber: '123-45-6789' }],
  },
  documents: [{ type: 'Primary', side1Image: b64('passport front'), side2Image: '' }],
  biometrics: [{ selfieImage: b64('a selfie') }],
});

function setAt(subject: Subject, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = subject as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) as string] = value;
}

/**
 * Subjects that drive each module of `journey` to each outcome its rules know (v1's and v2's), and one that every
 * module matches: varied subjects, read from the journey file rather than written per journey.
 */
export function subjectsFor(journey: JourneyDefinition, now: number): Subject[] {
  const rules = journey.segments.flatMap((segment) => segment.modules.flatMap((module) => [...module.rules, ...(module.v2Rules ?? [])]));
  const subjects = [baseSubject()];
  for (const rule of rules) {
    const subject = baseSubject();
    for (const condition of rule.when) {
      if ('ageBelow' in condition)
        setAt(subject, 'identity.dateOfBirth', `${new Date(now).getUTCFullYear() - condition.ageBelow + 8}-01-01`);
      else if ('equals' in condition) setAt(subject, condition.path, condition.equals);
      else setAt(subject, condition.path, b64(`image ${condition.decodedIncludes}`));
    }
    subjects.push(subject);
  }
  return [...new Map(subjects.map((subject) => [JSON.stringify(subject), subject])).values()];
}

/** Which API runs the second journey of a pair: the adapter over v2 (a cutover), or v1 again (calibration). */
export type SecondSide = 'v2' | 'v1';

export interface PairedPlatformOptions {
  /** The journeys the simulator serves. @default the bundled ones */
  journeys?: readonly JourneyDefinition[];
  /** Whether the adapter is given the configured flow keys, or keys modules by their v2 nodeIds. @default 'configured' */
  flowKeys?: 'configured' | 'none';
  /** The dialect the adapter answers each journey in. @default the journey's own v1 dialect */
  adapterDialect?: (journey: JourneyDefinition) => V1DialectInput;
}

/**
 * One simulator serving a journey's v1 publication to the v1 client and its v2 publication to the adapter, with
 * a manual clock: `run` starts every journey of a batch on both sides with the subject as prefill, moves the
 * clock past every module, and answers both v1 states of each.
 */
export function pairedPlatform(options: PairedPlatformOptions = {}) {
  const { journeys = bundled, flowKeys = 'configured', adapterDialect = (journey) => journey.v1Dialect } = options;
  const sim: Simulator = createSimulator({ journeys, clock: { manual: true } });
  const token = sim.issueToken();
  const journeyMap = Object.fromEntries(
    journeys.map((journey) => [
      journey.resourceIds.v1.production,
      {
        v2: journey.resourceIds.v2.production,
        dialect: { ...adapterDialect(journey), flowKeys: flowKeys === 'configured' ? configuredFlowKeys(journey) : {} },
      },
    ]),
  );
  const v1 = (region: string): V1Api =>
    createV1Client({ baseUrl: `http://sim.test/${region}/captain/api/`, auth: staticToken(token), fetch: sim.fetch, retry: { limit: 0 } });
  const v2 = (region: string): V1Api =>
    createV1Adapter({
      client: createJourneyClient({
        baseUrl: `http://sim.test/${region}/v2/captain/`,
        auth: staticToken(token),
        fetch: sim.fetch,
        retry: { limit: 0 },
      }),
      journeyMap,
      syncStartIntervalMs: 1,
    });

  async function journeyOn(api: V1Api, journey: JourneyDefinition, subject: Subject): Promise<() => Promise<V1State>> {
    const { instanceId } = await api.startJourney({
      resourceId: `${journey.resourceIds.v1.production}@latest`,
      context: { config: { async: true }, subject },
    });
    return () => api.fetchState({ instanceId });
  }

  async function run(
    batch: readonly { readonly journey: JourneyDefinition; readonly subject: Subject }[],
    second: SecondSide = 'v2',
  ): Promise<{ journey: JourneyDefinition; v1: V1State; v2: V1State }[]> {
    const before = sim.core.engine.size;
    const started = batch.map(({ journey, subject }) =>
      Promise.all([
        journeyOn(v1(journey.region), journey, subject),
        journeyOn((second === 'v2' ? v2 : v1)(journey.region), journey, subject),
      ]),
    );
    // A synchronous v1 dialect holds its start until the modules are done: move the clock once every start has
    // reached the simulator, then every journey has ended, whatever its dialect.
    for (let turns = 0; sim.core.engine.size < before + 2 * batch.length; turns += 1) {
      if (turns > 10_000) throw new Error('the starts never reached the simulator');
      await new Promise((resolve) => setImmediate(resolve));
    }
    sim.core.clock.advance(60_000);
    const fetchers = await Promise.all(started);
    const runs = await Promise.all(
      fetchers.map(async ([fetchV1, fetchSecond], index) => ({
        journey: (batch[index] as { journey: JourneyDefinition }).journey,
        v1: await fetchV1(),
        v2: await fetchSecond(),
      })),
    );
    // A journey still waiting (for an element the subject lacks) would compare as "pending" on both sides, alike.
    const waiting = runs.find(({ v1, v2 }) => v1.status === 'InProgress' || v2.status === 'InProgress');
    if (waiting) throw new Error(`${waiting.journey.id} did not end: the subject lacks something it collects`);
    return runs;
  }

  return { sim, run };
}
