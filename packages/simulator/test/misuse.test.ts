import { describe, expect, it } from 'vitest';
import {
  ClockError,
  createSimulator,
  DuplicateJourneyError,
  FaultRuleError,
  JourneyDefinitionError,
  loadJourneys,
  MAX_CLOCK_MS,
  MAX_CLOCK_SCALE,
  parseJourney,
  SimulatorError,
  SimulatorOptionError,
  type SimulatorOptions,
  UnknownClientError,
} from '../src/index.js';
import { harness, IDS, JOURNEYS_DIR, journeyFile, SUBJECTS } from './harness.js';

// How a user's own test suite misuses the simulator: each mistake is refused where it is made, by a SimulatorError
// that names it, and never leaves the simulator answering 500 to every later request.
const journeys = await loadJourneys(JOURNEYS_DIR);

describe('the clock', () => {
  it.each([
    ['Number.MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['NaN', Number.NaN],
    ['-1', -1],
  ])('refuses an advance of %s with a ClockError and keeps serving', async (_, ms) => {
    const h = harness();
    const before = h.clock.now();
    expect(() => h.clock.advance(ms)).toThrow(ClockError);
    expect(() => h.clock.advance(ms)).toThrow(SimulatorError);
    expect(h.clock.now()).toBe(before);
    expect((await h.send('/__sim/health')).status).toBe(200);
    expect(await h.startV2()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('accepts an advance to the last time a Date holds, and no further', async () => {
    const h = harness();
    h.clock.advance(MAX_CLOCK_MS - h.clock.now());
    expect(() => h.clock.advance(1)).toThrow(/at most 0 ms is accepted now/);
    expect((await h.send('/__sim/clock')).body.now).toBe('+275760-09-13T00:00:00.000Z');
    expect((await h.send('/__sim/reset', { method: 'POST' })).status).toBe(200);
  });

  it('stops scaled time at the last time a Date holds', async () => {
    const h = harness({ clock: { start: MAX_CLOCK_MS - 1, scale: MAX_CLOCK_SCALE } });
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(h.clock.now()).toBe(MAX_CLOCK_MS);
    expect((await h.send('/__sim/health')).status).toBe(200);
  });

  it.each([
    ['NaN', { start: Number.NaN }],
    ['beyond a Date', { start: MAX_CLOCK_MS + 1 }],
    ['an infinite scale', { scale: Number.POSITIVE_INFINITY }],
    ['a scale above MAX_CLOCK_SCALE', { scale: MAX_CLOCK_SCALE * 10 }],
  ])('refuses a clock start or scale of %s at construction', (_, clock) => {
    expect(() => createSimulator({ journeys, clock })).toThrow(ClockError);
  });

  it('answers a scale above MAX_CLOCK_SCALE over HTTP with a 400 naming scale, the clock unchanged', async () => {
    const h = harness();
    const before = h.clock.now();
    const reply = await h.send('/__sim/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"manual":false,"scale":1e308}',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0]).toMatchObject({
      name: 'INVALID_FIELD',
      problem: `scale: clock scale must be a positive number no greater than ${MAX_CLOCK_SCALE}, got 1e+308`,
    });
    expect(h.clock.mode).toEqual({ manual: true, scale: 1 });
    expect(h.clock.now()).toBe(before);
  });

  it('finishes a synchronous start whose modules would end past the last time a Date holds, at that time', async () => {
    const h = harness();
    h.clock.advance(MAX_CLOCK_MS - 100 - h.clock.now());
    // The harness's token expired on the way.
    const auth = { authorization: `Bearer ${h.sim.issueToken()}` };
    const pending = h.v1('start', { resourceId: IDS.dataCheckV1, context: { subject: SUBJECTS.person } }, auth);
    await new Promise((resolve) => setImmediate(resolve));
    h.clock.advance(100);
    const reply = await pending;
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('Completed');
    const start = await h.v2(
      'start',
      { resourceId: IDS.dataCheckV2, context: { config: { delivery: 'api' }, subject: SUBJECTS.person } },
      auth,
    );
    const state = await h.v2('state/fetch', { instanceId: start.body.instanceId }, auth);
    expect(state.body.status).toBe('Completed');
    const ends = state.body.context.process.steps.map((step: { process: { step: { endedAt: string } } }) => step.process.step.endedAt);
    expect(new Set(ends)).toEqual(new Set(['+275760-09-13T00:00:00.000Z']));
  });

  it('answers an advance beyond a Date over HTTP with a 400 naming ms, the clock unmoved', async () => {
    const h = harness();
    const before = h.clock.now();
    const reply = await h.send('/__sim/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ms":1e308}',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0]).toMatchObject({
      name: 'INVALID_FIELD',
      problem: expect.stringMatching(/^ms: clock advance of 1e\+308 ms/),
    });
    expect(h.clock.now()).toBe(before);
    expect((await h.send('/__sim/clock')).status).toBe(200);
  });
});

describe('journey versions', () => {
  /** data-check as version `version`, whose identity check answers No Match for Lovelace in version 4. */
  async function dataCheck(version: number) {
    const file = await journeyFile('data-check');
    const segments = (file.segments as { modules: { id: string }[] }[]).map((segment) => ({
      ...segment,
      modules: segment.modules.map((module) =>
        module.id === 'identity-check' && version === 4
          ? { ...module, rules: [{ when: [{ path: 'identity.lastNames.0', equals: 'Lovelace' }], outcome: 'No Match' }] }
          : module,
      ),
    }));
    return parseJourney({ ...file, version, segments });
  }

  it.each([
    [3, 4],
    [4, 3],
  ])('runs the highest version for @latest whatever the load order (%i, %i), and @<version> the one named', async (...order) => {
    const [v3, v4] = [await dataCheck(3), await dataCheck(4)];
    const h = harness({ journeys: order.map((version) => (version === 3 ? v3 : v4)) });
    const decide = async (resourceId: string) => {
      const instanceId = await h.startV2(resourceId, SUBJECTS.person);
      h.clock.advance(1200);
      const state = await h.state(instanceId);
      return [state.context.process.journey.version, state.context.result.advice.decision];
    };
    expect(await decide(IDS.dataCheckV2)).toEqual([4, 'Reject']);
    expect(await decide('b2e8d4a1data-check-v2@3')).toEqual([3, 'Accept']);
    // A delivery id names the journey, not a version: it starts the highest, as @latest does.
    const byDelivery = await h.v2('start', {
      deliveryId: 'dlv-data-check',
      context: { config: { delivery: 'api' }, subject: SUBJECTS.person },
    });
    h.clock.advance(1200);
    expect((await h.state(byDelivery.body.instanceId)).context.process.journey.version).toBe(4);
  });

  it('answers a deliveryId start that journeys loaded from copies share at one version with a 400 naming them', async () => {
    const file = await journeyFile('data-check');
    const ids = { production: 'other', preview: 'other-preview' };
    const other = parseJourney({ ...file, id: 'other', resourceIds: { v1: ids, v2: { production: 'o2', preview: 'o2-preview' } } });
    const h = harness({ journeys: [...journeys, other] });
    const reply = await h.v2('start', { deliveryId: 'dlv-data-check', context: { config: { delivery: 'api' }, subject: {} } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].problem).toMatch(
      /^deliveryId "dlv-data-check" is delivered by 2 journeys at version 3 in region eu \("data-check", "other"\)/,
    );
    // Starts by resource id are not ambiguous, and the simulator keeps serving them.
    expect(await h.startV2()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses two journeys of the same id and version, naming both', async () => {
    const again = await dataCheck(3);
    expect(() => createSimulator({ journeys: [...journeys, again] })).toThrow(DuplicateJourneyError);
    expect(() => createSimulator({ journeys: [...journeys, again] })).toThrow(
      /journeys\[\d+\] \(.*data-check\.json\) and journeys\[\d+\] both publish v1 \S+@3 in eu/,
    );
  });

  it('serves one journey in two regions: a region is chosen before the resource id', async () => {
    const file = await journeyFile('data-check');
    const h = harness({ journeys: [...journeys, parseJourney({ ...file, region: 'us' })] });
    expect(await h.startV2(IDS.dataCheckV2)).toMatch(/^[0-9a-f]{32}$/);
    expect(await h.startV2(IDS.dataCheckV2, {}, 'api', 'us')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses two journeys of different ids published under one resource id and version, in either environment', async () => {
    const file = await journeyFile('data-check');
    const ids = file.resourceIds as Record<'v1' | 'v2', { production: string; preview: string }>;
    const renamed = parseJourney({ ...file, id: 'renamed' });
    expect(() => createSimulator({ journeys: [...journeys, renamed] })).toThrow(DuplicateJourneyError);
    // Its v2 preview id is the other's production id: `findByResourceId` matches either.
    const crossed = parseJourney({
      ...file,
      id: 'crossed',
      resourceIds: { v1: { production: 'c1', preview: 'c1-preview' }, v2: { production: 'c2', preview: ids.v2.production } },
    });
    expect(() => createSimulator({ journeys: [...journeys, crossed] })).toThrow(new RegExp(`both publish v2 ${ids.v2.production}@3 in eu`));
  });
});

describe('journey files', () => {
  it('refuses two segments with one id, naming the journey and the id', async () => {
    const file = await journeyFile('data-check');
    const [segment] = file.segments as Record<string, unknown>[];
    const refusal = () => parseJourney({ ...file, segments: [{ ...segment, modules: [] }, segment] }, 'dup.json');
    expect(refusal).toThrow(JourneyDefinitionError);
    expect(refusal).toThrow('segments.1.id: journey data-check has two segments with id personal-details');
  });

  it('refuses two modules with one variantId, naming the journey and the variantId', async () => {
    const file = await journeyFile('data-check');
    const [segment] = file.segments as { modules: Record<string, unknown>[] }[];
    const [first, second] = segment?.modules ?? [];
    const modules = [first, { ...second, variantId: first?.variantId }];
    expect(() => parseJourney({ ...file, segments: [{ ...segment, modules }] })).toThrow(
      'segments.0.modules.1.variantId: journey data-check has two modules with variantId kyc-eu-v3 (identity-check and age-check)',
    );
  });

  it('loads every bundled journey', () => {
    expect(journeys.length).toBeGreaterThan(5);
  });
});

describe('createSimulator options', () => {
  it.each<[string, Partial<SimulatorOptions> | Record<string, unknown>, RegExp]>([
    ['no journeys', { journeys: undefined }, /journeys must be a non-empty array/],
    ['empty journeys', { journeys: [] }, /journeys must be a non-empty array/],
    ['an unvalidated journey', { journeys: [{ id: 'raw' }] }, /journeys\[0\] is not a validated journey definition/],
    ['a negative token lifetime', { tokenExpiresIn: -5 }, /tokenExpiresIn must be a positive whole number/],
    ['no scopes', { scopes: [] }, /scopes must be a non-empty array/],
    ['a scope with a space', { scopes: ['a b'] }, /scopes must be a non-empty array/],
    ['a negative body limit', { bodyLimitBytes: -1 }, /bodyLimitBytes must be a positive whole number/],
    ['a NaN seed', { seed: Number.NaN }, /seed must be a whole number, got NaN/],
    ['a fractional seed', { seed: 1.5 }, /seed must be a whole number, got 1.5/],
    ['an unknown region', { defaultRegion: 'xx' }, /defaultRegion must be one of eu, us, au, got "xx"/],
    ['an empty id token secret', { idTokenSecret: '' }, /idTokenSecret must be a non-empty string/],
  ])('refuses %s with a SimulatorOptionError naming the option', (_, options, message) => {
    const create = () => createSimulator({ journeys, ...options } as SimulatorOptions);
    expect(create).toThrow(SimulatorOptionError);
    expect(create).toThrow(SimulatorError);
    expect(create).toThrow(message);
  });

  it('takes an option given as undefined as its default', () => {
    expect(createSimulator({ journeys, seed: undefined, scopes: undefined }).core.options).toMatchObject({
      seed: 1,
      scopes: ['svc.token', 'gbg.token', 'openid'],
    });
  });
});

describe('in-process errors', () => {
  it('throws an UnknownClientError naming the client and the configured ones', () => {
    const { sim } = harness();
    expect(() => sim.issueToken('nobody')).toThrow(UnknownClientError);
    expect(() => sim.issueToken('nobody')).toThrow('client "nobody" is not configured: configured are demo-client, read-only-client');
  });

  it('throws a FaultRuleError with one readable line per problem', () => {
    const { sim } = harness();
    const add = () => sim.core.faults.add({ path: '' });
    expect(add).toThrow(FaultRuleError);
    expect(add).toThrow(/^invalid fault rule:\n {2}path: /);
  });
});
