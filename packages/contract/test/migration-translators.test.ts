import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  backRequired,
  CHANGES,
  ContractError,
  decodeTaskId,
  encodeTaskId,
  FilterKeyError,
  filterFlow,
  IncompleteTaskError,
  Interaction,
  isValidFilterKey,
  JourneyMapError,
  MalformedTaskIdError,
  mapResourceId,
  planSubmit,
  renderCompatibilityDoc,
  resolveJourneyMap,
  taskJsonSchemaFor,
  toV1ErrorBody,
  toV1State,
  toV1TaskList,
  toV1TaskListWithSchema,
  toV2StartRequest,
  UnmappedJourneyError,
  V1Dialect,
  V1ErrorBody,
  V1State,
  V1StateRequest,
  V1TaskList,
  V1TaskListWithSchema,
  V2State,
} from '../src/index.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const INSTANCE = '0f3c9a7e5b1d4c2a8e6f0b9d7c5a3e1f';

const interaction = (overrides: Record<string, unknown> = {}) =>
  Interaction.parse({
    instanceId: INSTANCE,
    interactionId: 'grn:::x:interaction:personal-details@3',
    journey: { status: 'InProgress' },
    interaction: {
      resource: { id: 'personal-details', name: 'Personal details' },
      collects: [
        { ref: 'FullName', spec: 'required' },
        { ref: 'DateOfBirth', spec: 'required' },
        { ref: 'CurrentAddress', spec: 'optional' },
      ],
    },
    outstanding: ['FullName', 'DateOfBirth', 'CurrentAddress'],
    ...overrides,
  });

describe('mapResourceId / toV2StartRequest', () => {
  const map = { 'v1-journey': 'v2-journey', 'v1-pinned@3': 'v2-pinned@7', 'v1-versioned': 'v2-versioned@2' };

  it('maps exact ids, bare ids with @latest, and bare ids to a versioned target', () => {
    expect(mapResourceId('v1-pinned@3', map)).toBe('v2-pinned@7');
    expect(mapResourceId('v1-journey@latest', map)).toBe('v2-journey@latest');
    expect(mapResourceId('v1-versioned@5', map)).toBe('v2-versioned@2');
    // An id written without a version (as code may hold one) maps as written.
    expect(mapResourceId('v1-journey', map)).toBe('v2-journey');
  });

  it('never guesses: unmapped ids and pinned versions of bare mappings are errors naming the id', () => {
    expect(() => mapResourceId('other@latest', map)).toThrow(new UnmappedJourneyError('other@latest'));
    expect(() => mapResourceId('other@latest', map)).toThrow(ContractError);
    expect(() => mapResourceId('v1-journey@4', map)).toThrow('version 4 is pinned: map the exact id "v1-journey@4"');
    expect(() => mapResourceId('other@1', map)).toThrow(
      expect.objectContaining({ status: 404, changeId: 'request.start-resource-id', resourceId: 'other@1' }),
    );
  });

  it('carries @latest over from an exact @latest key whose v2 id has no version, as from a bare key', () => {
    const exactLatest = { 'v1-journey@latest': 'v2-journey', 'v1-journey@4': 'v2-journey' };
    expect(mapResourceId('v1-journey@latest', exactLatest)).toBe('v2-journey@latest');
    expect(() => mapResourceId('v1-journey@4', exactLatest)).toThrow('version 4 is pinned: map the exact id "v1-journey@4"');
  });

  it('refuses, when the map is resolved, an exact pinned key whose v2 id has no version: every start of it would fail', () => {
    expect(() => resolveJourneyMap({ 'v1-journey@4': 'v2-journey' }, V1Dialect.parse({}))).toThrow(
      new JourneyMapError(
        'journey map entry "v1-journey@4": its v2 id "v2-journey" has no version; an exact v1 id maps to an exact v2 id ("v2-journey@<version>")',
      ),
    );
    expect(resolveJourneyMap({ 'v1-journey@latest': 'v2-journey', 'v1-journey@4': 'v2-journey@9' }, V1Dialect.parse({})).v2Ids).toEqual({
      'v1-journey@latest': 'v2-journey',
      'v1-journey@4': 'v2-journey@9',
    });
  });

  it('finds only the map’s own entries: an id named like a member of Object is unmapped, not a function or a TypeError', () => {
    const parsed = JSON.parse(JSON.stringify(map)) as Record<string, string>;
    for (const id of ['constructor', 'toString@latest', '__proto__@latest', 'hasOwnProperty@3'])
      expect(() => mapResourceId(id, parsed)).toThrow(UnmappedJourneyError);
  });

  it('adds delivery, drops async and keeps the subject', () => {
    const subject = { identity: { firstName: 'Ada' } };
    const v2 = toV2StartRequest({ resourceId: 'v1-journey@latest', context: { config: { async: true }, subject } }, map);
    expect(v2).toEqual({ resourceId: 'v2-journey@latest', context: { config: { delivery: 'api' }, subject } });
    expect(toV2StartRequest({ resourceId: 'v1-journey@latest', context: {} }, map, 'page').context).toEqual({
      config: { delivery: 'page' },
      subject: {},
    });
  });
});

