import { subjectSchemaFor, V1TaskSchema } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** The v1 task schema as the simulator serves it: the segment's subject wrapped as `{ context: { subject } }`. */
function taskJsonSchema(...elements: Parameters<typeof subjectSchemaFor>[0]) {
  const body = z.object({ context: z.object({ subject: subjectSchemaFor(elements) }) });
  return z.toJSONSchema(body, { target: 'draft-7', io: 'input' }) as Record<string, any>;
}

describe('the Draft-07 task schema of a subject', () => {
  const schema = taskJsonSchema({ id: 'FullName', spec: 'required' }, { id: 'Selfie', spec: 'optional' });
  const subject = schema.properties.context.properties.subject;

  it('declares Draft-07 and requires context, as the live task-list schema does', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['context']);
    expect(schema.properties.context.required).toEqual(['subject']);
  });

  it('is a task schema by the contract', () => {
    expect(V1TaskSchema.safeParse(schema).success).toBe(true);
  });

  it('requires the required element and not the optional one', () => {
    expect(subject.required).toEqual(['identity']);
    expect(subject.properties.identity.required).toEqual(['firstName', 'lastNames']);
    expect(subject.properties.biometrics).toMatchObject({ type: 'array', minItems: 1 });
    expect(subject.properties.biometrics.items.required).toEqual(['selfieImage']);
  });

  it('lets subject fields that belong to no element through', () => {
    expect(subject.additionalProperties).toEqual({});
  });

  it('requires no subject field when every element is optional', () => {
    const optional = taskJsonSchema({ id: 'DateOfBirth', spec: 'optional' }).properties.context.properties.subject;
    expect(optional.required).toBeUndefined();
    expect(optional.properties.identity.properties.dateOfBirth).toMatchObject({ type: 'string', format: 'date' });
  });
});
