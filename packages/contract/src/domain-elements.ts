import { z } from 'zod';
import { isPlainObject } from './migration/changed-elements.js';
import { dayOf, trimmedStrings } from './same-value.js';
import { Address, IsoDate, type Subject, type SubjectDocument } from './subject.js';

/** The domain elements an interaction can collect. The specification names these six; the full list is not shown. */
export const DomainElementId = z.enum(['FullName', 'DateOfBirth', 'CurrentAddress', 'PrimaryDocument', 'Selfie', 'SSN']);
export type DomainElementId = z.infer<typeof DomainElementId>;

/** How an interaction needs an element. `conditional` is seen live and treated as optional. */
export const ElementSpec = z.enum(['required', 'optional', 'conditional']);
export type ElementSpec = z.infer<typeof ElementSpec>;

export interface CollectedElement {
  readonly id: DomainElementId;
  readonly spec: ElementSpec;
}

const Base64Image = z.base64().min(4);
const NonEmpty = z.string().trim().min(1);

/** The zod shapes an element adds to `context.subject`: fields of `identity`, or whole top-level arrays. */
interface SubjectShape {
  readonly identity?: Readonly<Record<string, z.ZodType>>;
  readonly root?: Readonly<Record<string, z.ZodType>>;
}

export interface DomainElement {
  readonly id: DomainElementId;
  /** The subject paths the element fills. */
  readonly paths: readonly string[];
  /** Field-level names some tenants report in `outstanding` (`PrimaryDocument/side1Image`). */
  readonly fields: readonly string[];
  /** Fields the element is complete without (the back of a one-sided document). @default none */
  readonly optionalFields?: readonly string[];
  readonly shape: SubjectShape;
  /**
   * The element's part of `subject`, normalised, or `undefined` when the subject does not carry it. Takes any
   * JSON where the subject's structure says a list or an object, and carries nothing from there.
   */
  pick(subject: Subject): Subject | undefined;
  /**
   * Where a path in the picked part (as a schema issue names it) lies in `subject` as sent, for an element whose
   * part reshapes it (the folded document). @default the same path
   */
  locate?(subject: Subject, path: readonly PropertyKey[]): readonly PropertyKey[];
  /**
   * A picked part in the form every spelling of its value shares (an SSN's digits, a date's day), so that data
   * sent again as the caller spells it is told from a correction. @default its strings trimmed
   */
  comparable?(part: Subject): Subject;
}

/** `value` when it is a list, else none: a subject as sent may hold anything where a list belongs. */
const asList = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

/** Drops keys whose value is `undefined`, so a picked part never overwrites data with nothing. */
export const dropUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const FullName: DomainElement = {
  id: 'FullName',
  paths: ['identity.firstName', 'identity.middleNames', 'identity.lastNames'],
  fields: ['firstName', 'lastNames'],
  optionalFields: ['middleNames'],
  shape: {
    identity: {
      firstName: NonEmpty,
      middleNames: z.array(NonEmpty).optional(),
      lastNames: z.array(NonEmpty).min(1),
    },
  },
  pick: ({ identity }) => {
    if (identity?.firstName === undefined && identity?.lastNames === undefined) return undefined;
    const { firstName, middleNames, lastNames } = identity;
    return { identity: dropUndefined({ firstName, middleNames, lastNames }) };
  },
};

const DateOfBirth: DomainElement = {
  id: 'DateOfBirth',
  paths: ['identity.dateOfBirth'],
  fields: ['dateOfBirth'],
  shape: { identity: { dateOfBirth: IsoDate } },
  pick: ({ identity }) => (identity?.dateOfBirth === undefined ? undefined : { identity: { dateOfBirth: identity.dateOfBirth } }),
  // A prefill may carry a timestamp where the element asks for a day.
  comparable: ({ identity }) => ({ identity: { dateOfBirth: dayOf(identity?.dateOfBirth) as string } }),
};

