import { describe, expect, it } from 'vitest';
import {
  ContractError,
  JourneyMapError,
  resolveJourneyMap,
  SPECIFICATION_DIALECT,
  StrictV1State,
  spelledStatus,
  strippedFields,
  TaskListRequest,
  toV1State,
  V1Dialect,
  V1StateRequest,
  V2State,
} from '../src/index.js';

const INSTANCE = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
const stateOf = (status: string, decision?: string) =>
  V2State.parse({
    instanceId: INSTANCE,
    status,
    context: {
      process: {
        journey: { startedAt: '2026-01-01T10:00:00.000Z', id: 'v2-journey', version: 1 },
        steps: [{ nodeId: 'identity-check', outcome: 'Match', process: { step: { endedAt: '2026-01-01T10:00:02.000Z' } } }],
      },
      subject: {},
      result: { status: decision ? 'complete' : 'pending', advice: decision ? { decision } : {} },
    },
  });

/** The production caller's dialect: results under data.context, absent until decided, its own wording. */
const production = V1Dialect.parse({
  layout: 'context.process',
  omitUntilDecided: true,
  flowKeys: { 'identity-check': 'kyc-eu-v3' },
  entryFields: { _ggo: {} },
  decision: { key: 'evaluation', outcomes: { Accept: 'Decision: Pass 1+1' } },
});

