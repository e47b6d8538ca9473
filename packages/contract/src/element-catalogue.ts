import { z } from 'zod';
import {
  DOMAIN_ELEMENTS,
  DomainElementId,
  type ElementSpec,
  elementProblem,
  elementsCarriedBy,
  hasValidElement,
  subjectSchemaFor,
} from './domain-elements.js';
import { comparableDescribed, describedLeaves, ElementDescription, leavesShape, pickDescribed } from './element-description.js';
import { trimmedStrings } from './same-value.js';
import type { Subject } from './subject.js';

const ElementName = z.string().regex(/^[A-Z]\w*$/, 'must be a word that starts with a capital letter, such as MobilePhone');

const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/**
 * Elements declared beside the specification's six, by name. A name of the six cannot be redefined, and no two
 * fields may share a subject path or sit inside one another.
 */
export const DescribedElements = z.record(ElementName, ElementDescription).superRefine((elements, ctx) => {
  const seen: { path: string; owner: string }[] = [];
  for (const [name, { fields }] of Object.entries(elements)) {
    if (DomainElementId.safeParse(name).success) {
      ctx.addIssue({ code: 'custom', path: [name], message: "is one of the specification's elements and cannot be redefined" });
    }
    for (const [field, { path }] of Object.entries(fields)) {
      const clash = seen.find((other) => overlaps(other.path, path));
      if (clash) {
        ctx.addIssue({ code: 'custom', path: [name, 'fields', field, 'path'], message: `overlaps ${clash.owner} (${clash.path})` });
      }
      seen.push({ path, owner: `${name}/${field}` });
    }
  }
});
export type DescribedElements = z.infer<typeof DescribedElements>;

/** A field of an element, as field-level `collects` and `outstanding` name it (`MobilePhone/number`). */
export interface ElementField {
  readonly name: string;
  /** Whether the element is incomplete without it. */
  readonly required: boolean;
  /** Where a described element's field sits in the subject; the six's fields are keys of their part of it. */
  readonly path?: string;
}

/** An element of a catalogue, built in or described. */
export interface CatalogueElement {
  readonly id: string;
  /** The subject paths the element fills. */
  readonly paths: readonly string[];
  readonly fields: readonly ElementField[];
  /** The element's part of `subject`, or `undefined` when the subject does not carry it. */
  pick(subject: Subject): Subject | undefined;
  /**
   * A picked part in the form every spelling of its value shares (strings trimmed, an SSN's digits, a date's
   * day): two parts that are equal in this form are the same value.
   */
  comparable(part: Subject): Subject;
}

/** An element an interaction collects, by name. */
export interface CollectedRef {
  readonly id: string;
  readonly spec: ElementSpec;
}

const BUILT_IN: ReadonlyMap<string, CatalogueElement> = new Map(
  DomainElementId.options.map((id) => {
    const {
      paths,
      fields,
      optionalFields = [],
      pick,
      comparable = (part: Subject) => trimmedStrings(part) as Subject,
    } = DOMAIN_ELEMENTS[id];
    return [id, { id, paths, fields: fields.map((name) => ({ name, required: !optionalFields.includes(name) })), pick, comparable }];
  }),
);

const isBuiltIn = (id: string): id is DomainElementId => BUILT_IN.has(id);

interface Described {
  readonly element: CatalogueElement;
  readonly description: ElementDescription;
  /** The element's part of a subject when the element is required. */
  readonly schema: z.ZodType;
}

/**
 * The domain elements a journey can collect: the specification's six, built in, and the ones it describes as
 * data. Answers what the functions of `domain-elements` answer for the six, for every element it knows.
 */
export class ElementCatalogue {
  readonly #described: ReadonlyMap<string, Described>;
  /** The subject paths its elements fill, as object keys: a list the six fill is theirs whole (`documents`). */
  readonly #owned: readonly string[];

  /** `described` must have passed `DescribedElements`. */
  constructor(described: DescribedElements = {}) {
    this.#described = new Map(
      Object.entries(described).map(([id, description]) => {
        const element: CatalogueElement = {
          id,
          paths: Object.values(description.fields).map((field) => field.path),
          fields: Object.entries(description.fields).map(([name, field]) => ({ name, required: field.required, path: field.path })),
          pick: (subject) => pickDescribed(description, subject),
          comparable: (part) => comparableDescribed(description, part),
        };
        return [id, { element, description, schema: z.looseObject(leavesShape(describedLeaves(description, true))) }];
      }),
    );
    this.#owned = this.ids.flatMap((id) => this.get(id)?.paths.map((path) => path.split('[')[0] ?? path) ?? []);
  }

  /** Whether the data at `path` (dotted object keys) belongs to one of its elements: at or under a path one fills. */
  owns(path: string): boolean {
    return this.#owned.some((owned) => path === owned || path.startsWith(`${owned}.`));
  }

  /** Every element name, the specification's six first. */
  get ids(): readonly string[] {
    return [...BUILT_IN.keys(), ...this.#described.keys()];
  }

  get(id: string): CatalogueElement | undefined {
    return BUILT_IN.get(id) ?? this.#described.get(id)?.element;
  }

  /** Whether `subject` carries a valid value for `id`. */
  isValid(subject: Subject, id: string): boolean {
    if (isBuiltIn(id)) return hasValidElement(subject, id);
    const described = this.#described.get(id);
    const part = described?.element.pick(subject);
    return part !== undefined && described?.schema.safeParse(part).success === true;
  }

  /** Why `subject` does not satisfy a required `id`, naming paths and never values; `undefined` when it does. */
  problem(subject: Subject, id: string): string | undefined {
    if (isBuiltIn(id)) return elementProblem(subject, id);
    const described = this.#described.get(id);
    if (!described) return `${id} is not a known domain element`;
    const { element, schema } = described;
    const part = element.pick(subject);
    if (part === undefined) return `${id} is missing: context.subject.${element.paths.join(', context.subject.')}`;
    const parsed = schema.safeParse(part);
    if (parsed.success) return undefined;
    return `${id} is not valid: ${parsed.error.issues.map((issue) => `context.subject.${issue.path.join('.')}: ${issue.message}`).join('; ')}`;
  }

  /** The elements whose data `subject` carries (valid or not). */
  carriedBy(subject: Subject): string[] {
    const described = [...this.#described.values()].filter(({ element }) => element.pick(subject) !== undefined);
    return [...elementsCarriedBy(subject), ...described.map(({ element }) => element.id)];
  }

  /**
   * The zod schema of a subject that carries `elements` (required ones present and valid, optional ones valid when
   * present; unknown fields pass): `subjectSchemaFor` of the six, with the described elements' fields beside.
   */
  subjectSchema(elements: readonly CollectedRef[]) {
    const builtIn = subjectSchemaFor(elements.flatMap(({ id, spec }) => (isBuiltIn(id) ? [{ id, spec }] : [])));
    const leaves = elements.flatMap(({ id, spec }) => {
      const described = this.#described.get(id);
      return described ? describedLeaves(described.description, spec === 'required') : [];
    });
    return leaves.length === 0 ? builtIn : builtIn.extend(leavesShape(leaves));
  }
}