const CurrentAddress: DomainElement = {
  id: 'CurrentAddress',
  paths: ['identity.currentAddress'],
  fields: ['currentAddress'],
  shape: { identity: { currentAddress: Address } },
  pick: ({ identity }) => (identity?.currentAddress === undefined ? undefined : { identity: { currentAddress: identity.currentAddress } }),
};

const SSN: DomainElement = {
  id: 'SSN',
  paths: ['identity.idNumbers[type=ssn]'],
  fields: ['idNumber'],
  shape: {
    identity: {
      idNumbers: z.array(z.looseObject({ idNumber: z.string().regex(/^\d{3}-?\d{2}-?\d{4}$/), type: z.literal('ssn') })).min(1),
    },
  },
  pick: ({ identity }) => {
    const idNumbers = asList(identity?.idNumbers).filter((entry) => isPlainObject(entry) && entry.type === 'ssn');
    return idNumbers?.length ? { identity: { idNumbers } } : undefined;
  },
  // `123-45-6789` and `123456789` are one number: the shape accepts both.
  comparable: ({ identity }) => ({
    identity: {
      idNumbers: (identity?.idNumbers ?? []).map((entry) => ({
        ...(trimmedStrings(entry) as typeof entry),
        idNumber: typeof entry.idNumber === 'string' ? entry.idNumber.replace(/\D/g, '') : entry.idNumber,
      })),
    },
  }),
};

/** `Primary` in the specification and the vendor's sample, `primary` on a live tenant. */
const PrimaryDocumentType = z.enum(['Primary', 'primary']);

/**
 * The primary document with its back required, for a document known to be two-sided (a journey that always asks
 * for the back, or a front read as two-sided): the `documents` shape v1's task schema then describes.
 */
export const documentsWithBack = z
  .array(z.looseObject({ type: PrimaryDocumentType, side1Image: Base64Image, side2Image: Base64Image }))
  .min(1);

const PrimaryDocument: DomainElement = {
  id: 'PrimaryDocument',
  paths: ['documents[type=Primary].side1Image', 'documents[type=Primary].side2Image'],
  fields: ['side1Image', 'side2Image'],
  optionalFields: ['side2Image'],
  shape: {
    root: {
      documents: z
        .array(
          z.looseObject({
            type: PrimaryDocumentType,
            side1Image: Base64Image,
            side2Image: z.union([z.literal(''), Base64Image]),
          }),
        )
        .min(1),
    },
  },
  // A live v1 caller sends each side as its own untyped element: fold them into one document, typed `Primary`
  // as the specification spells it whichever spelling arrived.
  pick: ({ documents }) => {
    const parts = primaryParts(documents);
    if (parts.length === 0) return undefined;
    const merged: SubjectDocument = {};
    // One part at a time: spreading every part into one call overflows the stack on a long list.
    for (const { part } of parts) Object.assign(merged, part);
    return { documents: [{ side2Image: '', ...merged, type: 'Primary' }] };
  },
  // A field of the folded document came from the last part that carries it (or, missing, belongs to the first).
  locate: ({ documents }, [root, , field, ...rest]) => {
    const parts = primaryParts(documents);
    const source = parts.findLast(({ part }) => typeof field === 'string' && Object.hasOwn(part, field)) ?? parts[0];
    return [root ?? 'documents', source?.index ?? 0, ...(field === undefined ? [] : [field]), ...rest];
  },
};

/** The parts of the primary document in `documents` (typed `Primary` or `primary`, or untyped) and their indexes. */
function primaryParts(documents: Subject['documents']): { index: number; part: SubjectDocument }[] {
  return asList(documents).flatMap((part, index) =>
    isPlainObject(part) && (part.type === undefined || (typeof part.type === 'string' && part.type.toLowerCase() === 'primary'))
      ? [{ index, part }]
      : [],
  );
}

const Selfie: DomainElement = {
  id: 'Selfie',
  paths: ['biometrics[].selfieImage'],
  fields: ['selfieImage'],
  shape: { root: { biometrics: z.array(z.looseObject({ selfieImage: Base64Image })).min(1) } },
  pick: ({ biometrics }) => {
    const selfie = asList(biometrics).find((entry) => isPlainObject(entry) && entry.selfieImage !== undefined);
    return selfie ? { biometrics: [selfie] } : undefined;
  },
};

