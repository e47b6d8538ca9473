import type { Subject } from '@journey-bridge/contract';

/**
 * Whether the caller's tasks would fit the v2 publication's steps in `live`. There the adapter lists v2's one
 * interaction as the task, so the caller's `n`th `Complete` goes, with its `Save`s beneath it, to whichever step is
 * `n`th to take data; the mirror instead gives each step the earliest of the caller's data that satisfies it, so a
 * publication that collects in more, fewer or other steps than v1 matches in shadow and fails in live (a step asks
 * for what that `Complete` does not carry, or for a `Complete` the caller never sends). Where the mirror gives the
 * shadow's `n`th step other data than the `n`th `Complete`, the mirror asks the step, with a `Validate`, whether that
 * `Complete` alone would do; it costs nothing where the steps line up.
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
   * What live would give the shadow's next step to take data, when the mirror gives it other data (submission
   * `index`): `undefined` when they are the same, or the caller has not sent that `Complete` yet (then `misfits` says).
   */
  dueCheck(index: number): Subject | undefined {
    const next = this.#takes;
    return index === next ? undefined : this.#own[next];
  }

  /** Notes that the shadow's step took its data; `liveFits`: whether the `Complete` live would send it was valid there. */
  taken(liveFits: boolean | undefined): void {
    this.#takes += 1;
    if (liveFits === false) this.#misfit = true;
  }

  /** Whether live would not have come to the end: a step refused its `Complete`, or took data for more steps than the caller completed. */
  misfits(): boolean {
    return this.#misfit || this.#takes > this.#own.length;
  }
}