describe('taskIds', () => {
  it('carry the instance and tell the interaction they were issued for from any other', () => {
    const taskId = encodeTaskId(INSTANCE, 'grn:::x:interaction:a@1');
    expect(taskId.length).toBeGreaterThanOrEqual(16);
    expect(taskId.length).toBeLessThanOrEqual(64);
    const decoded = decodeTaskId(taskId);
    expect(decoded.instanceId).toBe(INSTANCE);
    expect(decoded.matches('grn:::x:interaction:a@1')).toBe(true);
    expect(decoded.matches('grn:::x:interaction:b@1')).toBe(false);
  });

  it('packs a 64-character hex instanceId so its taskId still fits v1', () => {
    const longId = 'ab'.repeat(32);
    const taskId = encodeTaskId(longId, 'grn:::x:interaction:a@1');
    expect(taskId.length).toBeLessThanOrEqual(64);
    expect(taskId.startsWith('~')).toBe(true);
    expect(decodeTaskId(taskId).instanceId).toBe(longId);
    const uuid = '0f3c9a7e-5b1d-4c2a-8e6f-0b9d7c5a3e1f';
    expect(decodeTaskId(encodeTaskId(uuid, 'i')).instanceId).toBe(uuid);
  });

  it('refuses ids it did not issue and instance ids too long for v1', () => {
    expect(() => decodeTaskId('6d010770feacb771748ca60a7d213b2e')).toThrow(MalformedTaskIdError);
    expect(() => decodeTaskId(`${INSTANCE}.NOT-A-TAG`)).toThrow(MalformedTaskIdError);
    // Of the right form, but above every digest: it never named a task. The largest digest is still one.
    expect(() => decodeTaskId(`${INSTANCE}.zzzzzzzzzzz`)).toThrow(MalformedTaskIdError);
    expect(() => decodeTaskId(`${INSTANCE}.2gosa7pa2gw`)).toThrow(MalformedTaskIdError);
    expect(decodeTaskId(`${INSTANCE}.2gosa7pa2gv`).instanceId).toBe(INSTANCE);
    expect(() => encodeTaskId('x'.repeat(60), 'i')).toThrow(
      expect.objectContaining({ name: 'TranslationError', status: 500, message: expect.stringContaining('60 characters') }),
    );
  });
});

describe('task lists', () => {
  it('show the active interaction as one task with a Draft-07 schema', () => {
    const list = V1TaskListWithSchema.parse(toV1TaskListWithSchema(interaction()));
    expect(list.status).toBe('InProgress');
    expect(list.tasks).toEqual([
      {
        taskId: encodeTaskId(INSTANCE, 'grn:::x:interaction:personal-details@3'),
        variantId: 'personal-details',
        schema: { $ref: '#/schemas/personal-details' },
      },
    ]);
    const schema = list.schemas['personal-details'] as Record<string, any>;
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.properties.context.properties.subject.properties.identity.required).toEqual(['firstName', 'lastNames', 'dateOfBirth']);
  });

  it('are empty while modules run and after the end, with the v1 status', () => {
    expect(toV1TaskList(interaction({ processing: true, interactionId: undefined, outstanding: [] }))).toEqual({
      instanceId: INSTANCE,
      status: 'InProgress',
      tasks: [],
    });
    const ended = toV1TaskList(interaction({ journey: { status: 'Error' }, interaction: { collects: [] }, outstanding: [] }));
    expect(V1TaskList.parse(ended)).toEqual({ instanceId: INSTANCE, status: 'Failed', tasks: [] });
    // A tenant that decides without leaving InProgress: the end interaction's result says the journey is done.
    const decided = (status: string) =>
      toV1TaskList(
        interaction({ journey: { status: 'InProgress' }, interaction: { collects: [] }, outstanding: [], result: { status, advice: {} } }),
      ).status;
    expect([decided('complete'), decided('error'), decided('pending')]).toEqual(['Completed', 'Failed', 'InProgress']);
  });
});