/** Every known domain element with the subject paths it fills. */
export const DOMAIN_ELEMENTS: Readonly<Record<DomainElementId, DomainElement>> = {
  FullName,
  DateOfBirth,
  CurrentAddress,
  PrimaryDocument,
  Selfie,
  SSN,
};

/**
 * The zod schema of a subject that carries `elements`: required ones must be present and valid, optional ones
 * valid when present. Unknown subject fields pass. Also the source of the v1 task JSON Schemas.
 */
export function subjectSchemaFor(elements: readonly CollectedElement[]) {
  const identity: Record<string, z.ZodType> = {};
  const root: Record<string, z.ZodType> = {};
  let identityRequired = false;
  for (const { id, spec } of elements) {
    const { shape } = DOMAIN_ELEMENTS[id];
    const required = spec === 'required';
    for (const [key, schema] of Object.entries(shape.identity ?? {})) identity[key] = required ? schema : schema.optional();
    for (const [key, schema] of Object.entries(shape.root ?? {})) root[key] = required ? schema : schema.optional();
    if (shape.identity && required) identityRequired = true;
  }
  if (Object.keys(identity).length > 0) {
    const identitySchema = z.looseObject(identity);
    root.identity = identityRequired ? identitySchema : identitySchema.optional();
  }
  return z.looseObject(root);
}

const elementSchemas = new Map<DomainElementId, ReturnType<typeof subjectSchemaFor>>();

/** The schema of one element's part of a subject, built once: every submit and interaction view checks it. */
function elementSchema(id: DomainElementId) {
  let schema = elementSchemas.get(id);
  if (!schema) {
    schema = subjectSchemaFor([{ id, spec: 'required' }]);
    elementSchemas.set(id, schema);
  }
  return schema;
}

/**
 * Why `subject` does not satisfy a required element, naming paths and never values; `undefined` when it does.
 */
export function elementProblem(subject: Subject, id: DomainElementId): string | undefined {
  const { pick, paths, optionalFields = [], locate } = DOMAIN_ELEMENTS[id];
  const part = pick(subject);
  // Only what the element needs: a caller following the message should not add a field it can do without.
  const needed = paths.filter((path) => !optionalFields.some((field) => path.endsWith(`.${field}`)));
  if (part === undefined) return `${id} is missing: context.subject.${needed.join(', context.subject.')}`;
  const parsed = elementSchema(id).safeParse(part);
  if (parsed.success) return undefined;
  const where = (path: readonly PropertyKey[]) => (locate ? locate(subject, path) : path).map(String).join('.');
  return `${id} is not valid: ${parsed.error.issues.map((issue) => `context.subject.${where(issue.path)}: ${issue.message}`).join('; ')}`;
}

/** The problems of every required element in `elements` that `subject` does not satisfy. */
export const requiredElementProblems = (subject: Subject, elements: readonly CollectedElement[]): string[] =>
  elements.flatMap(({ id, spec }) => (spec === 'required' ? (elementProblem(subject, id) ?? []) : []));

/** Whether `subject` carries a valid value for `id`. */
export function hasValidElement(subject: Subject, id: DomainElementId): boolean {
  const part = DOMAIN_ELEMENTS[id].pick(subject);
  return part !== undefined && elementSchema(id).safeParse(part).success;
}

/** The elements whose data `subject` carries (valid or not). */
export const elementsCarriedBy = (subject: Subject): DomainElementId[] =>
  DomainElementId.options.filter((id) => DOMAIN_ELEMENTS[id].pick(subject) !== undefined);

/** `outstanding` may list elements (`Selfie`) or fields (`Selfie/selfieImage`): reduce to known elements. */
export function outstandingElements(outstanding: readonly string[]): DomainElementId[] {
  const ids = new Set<DomainElementId>();
  for (const entry of outstanding) {
    const parsed = DomainElementId.safeParse(entry.split('/')[0]);
    if (parsed.success) ids.add(parsed.data);
  }
  return [...ids];
}