describe('toV1State in a dialect', () => {
  it('answers in the specification’s form by default, and that form passes the strict v1 schema', () => {
    const v1 = toV1State(stateOf('Completed', 'Accept'));
    expect(v1.data.process?.flow.decision?.result?.outcome).toBe('Decision: Pass');
    expect(StrictV1State.safeParse(v1).success).toBe(true);
  });

  it('leaves data.context out while nothing is decided, as the production caller reads "pending"', () => {
    const v1 = toV1State(stateOf('InProgress'), { dialect: production });
    expect(v1.data).toEqual({});
    expect(v1.status).toBe('InProgress');
  });

  it('writes the flow under data.context with _ggo on every entry and the decision in the dialect’s words', () => {
    const v1 = toV1State(stateOf('Completed', 'Accept'), { dialect: production });
    const flow = v1.data.context?.process?.flow ?? {};
    expect(Object.keys(flow)).toEqual(['kyc-eu-v3', 'evaluation']);
    expect(Object.values(flow).every((entry) => '_ggo' in entry)).toBe(true);
    expect(flow.evaluation?.result?.outcome).toBe('Decision: Pass 1+1');
    expect(v1.data.process).toBeUndefined();
  });

  it('keeps the specification’s wording for decisions the dialect does not respell', () => {
    const v1 = toV1State(stateOf('Completed', 'Reject'), { dialect: production });
    expect(v1.data.context?.process?.flow.evaluation?.result?.outcome).toBe('Decision: Reject');
  });

  it('answers a manual review decided while the journey still reads InProgress', () => {
    const v1 = toV1State(stateOf('InProgress', 'Manual review'), { dialect: production });
    expect(v1.data.context?.process?.flow.evaluation?.result?.outcome).toBe('Decision: Manual review');
  });

  it('writes the flow of a failed journey, which has no decision, with the v1 status the dialect spells on the wire', () => {
    const dialect = V1Dialect.parse({ omitUntilDecided: true, statuses: { Failed: 'Error' } });
    const v1 = toV1State(stateOf('Error'), { dialect });
    // The typed state keeps the v1 enumeration, as the v1 client reads a tenant that wrote `Error`.
    expect(v1.status).toBe('Failed');
    expect(spelledStatus(v1.status, dialect)).toBe('Error');
    expect(spelledStatus('Completed', dialect)).toBe('Completed');
    expect(Object.keys(v1.data.process?.flow ?? {})).toEqual(['identity-check']);
  });

  it('refuses a dialect with an unknown member, naming it', () => {
    const parsed = V1Dialect.safeParse({ layout: 'data.flow' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['layout']);
  });
});

describe('resolveJourneyMap', () => {
  it('gives plain entries the fallback dialect and object entries their own, from either side', () => {
    const map = resolveJourneyMap(
      { 'v1-a': 'v2-a@latest', 'v1-b': { v2: 'v2-journey@latest', dialect: { layout: 'context.process' } } },
      SPECIFICATION_DIALECT,
    );
    expect(map.v2Ids).toEqual({ 'v1-a': 'v2-a@latest', 'v1-b': 'v2-journey@latest' });
    expect(map.dialectOfV1('v1-b@latest').layout).toBe('context.process');
    expect(map.dialectOfV2('v2-journey').layout).toBe('context.process');
    expect(map.dialectOfV2('v2-a')).toBe(SPECIFICATION_DIALECT);
    expect(map.dialectOfV2(undefined)).toBe(SPECIFICATION_DIALECT);
  });

  it('refuses two v1 journeys that share a v2 journey but not a dialect: a state could not tell them apart', () => {
    const shared = () =>
      resolveJourneyMap({ a: { v2: 'same@latest', dialect: { layout: 'context.process' } }, b: 'same@latest' }, SPECIFICATION_DIALECT);
    expect(shared).toThrow(JourneyMapError);
    expect(shared).toThrow(ContractError);
  });

  it('names a task by the v1 variantId its dialects give its interaction, and by none where they disagree', () => {
    const map = resolveJourneyMap(
      {
        a: { v2: 'journey-a@latest', dialect: { flowKeys: { identity: 'collect-identity-v3', shared: 'one' } } },
        b: { v2: 'journey-b@latest', dialect: { flowKeys: { identity: 'collect-identity-v3', shared: 'other' } } },
      },
      V1Dialect.parse({ flowKeys: { documents: 'collect-documents-v2' } }),
    );
    expect(map.sharedTaskVariantId('identity')).toBe('collect-identity-v3');
    expect(map.sharedTaskVariantId('documents')).toBe('collect-documents-v2');
    // An interaction names no journey: where the dialects disagree, the journey must be read, not one guessed.
    expect(map.sharedTaskVariantId('shared')).toBeUndefined();
    expect(map.dialectOfV2('journey-b@3').flowKeys.shared).toBe('other');
    expect(map.sharedTaskVariantId('unmapped')).toBe('unmapped');
  });

  it('spells a status without a journey only as every dialect does, the fallback’s included', () => {
    const erring = { v2: 'journey-a@latest', dialect: { statuses: { Failed: 'Error', Paused: 'On hold' } } };
    const alone = resolveJourneyMap({ a: erring }, V1Dialect.parse({ statuses: { Failed: 'Error' } }));
    expect(alone.sharedSpelling('Failed')).toBe('Error');
    expect(alone.sharedSpelling('InProgress')).toBe('InProgress');
    expect(alone.sharedSpelling('Paused')).toBeUndefined();
    const mixed = resolveJourneyMap({ a: erring, b: 'journey-b@latest' }, SPECIFICATION_DIALECT);
    expect(mixed.sharedSpelling('Failed')).toBeUndefined();
    expect(mixed.sharedSpelling('Completed')).toBe('Completed');
  });

  it('names the entry and the member of a bad entry', () => {
    expect(() => resolveJourneyMap({ 'v1-a': JSON.parse('{"v2":"x","dialect":{"start":"later"}}') }, SPECIFICATION_DIALECT)).toThrow(
      /journey map entry "v1-a":[\s\S]*dialect\.start/,
    );
  });
});

describe('v1 requests as live v1 accepted them', () => {
  it('accepts fields the specification does not show, and names the dropped ones without their values', () => {
    const given = { instanceId: INSTANCE, journeyId: 'j-1', filter: { status: 'open' } };
    const parsed = TaskListRequest.parse(given);
    expect(parsed).toEqual({ instanceId: INSTANCE });
    expect(strippedFields(given, parsed)).toEqual(['journeyId', 'filter']);
  });

  it('names a dropped member whose name may be data (a map keyed by email) as <key>', () => {
    const given = { instanceId: INSTANCE, 'jane.doe@example.com SSN 123-45-6789': { dob: '1980-01-01' }, data: { 'Jane Doe': 1 } };
    const parsed = TaskListRequest.parse(given);
    expect(strippedFields(given, parsed)).toEqual(['<key>', 'data']);
    expect(JSON.stringify(strippedFields(given, parsed))).not.toMatch(/jane|Jane|123-45/);
  });

  it('names a dropped member keyed by an identity number or a blob (three digits or more) as <key>, field names as they are', () => {
    const identities = [
      'AB123456C',
      'GB29NWBK60161331926819',
      'customer_00012345',
      'acct-4111111111111111',
      'id2024',
      'c2VsZmllLWltZy1rZXkteHl6',
    ];
    const fieldNames = ['journeyId', 'date_of_birth', 'addressLine1', 'side2Image', 'v2', 'address2', 'x-trace-id'];
    const given = { instanceId: INSTANCE, ...Object.fromEntries([...identities, ...fieldNames].map((key) => [key, 1])) };
    const parsed = V1StateRequest.parse(given);
    expect(strippedFields(given, parsed)).toEqual([...identities.map(() => '<key>'), ...fieldNames]);
  });

  it('accepts the vendor CLI’s context: string[] on state fetch beside filterKeys', () => {
    const given = { instanceId: INSTANCE, filterKeys: ['/.*/'], context: ['process'] };
    const parsed = V1StateRequest.parse(given);
    expect(parsed).toEqual({ instanceId: INSTANCE, filterKeys: ['/.*/'] });
    expect(strippedFields(given, parsed)).toEqual(['context']);
  });

  it('still enforces what the specification requires', () => {
    expect(TaskListRequest.safeParse({ journeyId: 'j-1' }).success).toBe(false);
  });
});