describe('planSubmit', () => {
  const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

  it('submits only outstanding elements the subject validly carries', () => {
    const plan = planSubmit(interaction({ outstanding: ['DateOfBirth', 'CurrentAddress'] }), person);
    expect(plan.participants).toEqual([{ domainElementId: 'DateOfBirth' }]);
    expect(plan.subject).toBe(person);
  });

  it('names the fields of field-level outstanding entries that the subject fills', () => {
    const plan = planSubmit(interaction({ outstanding: ['FullName/firstName', 'FullName/lastNames', 'DateOfBirth/dateOfBirth'] }), person);
    expect(plan.participants).toEqual([
      { domainElementId: 'FullName/firstName' },
      { domainElementId: 'FullName/lastNames' },
      { domainElementId: 'DateOfBirth/dateOfBirth' },
    ]);
  });

  describe("a document's back", () => {
    const front = { documents: [{ type: 'primary', side1Image: b64('front of the document'), side2Image: '' }] };
    const document = (outstanding: string[], instructions?: string[]) =>
      interaction({
        interaction: { resource: { id: 'document', name: 'Document' }, collects: [{ ref: 'PrimaryDocument', spec: 'required' }] },
        outstanding,
        ...(instructions ? { instructions } : {}),
      });

    it('is left out while the instructions say it may be asked for later (an outstanding field left empty)', () => {
      const plan = planSubmit(
        document(['PrimaryDocument/side1Image', 'PrimaryDocument/side2Image'], ['LazySide2CollectionRequired']),
        front,
      );
      expect(plan.participants).toEqual([{ domainElementId: 'PrimaryDocument/side1Image' }]);
    });

    it.each([
      ['outstanding names it, and no instruction speaks of the sides', ['PrimaryDocument/side2Image'], undefined],
      ['the instruction Side2Required asks for it, outstanding by element', ['PrimaryDocument'], ['Side2Required']],
    ])('is required when %s: an update without it is refused as v1 refused it', (_, outstanding, instructions) => {
      const asked = document(outstanding, instructions);
      expect(backRequired(asked)).toBe(true);
      expect(() => planSubmit(asked, front)).toThrow(
        'PrimaryDocument is missing its back: context.subject.documents[type=Primary].side2Image is required for this document',
      );
      const both = { documents: [{ type: 'Primary', side1Image: b64('front'), side2Image: b64('back') }] };
      expect(planSubmit(asked, both).participants.length).toBeGreaterThan(0);
      // Without the back required, v1's schema takes `side2Image: ""` (a one-sided document); with it, only an image.
      const validates = (backRequired: boolean) =>
        new Ajv().compile(taskJsonSchemaFor([{ id: 'PrimaryDocument', spec: 'required' }], undefined, { backRequired }))({
          context: { subject: front },
        });
      expect(validates(false)).toBe(true);
      expect(validates(true)).toBe(false);
    });

    it('is no longer required once the instructions say it is done', () => {
      expect(backRequired(document(['PrimaryDocument/side2Image'], ['Side2Done']))).toBe(false);
    });
  });

  it('sends an optional element the subject carries when outstanding is by field, which never names its children', () => {
    const address = { lines: ['1 Main St'], locality: 'London', postalCode: 'N1 9GU', country: 'GB' };
    const plan = planSubmit(interaction({ outstanding: ['DateOfBirth/dateOfBirth'] }), {
      identity: { ...person.identity, currentAddress: address },
    });
    expect(plan.participants).toEqual([{ domainElementId: 'DateOfBirth/dateOfBirth' }, { domainElementId: 'CurrentAddress' }]);
  });

  it('drops an invalid optional element and refuses a missing or invalid required one, naming paths only', () => {
    const withBadAddress = { identity: { ...person.identity, currentAddress: { lines: [] } } };
    expect(planSubmit(interaction(), withBadAddress).participants.map((p) => p.domainElementId)).toEqual(['FullName', 'DateOfBirth']);
    const invalid = { identity: { ...person.identity, dateOfBirth: '31/12/1990' } };
    expect(() => planSubmit(interaction(), invalid)).toThrow(IncompleteTaskError);
    expect(() => planSubmit(interaction(), invalid)).toThrow(/DateOfBirth is not valid: context\.subject\.identity\.dateOfBirth/);
    expect(() => planSubmit(interaction(), invalid)).not.toThrow(/31\/12\/1990/);
    expect(() => planSubmit(interaction(), { identity: { firstName: 'Ada', lastNames: ['L'] } })).toThrow(
      'DateOfBirth is missing: context.subject.identity.dateOfBirth',
    );
  });

  it('needs nothing more once required elements are provided', () => {
    expect(planSubmit(interaction({ outstanding: ['CurrentAddress'] }), {}).participants).toEqual([]);
  });
});

