import type { ElementCatalogue } from '../element-catalogue.js';
import type { Subject } from '../subject.js';

/** Nothing given: left out, an empty string or an empty list (`middleNames: []` on a name held without any). */
export const isEmpty = (value: unknown): boolean => value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Whether `given` carries a value `held` does not: another value, or one where `held` has none. What `given` leaves
 * out or empty changes nothing, and neither does filling a place `held` keeps empty (`''`: the back of a document,
 * which v2 asks for once it has read the front); arrays differ in length or item by item.
 */
function changes(held: unknown, given: unknown): boolean {
  if (isEmpty(given) || held === '') return false;
  if (held === undefined || held === null) return true;
  if (Array.isArray(given) || Array.isArray(held)) {
    if (!Array.isArray(given) || !Array.isArray(held) || given.length !== held.length) return true;
    return given.some((item, index) => changes(held[index], item));
  }
  if (given !== null && typeof given === 'object') {
    if (held === null || typeof held !== 'object') return true;
    return Object.entries(given).some(([key, value]) => changes((held as Record<string, unknown>)[key], value));
  }
  return !Object.is(held, given);
}

/**
 * The elements of `ids` the journey holds (`held`: its `context.subject`) for which `given` (an update's subject)
 * carries another value. Each element's part is picked from both, so a document sent as two sides compares as
 * the one document v2 keeps, and compared in the form the element gives every spelling of a value (an SSN with or
 * without dashes); an element the journey does not validly hold is not compared.
 */
export function changedElements(catalogue: ElementCatalogue, held: Subject, given: Subject, ids: readonly string[]): string[] {
  return ids.filter((id) => {
    const element = catalogue.get(id);
    const heldPart = element?.pick(held);
    const givenPart = element?.pick(given);
    if (!element || heldPart === undefined || givenPart === undefined || !catalogue.isValid(held, id)) return false;
    return changes(element.comparable(heldPart), element.comparable(givenPart));
  });
}

/** A value the journey holds at a place: not left out, and not kept empty. */
const holdsValue = (held: unknown): boolean => held !== undefined && held !== null && held !== '';

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A place where `given` carries data no element owns, and what the journey holds there. */
interface UndescribedValue {
  readonly path: string;
  readonly held: unknown;
  readonly given: unknown;
}

/** Walks `given` down to its values (a list is one value) outside the paths `catalogue` owns, beside `held`. */
function undescribedValues(catalogue: ElementCatalogue, held: unknown, given: unknown, path = ''): UndescribedValue[] {
  if (path !== '' && catalogue.owns(path)) return [];
  if (isPlainObject(given)) {
    return Object.entries(given).flatMap(([key, value]) =>
      undescribedValues(
        catalogue,
        isPlainObject(held) && Object.hasOwn(held, key) ? held[key] : undefined,
        value,
        path === '' ? key : `${path}.${key}`,
      ),
    );
  }
  return path === '' || isEmpty(given) ? [] : [{ path, held, given }];
}

/**
 * The subject paths (dotted keys) where `given` carries data outside every element `catalogue` knows: data of an
 * element nobody described, which has the same structure in v1 and v2 and only v2 can judge.
 */
export const undescribedPaths = (catalogue: ElementCatalogue, given: Subject): string[] =>
  undescribedValues(catalogue, undefined, given).map(({ path }) => path);

/** The undescribed paths where the journey holds a value (`held`) and `given` carries another, compared as given. */
export const changedUndescribed = (catalogue: ElementCatalogue, held: Subject, given: Subject): string[] =>
  undescribedValues(catalogue, held, given)
    .filter((value) => holdsValue(value.held) && changes(value.held, value.given))
    .map(({ path }) => path);

/** The undescribed paths where the journey does not hold what `given` carries: another value, or none. */
export const unheldUndescribed = (catalogue: ElementCatalogue, held: Subject, given: Subject): string[] =>
  undescribedValues(catalogue, held, given)
    .filter((value) => !holdsValue(value.held) || changes(value.held, value.given))
    .map(({ path }) => path);
