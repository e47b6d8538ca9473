import { isDeepStrictEqual } from 'node:util';
import { flowOf, mergeSubject, SPECIFICATION_CATALOGUE, type Subject, type V1State } from '@journey-bridge/contract';

/**
 * How live would differ: a step refuses the `Complete` it gets (or asks for one the caller never sends), or steps
 * come to their end without elements v1's journey held, which the shadow's were given.
 */
export type StepsMisfit = { readonly refused: true } | { readonly without: readonly string[] };

/**
 * Whether the caller's tasks would fit the v2 publication's steps in `live`. There the adapter lists v2's one
 * interaction as the task, so the caller's `n`th `Complete` goes, with its `Save`s beneath it, to whichever step is
 * `n`th to take data, and the step drops what it does not collect; the mirror instead gives each step the earliest
 * of the caller's data that satisfies it, so a publication that collects in more, fewer or other steps than v1
 * matches in shadow and fails in live (a step asks for what that `Complete` does not carry, or for a `Complete` the
 * caller never sends), or comes to its end without data the shadow had (an optional element moved to a later step).
 *
 * Three checks, each where the mirror gives the `n`th step more than the `n`th `Complete`:
 * - the step waits for the caller's `n`th `Complete` before it takes anything (`awaitsComplete`), unless the primary
 *   has ended without one;
 * - the mirror asks the step, with a `Validate`, whether that `Complete` alone would do (`dueCheck`);
 * - an element the step collects (its task schema says) that the shadow was given, but neither that `Complete`
 *   carries nor live's journey holds from its earlier steps, is one live's step goes without (`taken`): a
 *   difference only if v1's journey held it at its end (v1 may have dropped it too, sent to a task that did not
 *   collect it), which its state's flow says (`misfit`).
 * Code that sends the whole subject with every task costs no `Validate`.
 */
export class StepAlignment {
  /** Per completed submission, what its `Complete` carried with its `Save`s beneath: what live sends its step. */
  readonly #own: Subject[] = [];
  /** Steps of the shadow that took data. */
  #takes = 0;
  #misfit = false;
  /** The specification's elements live's journey would hold: the prefill's, then what each step took of its `Complete`. */
  readonly #liveHolds: Set<string>;
  /** Whether every step so far said what it collects: past one that did not, what live holds is not known. */
  #holdsKnown = true;
  /** Elements a step of the shadow took that live's would go without. */
  readonly #goesWithout = new Set<string>();

  /** `prefill`: the subject the journey was started with, which both sides hold from the start. */
  constructor(prefill: Subject) {
    this.#liveHolds = new Set(SPECIFICATION_CATALOGUE.carriedBy(prefill));
  }

  /** Notes completed submission `index`: `own`, its `Complete`'s subject with its `Save`s beneath (a replaced one again). */
  completed(index: number, own: Subject): void {
    this.#own[index] = own;
  }

  /** Whether the shadow's next step to take data would get, in live, a `Complete` the caller has not sent yet. */
  awaitsComplete(): boolean {
    return this.#own[this.#takes] === undefined;
  }

  /**
   * What live would give the shadow's next step to take data, when the mirror may give it more (submission `index`):
   * `undefined` when nothing differs, or the caller has not sent that `Complete` (then `misfits` says).
   */
  dueCheck(index: number): Subject | undefined {
    const next = this.#takes;
    const own = this.#own[next];
    if (index !== next || own === undefined) return own;
    const earlier = this.#own.slice(0, next).reduce<Subject>((all, subject) => mergeSubject(all, subject), {});
    return isDeepStrictEqual(mergeSubject(earlier, own), own) ? undefined : own;
  }

  /**
   * Notes that the shadow's step took `given`. `collects`: whether the step collects an element, as its task schema
   * says (`undefined`: unknown, and the elements go unchecked from here on). `liveFits`: whether the `Complete` live
   * would send it was valid there (`true` when no check was due; `undefined` when the check could not say, which is
   * not a misfit).
   */
  taken(given: Subject, collects: ((id: string) => boolean) | undefined, liveFits: boolean | undefined): void {
    const own = this.#own[this.#takes];
    this.#takes += 1;
    if (liveFits === false) this.#misfit = true;
    if (collects === undefined) this.#holdsKnown = false;
    if (collects === undefined || own === undefined || !this.#holdsKnown) return;
    const collected = (subject: Subject) => SPECIFICATION_CATALOGUE.carriedBy(subject).filter(collects);
    const liveTakes = collected(own);
    for (const id of collected(given)) if (!liveTakes.includes(id) && !this.#liveHolds.has(id)) this.#goesWithout.add(id);
    for (const id of liveTakes) this.#liveHolds.add(id);
  }

  /**
   * How live would not have come to the end as the shadow did, given v1's state at its end (`undefined` when the
   * primary did not end): a step refused its `Complete` or the shadow's took data for more steps than the caller
   * completed; or steps went without elements v1's journey held (sorted). `'unknown'` when only the latter could be
   * and v1's state does not say what its journey held, or a step did not say what it collects.
   */
  misfit(v1End: V1State | undefined): StepsMisfit | 'unknown' | undefined {
    if (this.#misfit || this.#takes > this.#own.length) return { refused: true };
    if (!this.#holdsKnown) return 'unknown';
    if (this.#goesWithout.size === 0) return undefined;
    const held = v1End && heldBy(v1End);
    if (held === undefined) return 'unknown';
    const without = [...this.#goesWithout].filter((id) => held.has(id)).sort();
    return without.length > 0 ? { without } : undefined;
  }
}

/** The specification's elements a v1 state's flow says its journey held, or `undefined` when no entry carries a subject. */
function heldBy(state: V1State): Set<string> | undefined {
  const subjects = Object.values(flowOf(state)).flatMap((entry) => (entry.subject ? [entry.subject] : []));
  if (subjects.length === 0) return undefined;
  return new Set(subjects.flatMap((subject) => SPECIFICATION_CATALOGUE.carriedBy(subject)));
}