describe('toV1State', () => {
  const image = b64('x'.repeat(1000));
  const state = V2State.parse({
    instanceId: INSTANCE,
    status: 'Completed',
    context: {
      process: {
        journey: { name: 'J', startedAt: '2026-01-01T10:00:00.000Z', id: 'j', version: 1 },
        steps: [
          {
            nodeId: 'identity-check',
            outcome: 'Match',
            outcomeClassification: 'positive',
            advice: { contains: { nameDob: 1 } },
            result: { status: 'complete' },
            process: { step: { endedAt: '2026-01-01T10:00:02.000Z' } },
          },
          { nodeId: 'age-check', outcome: 'Match', process: { step: { endedAt: '2026-01-01T10:00:01.000Z' } } },
        ],
      },
      subject: { biometrics: [{ selfieImage: image }] },
      result: { status: 'complete', advice: { decision: 'Accept' } },
    },
  });

  it('keys steps by variant, adds the decision, and takes times from the journey and the last step', () => {
    const v1 = V1State.parse(toV1State(state, { dialect: V1Dialect.parse({ flowKeys: { 'identity-check': 'kyc-eu-v3' } }) }));
    expect(v1.metaData).toEqual({ createdTime: '2026-01-01T10:00:00.000Z', completedTime: '2026-01-01T10:00:02.000Z' });
    expect(Object.keys(v1.data.process?.flow ?? {})).toEqual(['kyc-eu-v3', 'age-check', 'decision']);
    expect(v1.data.process?.flow['kyc-eu-v3']?.result).toEqual({
      outcome: 'Match',
      classification: 'positive',
      status: 'complete',
      advice: { nameDob: 1 },
    });
    expect(v1.data.process?.flow.decision?.result?.outcome).toBe('Decision: Pass');
  });

  it('keys a step named like an Object member by its own name, and loses none', () => {
    const steps = ['constructor', '__proto__', 'toString'].map((nodeId) => ({ nodeId, outcome: 'Match' }));
    const odd = V2State.parse({ instanceId: INSTANCE, status: 'InProgress', context: { process: { steps } } });
    const flow = toV1State(odd, { dialect: V1Dialect.parse({ flowKeys: { 'identity-check': 'kyc-eu-v3' } }) }).data.process?.flow;
    expect(JSON.parse(JSON.stringify(flow))).toEqual({
      constructor: expect.objectContaining({ result: expect.objectContaining({ outcome: 'Match' }) }),
      ['__proto__']: expect.objectContaining({ result: expect.objectContaining({ outcome: 'Match' }) }),
      toString: expect.objectContaining({ result: expect.objectContaining({ outcome: 'Match' }) }),
    });
  });

  it('shares the subject instead of copying its images', () => {
    const v1 = toV1State(state);
    expect(v1.data.process?.flow['age-check']?.subject).toBe(state.context?.subject);
  });

  it('maps Error to Failed, reads top-level steps, and writes data.context.process on request', () => {
    const failed = V2State.parse({
      instanceId: INSTANCE,
      status: 'Error',
      steps: [{ nodeId: 'fraud', outcome: 'Error' }],
      result: { status: 'error' },
    });
    const v1 = toV1State(failed, { dialect: V1Dialect.parse({ layout: 'context.process' }), now: () => new Date('2026-02-02T00:00:00Z') });
    expect(v1.status).toBe('Failed');
    expect(v1.metaData?.completedTime).toBe('2026-02-02T00:00:00.000Z');
    expect(v1.data).toEqual({
      context: { process: { flow: { fraud: { result: { outcome: 'Error' }, subject: undefined } } }, result: { status: 'error' } },
    });
  });

  it('puts result.status beside the flow in the live caller’s layout: v2’s own, else pending until decided', () => {
    const dialect = V1Dialect.parse({ layout: 'context.process' });
    const statusOf = (state: unknown) =>
      (toV1State(V2State.parse(state), { dialect }).data as { context: { result: unknown } }).context.result;
    expect(statusOf({ instanceId: INSTANCE, status: 'InProgress', context: { result: { status: 'pending', advice: {} } } })).toEqual({
      status: 'pending',
    });
    expect(statusOf({ instanceId: INSTANCE, status: 'InProgress' })).toEqual({ status: 'pending' });
    const decided = { nodeId: 'decision', outcome: 'Decision: Accept', outcomeClassification: 'positive', result: null };
    expect(statusOf({ instanceId: INSTANCE, status: 'Completed', steps: [decided] })).toEqual({ status: 'complete' });
    expect(statusOf({ instanceId: INSTANCE, status: 'Failed' })).toEqual({ status: 'error' });
    // The specification's layout has no such member.
    expect(toV1State(V2State.parse({ instanceId: INSTANCE, status: 'InProgress' })).data).toEqual({ process: { flow: {} } });
  });

  it('reads a journey decided while its status still says InProgress by its result, which is authoritative', () => {
    const decidedWhile = (result: unknown) =>
      toV1State(V2State.parse({ instanceId: INSTANCE, status: 'InProgress', context: { ...state.context, result } }), {
        now: () => new Date('2026-02-02T00:00:00Z'),
      });
    const completed = decidedWhile({ status: 'complete', advice: { decision: 'Accept' } });
    expect(completed.status).toBe('Completed');
    expect(completed.metaData?.completedTime).toBe('2026-01-01T10:00:02.000Z');
    expect(completed.data.process?.flow.decision?.result?.outcome).toBe('Decision: Pass');
    expect(decidedWhile({ status: 'error', advice: {} }).status).toBe('Failed');
    expect(decidedWhile({ status: 'timeout', advice: {} }).status).toBe('Failed');
    expect(decidedWhile({ status: 'pending', advice: {} })).toMatchObject({ status: 'InProgress', metaData: { completedTime: '' } });
  });

  it('leaves completedTime empty while in progress', () => {
    const running = V2State.parse({ instanceId: INSTANCE, status: 'InProgress' });
    expect(toV1State(running).metaData).toEqual({ createdTime: '', completedTime: '' });
  });
});

