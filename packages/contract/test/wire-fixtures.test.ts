import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as contract from '@journey-bridge/contract';
import {
  ERROR_KINDS,
  flowOf,
  isFailureStatus,
  outstandingElements,
  resultOf,
  stepsOf,
  V1ErrorBody,
  V1State,
  V1TaskListWithSchema,
  V2ErrorBody,
  V2StartResponse,
  V2State,
  v1ErrorIdForStatus,
} from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Every literal example of the specification and the field notes lives in `test-fixtures/wire/` and is named in
 * its `index.json` together with the contract schema that must parse it. Files under `invalid/` must be rejected,
 * at the path the index names.
 */
const WIRE_DIR = fileURLToPath(new URL('../../../test-fixtures/wire/', import.meta.url));
const INDEX_FILE = 'index.json';

const IssuePath = z.array(z.union([z.string(), z.number()]));
const FixtureEntry = z.strictObject({
  /** The name of a zod schema exported by `@journey-bridge/contract`. */
  schema: z.string(),
  /** The HTTP status the body is sent with, where the body itself does not say. */
  httpStatus: z.number().int().optional(),
  rejectedAt: z.strictObject({ path: IssuePath, code: z.string() }).optional(),
});
type FixtureEntry = z.infer<typeof FixtureEntry>;
const WireIndex = z.looseObject({ fixtures: z.record(z.string(), FixtureEntry) });

const index = WireIndex.parse(readJson(INDEX_FILE)).fixtures;
const filesOnDisk = (readdirSync(WIRE_DIR, { recursive: true, encoding: 'utf8' }) as string[])
  .map((file) => file.split('\\').join('/'))
  .filter((file) => file.endsWith('.json') && file !== INDEX_FILE)
  .sort();

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(WIRE_DIR + file, 'utf8'));
}

function schemaNamed(name: string): z.ZodType {
  const schema: unknown = (contract as Record<string, unknown>)[name];
  if (!(schema instanceof z.ZodType)) throw new Error(`@journey-bridge/contract exports no zod schema named ${name}`);
  return schema;
}

const isInvalid = (file: string) => file.startsWith('invalid/');
const entryOf = (file: string): FixtureEntry => {
  const entry = index[file];
  if (!entry) throw new Error(`${file} has no schema in ${INDEX_FILE}`);
  return entry;
};
const fixture = <T>(file: string, schema: z.ZodType<T>): T => schema.parse(readJson(file));

describe('the wire index', () => {
  it('assigns a schema to every example, so none is skipped silently', () => {
    const unassigned = filesOnDisk.filter((file) => !(file in index));
    expect(unassigned).toEqual([]);
  });

  it('names only examples that exist', () => {
    const stale = Object.keys(index).filter((file) => !filesOnDisk.includes(file));
    expect(stale).toEqual([]);
  });

  it('names a contract schema for each example, and a rejection exactly for invalid/ ones', () => {
    for (const [file, entry] of Object.entries(index)) {
      expect(() => schemaNamed(entry.schema), file).not.toThrow();
      expect(entry.rejectedAt !== undefined, `${file}: rejectedAt`).toBe(isInvalid(file));
    }
  });

  it('holds every example the brief calls for', () => {
    // A floor, so a discovery bug that finds nothing cannot pass.
    expect(filesOnDisk.filter((file) => !isInvalid(file)).length).toBeGreaterThanOrEqual(60);
    expect(filesOnDisk.filter(isInvalid).length).toBeGreaterThanOrEqual(7);
  });
});

describe.each(filesOnDisk.filter((file) => !isInvalid(file)))('%s', (file) => {
  it('parses with its contract schema', () => {
    const result = schemaNamed(entryOf(file).schema).safeParse(readJson(file));
    // The prettified error names the failing paths, which a bare `false` would not.
    expect(result.success ? '' : z.prettifyError(result.error)).toBe('');
  });
});

describe.each(filesOnDisk.filter(isInvalid))('%s', (file) => {
  it('is rejected by its strict request schema at the expected path', () => {
    const { schema, rejectedAt } = entryOf(file);
    const result = schemaNamed(schema).safeParse(readJson(file));
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map(({ path, code }) => ({ path, code })) ?? [];
    expect(issues).toContainEqual(rejectedAt);
  });
});

