import { isDeepStrictEqual } from 'node:util';
import { mergeSubject, type Subject } from '@journey-bridge/contract';

/**
 * Whether the caller's tasks would fit the v2 publication's steps in `live`. There the adapter lists v2's one
 * interaction as the task, so the caller's `n`th `Complete` goes, with its `Save`s beneath it, to whichever step is
 * `n`th to take data; the mirror instead gives each step the earliest of the caller's data that satisfies it, so a
 * publication that collects in more, fewer or other steps than v1 matches in shadow and fails in live (a step asks
 * for what that `Complete` does not carry, or for a `Complete` the caller never sends). Where the mirror gives the
 * shadow's `n`th step other data than the `n`th `Complete`, or data an earlier `Complete` carried and this one does
 * not (live's step holds it only if an earlier step collected it, and an element moved between steps was dropped
 * there), the mirror asks the step, with a `Validate`, whether that `Complete` alone would do. Code that sends the
 * whole subject with every task costs no `Validate`.
 */
export class StepAlignment {
  /** Per completed submission, what its `Complete` carried with its `Save`s beneath: what live sends its step. */
  readonly #own: Subject[] = [];
  /** Steps of the shadow that took data. */
  #takes = 0;
  #misfit = false;

  /** Notes completed submission `index`: `own`, its `Complete`'s subject with its `Save`s beneath (a replaced one again). */
  completed(index: number, own: Subject): void {
    this.#own[index] = own;
  }

  /**
   * What live would give the shadow's next step to take data, when the mirror may give it more (submission `index`):
   * `undefined` when nothing differs, or the caller has not sent that `Complete` yet (then `misfits` says).
   */
  dueCheck(index: number): Subject | undefined {
    const next = this.#takes;
    const own = this.#own[next];
    if (index !== next || own === undefined) return own;
    const earlier = this.#own.slice(0, next).reduce<Subject>((all, subject) => mergeSubject(all, subject), {});
    return isDeepStrictEqual(mergeSubject(earlier, own), own) ? undefined : own;
  }

  /**
   * Notes that the shadow's step took its data; `liveFits`: whether the `Complete` live would send it was valid there
   * (`true` when no check was due; `undefined` when the check could not say, which is not a misfit).
   */
  taken(liveFits: boolean | undefined): void {
    this.#takes += 1;
    if (liveFits === false) this.#misfit = true;
  }

  /** Whether live would not have come to the end: a step refused its `Complete`, or took data for more steps than the caller completed. */
  misfits(): boolean {
    return this.#misfit || this.#takes > this.#own.length;
  }
}