describe('filter keys', () => {
  it('accept exact keys and valid /regex/ literals, and refuse broken expressions in the state request', () => {
    expect(isValidFilterKey('/^kyc/')).toBe(true);
    expect(isValidFilterKey('decision')).toBe(true);
    expect(isValidFilterKey('/[/')).toBe(false);
    expect(isValidFilterKey('/x/zz')).toBe(false);
    const parsed = V1StateRequest.safeParse({ instanceId: 'x'.repeat(32), filterKeys: ['/[/'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['filterKeys', 0],
      message: 'must be an exact key or a valid /regular expression/',
    });
  });

  it('throw a FilterKeyError, under the package root, for a key filterFlow cannot match', () => {
    for (const [key, reason] of [
      ['/[/', 'is not a valid regular expression'],
      ['/x/zz', 'has the flag z'],
      ['/(a)\\1/', 'is not a pattern RE2 can match in linear time'],
    ] as const) {
      const thrown = (() => {
        try {
          filterFlow({ kyc: 1 }, [key]);
        } catch (error) {
          return error;
        }
      })();
      expect(thrown).toBeInstanceOf(FilterKeyError);
      expect(thrown).toBeInstanceOf(ContractError);
      expect((thrown as Error).message).toContain(reason);
    }
  });
});

describe('toV1ErrorBody', () => {
  it('joins v2 problems and names the v1 identifier', () => {
    const body = {
      errors: [
        { code: '4002', name: 'MISSING_FIELD', location: 'Body', problem: 'a is required' },
        { code: '4003', name: 'INVALID_FIELD', location: 'Body', problem: 'b is wrong' },
      ],
    };
    expect(V1ErrorBody.parse(toV1ErrorBody(400, body))).toEqual({
      status: 400,
      message: 'a is required; b is wrong',
      error: 'bad-request-error',
    });
    expect(toV1ErrorBody(409, { errors: [{ code: '4009', name: 'JOURNEY_NOT_ACTIVE', location: 'Body', problem: 'ended' }] }).error).toBe(
      'conflict-error',
    );
  });

  it('still answers a v1 body for anything else', () => {
    expect(toV1ErrorBody(503, '<html>bad gateway</html>')).toEqual({
      status: 503,
      message: 'upstream answered 503',
      error: 'service-unavailable-error',
    });
  });
});

describe('change register', () => {
  it('has unique ids and says something about every lossy change', () => {
    const ids = CHANGES.map((change) => change.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const change of CHANGES.filter((entry) => entry.fidelity !== 'lossless')) expect(change.note.length).toBeGreaterThan(20);
  });
});

describe('docs/compatibility.md', () => {
  it('is the current rendering of the change register (run `pnpm docs:compatibility` after changing it)', async () => {
    const { readFile } = await import('node:fs/promises');
    const committed = await readFile(new URL('../../../docs/compatibility.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderCompatibilityDoc());
  });
});