describe('what the examples mean', () => {
  it('v2 error bodies agree with the error catalogue on status, code and name', () => {
    const errorFiles = filesOnDisk.filter((file) => file.startsWith('v2.error.'));
    expect(errorFiles.length).toBeGreaterThanOrEqual(14);
    for (const file of errorFiles) {
      const { httpStatus } = entryOf(file);
      for (const { code, name } of fixture(file, V2ErrorBody).errors) {
        const kind = Object.values(ERROR_KINDS).find((entry) => entry.code === code && entry.status === httpStatus);
        expect(kind?.name, `${file}: ${httpStatus} ${code}`).toBe(name);
      }
    }
  });

  it('the specification example 400 4002 MISSING_FIELD and the vendor 409 4009 JOURNEY_NOT_ACTIVE', () => {
    expect(fixture('v2.error.missing-field.json', V2ErrorBody).errors[0]).toMatchObject({
      code: '4002',
      name: 'MISSING_FIELD',
      location: 'Body',
    });
    expect(entryOf('v2.error.journey-not-active.json').httpStatus).toBe(409);
    expect(fixture('v2.error.journey-not-active.json', V2ErrorBody).errors[0]?.code).toBe('4009');
  });

  it('error locations cover the four of the specification and the four seen live', () => {
    const locations = new Set(
      filesOnDisk
        .filter((file) => file.startsWith('v2.error.'))
        .flatMap((file) => fixture(file, V2ErrorBody).errors.map((error) => error.location)),
    );
    expect([...locations].sort()).toEqual(['Authorization', 'Body', 'Flow', 'Header', 'Path', 'Query String', 'Request', 'Service'].sort());
  });

  it('v1 error bodies carry the identifier the catalogue gives their status', () => {
    for (const file of filesOnDisk.filter((name) => name.startsWith('v1.error.'))) {
      const body = fixture(file, V1ErrorBody);
      expect(body.error, file).toBe(v1ErrorIdForStatus(body.status));
    }
    expect(fixture('v1.error.forbidden.json', V1ErrorBody)).toEqual({
      status: 403,
      message: 'Forbidden resource',
      error: 'forbidden-error',
    });
  });

  it('a page start answers instanceUrl, an api start does not', () => {
    expect(fixture('v2.start-response.page.json', V2StartResponse).instanceUrl).toMatch(/^https:\/\//);
    expect(fixture('v2.start-response.api.json', V2StartResponse)).not.toHaveProperty('instanceUrl');
    expect(fixture('v2.start-response.newer-tenant-status.json', V2StartResponse).status).toBe('awaiting-input');
  });

  it('field-level outstanding entries reduce to their elements', () => {
    const interaction = fixture('v2.interaction.field-level-outstanding.json', contract.Interaction);
    expect(outstandingElements(interaction.outstanding)).toEqual(['PrimaryDocument', 'Selfie']);
    expect(interaction.interaction?.collects.map((entry) => entry.ref)).toEqual(['PrimaryDocument', 'Selfie']);
  });

  it('a processing interaction has no interactionId and an empty outstanding list', () => {
    const interaction = fixture('v2.interaction.processing.json', contract.Interaction);
    expect(interaction.processing).toBe(true);
    expect(interaction.interactionId).toBeUndefined();
    expect(interaction.outstanding).toEqual([]);
  });

  it('both failure spellings of the state are terminal failures', () => {
    expect(fixture('v2.state.status-failed.json', V2State).status).toBe('Failed');
    expect(fixture('v2.state.status-error.json', V2State).status).toBe('Error');
    for (const file of ['v2.state.status-failed.json', 'v2.state.status-error.json']) {
      expect(isFailureStatus(fixture(file, V2State).status), file).toBe(true);
    }
  });

  it('steps and result are found in both layouts', () => {
    const nested = fixture('v2.state.live-steps.json', V2State);
    const topLevel = fixture('v2.state.top-level-layout.json', V2State);
    expect(stepsOf(nested).map((step) => step.nodeId)).toEqual(['node-doc-auth', 'node-face-match']);
    expect(stepsOf(nested)[1]?.process?.step?.moduleName).toBe('face-match');
    expect(stepsOf(topLevel).map((step) => step.outcomeClassification)).toEqual(['positive']);
    expect(resultOf(topLevel)?.status).toBe('complete');
    expect(resultOf(fixture('v2.state.in-progress.json', V2State))).toEqual({ status: 'pending', advice: {} });
  });

  it('v1 flows are found where the specification and the live caller put them', () => {
    const live = fixture('v1.state.live-caller-context-flow.json', V1State);
    expect(flowOf(live)['data-check-us-v3']?.result?.outcome).toBe('Decision: Pass 1+1');
    const specified = fixture('v1.state.completed.json', V1State);
    expect(Object.keys(flowOf(specified))).toEqual(['doc-auth-eu-v4', 'face-eu-v2']);
    expect(fixture('v1.state.in-progress.json', V1State).metaData?.completedTime).toBe('');
  });

  it('v1 reads both failure spellings as Failed', () => {
    expect(fixture('v1.state.failed.json', V1State).status).toBe('Failed');
    expect(fixture('v1.state.status-error.json', V1State).status).toBe('Failed');
  });

  it('task-list schema references resolve to Draft-07 schemas of { context: { subject } }', () => {
    const list = fixture('v1.task-list-schema.json', V1TaskListWithSchema);
    for (const task of list.tasks) {
      const key = task.schema.$ref.replace('#/schemas/', '');
      const schema = list.schemas[key];
      expect(schema?.$schema).toBe('http://json-schema.org/draft-07/schema#');
      expect(schema?.required).toEqual(['context']);
      expect(schema?.properties).toHaveProperty(['context', 'properties', 'subject']);
    }
  });

  it('a journey without module credentials lists no tasks and reports Completed', () => {
    expect(fixture('v1.task-list.missing-credentials.json', contract.V1TaskList)).toMatchObject({
      status: 'Completed',
      tasks: [],
    });
  });

  it('the upper-case intent of the guides is read as Complete', () => {
    expect(fixture('v1.task-update.request.intent-COMPLETE.json', contract.TaskUpdateRequest).intent).toBe('Complete');
  });
});
