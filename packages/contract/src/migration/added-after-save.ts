import type { ElementCatalogue } from '../element-catalogue.js';
import { mergeSubject } from '../merge-subject.js';
import type { Subject } from '../subject.js';
import { changedElements, isEmpty, isPlainObject, undescribedPaths, unheldUndescribed } from './changed-elements.js';

/**
 * Whether `held` holds every value of `given`: objects key by key, an array element by any element of the held array
 * (v1 callers split a document's sides over two elements); what `given` leaves empty holds.
 */
function holdsAll(held: unknown, given: unknown): boolean {
  if (isEmpty(given)) return true;
  if (Array.isArray(given)) return Array.isArray(held) && given.every((item) => held.some((candidate) => holdsAll(candidate, item)));
  if (isPlainObject(given)) return isPlainObject(held) && Object.entries(given).every(([key, value]) => holdsAll(held[key], value));
  return Object.is(held, given);
}

/** A value of `given` the journey does not hold, as a subject holding only it (an array item inside its array). */
interface UnheldPlace {
  readonly path: string;
  readonly alone: Subject;
}

/** Wraps `value` back into the subject path it came from (`['identity', 'idNumbers']`). */
const placed = (keys: readonly string[], value: unknown): Subject =>
  keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Subject;

/** Every value of `given` that `held` does not hold: object keys followed down, array items one by one. */
function unheldPlaces(held: unknown, given: unknown, keys: readonly string[] = []): UnheldPlace[] {
  if (holdsAll(held, given)) return [];
  if (isPlainObject(given)) {
    return Object.entries(given).flatMap(([key, value]) =>
      unheldPlaces(isPlainObject(held) ? held[key] : undefined, value, [...keys, key]),
    );
  }
  const path = keys.join('.');
  if (Array.isArray(given)) {
    return given.flatMap((item) => (holdsAll(held, [item]) ? [] : [{ path, alone: placed(keys, [item]) }]));
  }
  return [{ path, alone: placed(keys, given) }];
}

/**
 * The elements to which `given` (a Complete's subject) adds data the journey (`held`: its subject) does not hold:
 * `given` is folded into `held` as a submit would fold it, and each element's part compared in the form the element
 * gives every spelling of a value. A middle name, or the back of a document the journey holds empty, is added data;
 * an SSN sent again without its dashes is not.
 */
function addedElements(catalogue: ElementCatalogue, held: Subject, given: Subject): string[] {
  const merged = mergeSubject(held, given);
  return catalogue.carriedBy(merged).filter((id) => {
    const element = catalogue.get(id);
    const heldPart = element?.pick(held);
    const mergedPart = element?.pick(merged);
    if (!element || mergedPart === undefined) return false;
    return heldPart === undefined || !holdsAll(element.comparable(heldPart), element.comparable(mergedPart));
  });
}

/** What a Complete after a completing Save adds, by element where an element owns it, else by subject path. */
export interface AddedData {
  readonly elements: readonly string[];
  readonly paths: readonly string[];
}

/**
 * What `given` (a Complete's subject) carries that the journey (`held`) does not hold, or `undefined` when it holds
 * it all; an element invalid there counts as nothing, since a submit would have dropped it. Every value is looked
 * at: the elements' data in the form each element gives every spelling (a trimmed name, a date's day, an SSN's
 * digits), and the rest as given (another kind of id number, a second document, a second biometric, data no
 * element describes), but for `uid`.
 */
export function addedAfterSave(catalogue: ElementCatalogue, held: Subject, given: Subject): AddedData | undefined {
  const carried = catalogue.carriedBy(given);
  // An element invalid once folded into what the journey holds would have been dropped by any submit (an invalid
  // optional element is removed, rule 6): it adds nothing.
  const merged = mergeSubject(held, given);
  const dropped = carried.filter((id) => catalogue.get(id) !== undefined && !catalogue.isValid(merged, id));
  const added = addedElements(catalogue, held, given).filter((id) => !dropped.includes(id));
  const owns = (id: string, place: UnheldPlace) => {
    const element = catalogue.get(id);
    return element !== undefined && (element.paths.includes(place.path) || element.pick(place.alone) !== undefined);
  };
  // A place of an element carried here that holds it up to spelling is a respelling; any other place is added.
  const respelled = (place: UnheldPlace) => carried.some((id) => !added.includes(id) && owns(id, place));
  // `uid` is the caller's correlation id, which does not affect processing (specification): never data added.
  const unheld = unheldPlaces(held, given).filter(
    (place) => place.path !== 'uid' && !respelled(place) && !dropped.some((id) => owns(id, place)),
  );
  if (unheld.length === 0 && added.length === 0) return undefined;
  const ofAdded = (place: UnheldPlace) => added.some((id) => owns(id, place));
  return { elements: added, paths: [...new Set(unheld.filter((place) => !ofAdded(place)).map(({ path }) => path))] };
}

/**
 * The elements of `ids` (element names) whose data in `given` (a submit's subject) the journey does not hold
 * (`held`: its `context.subject`), value by value: for an element `catalogue` knows, one `given` sends nothing for
 * (nothing shows it taken), one not validly held, one held with another value, or one whose every sent value is
 * not held (a document's back the journey holds empty or lacks); for any other, `given` carrying nothing outside
 * the known elements or the journey not holding all it carries there (nothing says which of that data is whose). What a submit whose
 * outcome is unknown took is read from this: an empty answer means the journey holds all it sent.
 */
export function unheldElements(catalogue: ElementCatalogue, held: Subject, given: Subject, ids: readonly string[]): string[] {
  // No data outside the known elements, or some of it not held: nothing shows an unknown element taken.
  const unknownUnheld = () => undescribedPaths(catalogue, given).length === 0 || unheldUndescribed(catalogue, held, given).length > 0;
  const added = addedElements(catalogue, held, given);
  return [...new Set(ids)].filter((id) => {
    const element = catalogue.get(id);
    if (!element) return unknownUnheld();
    if (element.pick(given) === undefined || element.pick(held) === undefined || !catalogue.isValid(held, id)) return true;
    return added.includes(id) || changedElements(catalogue, held, given, [id]).length > 0;
  });
}
