import { z } from 'zod';

/** The `format` values Draft-07 defines. */
const DRAFT_07_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'date',
  'time',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/**
 * `schema` as a Draft-07 JSON Schema of what it takes in, as v1's task schemas are. Formats Draft-07 does not
 * define (zod's `base64`, `e164`) are left out: a validator in strict mode (Ajv's default) refuses a format it does
 * not know, and each such string here carries a `pattern` that checks the same.
 */
export function draft07Schema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
    override: ({ jsonSchema }) => {
      if (typeof jsonSchema.format === 'string' && !DRAFT_07_FORMATS.has(jsonSchema.format)) delete jsonSchema.format;
    },
  }) as Record<string, unknown>;
}
