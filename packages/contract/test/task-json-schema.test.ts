import { DescribedElements, ElementCatalogue, taskJsonSchemaFor, V1TaskSchema } from '@journey-bridge/contract';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

/** The v1 task schema the adapter answers for a step that collects `elements`. */
const taskJsonSchema = (...elements: Parameters<typeof taskJsonSchemaFor>[0]) => taskJsonSchemaFor(elements) as Record<string, any>;

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

describe('the task schema under a strict Draft-07 validator (Ajv, its default strict mode, with its formats)', () => {
  const ajv = new Ajv();
  // A CommonJS module: its default export is on `default` under Node's ESM interop.
  ajvFormats.default(ajv);
  const catalogue = new ElementCatalogue(
    DescribedElements.parse({
      MobilePhone: { fields: { number: { path: 'contact.mobilePhone', format: 'phone' } } },
      Upload: { fields: { scan: { path: 'upload.scan', format: 'base64' } } },
    }),
  );
  const every = ['FullName', 'DateOfBirth', 'CurrentAddress', 'PrimaryDocument', 'Selfie', 'SSN', 'MobilePhone', 'Upload'];
  const validate = ajv.compile(
    taskJsonSchemaFor(
      every.map((id) => ({ id, spec: 'optional' as const })),
      catalogue,
    ),
  );

  it('compiles, though zod writes formats Draft-07 does not define (base64, e164)', () => {
    expect(validate({ context: { subject: {} } })).toBe(true);
  });

  it('still checks those strings by their pattern', () => {
    const valid = { contact: { mobilePhone: '+447700900123' }, upload: { scan: 'c2Nhbg==' } };
    expect(validate({ context: { subject: valid } })).toBe(true);
    expect(validate({ context: { subject: { ...valid, contact: { mobilePhone: '07700 900123' } } } })).toBe(false);
    expect(validate({ context: { subject: { ...valid, upload: { scan: 'not base64!' } } } })).toBe(false);
  });
});
