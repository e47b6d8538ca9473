import { z } from 'zod';
import { SimulatorError } from './errors/simulator-error.js';
import { pathMatcher } from './path-pattern.js';
import type { SeededRandom } from './random.js';

/** A fault rule as the control plane accepts it. */
export const FaultRuleInput = z
  .strictObject({
    id: z.string().min(1).optional(),
    /** HTTP method to match. @default any */
    method: z.string().min(1).optional(),
    /** Exact path, or a pattern where `*` matches any run of characters, e.g. `*\/journey/state/fetch`. */
    path: z.string().min(1),
    /** Answer with this status and the surface's error body instead of handling the request. */
    status: z.number().int().min(400).max(599).optional(),
    /** `Retry-After` header for the error answer, in seconds. */
    retryAfter: z.number().int().nonnegative().optional(),
    /** Real milliseconds to wait before answering (or before handling, with no other effect). */
    latencyMs: z.number().int().nonnegative().max(60_000).optional(),
    /** Drop the connection without an answer. */
    reset: z.boolean().optional(),
    /** Answer 200 with a truncated, unparseable JSON body. */
    malformed: z.boolean().optional(),
    /**
     * Handle the request first (its effects stay), then answer with `status`, `reset` or `malformed` instead of
     * its answer: "taken, but the answer was lost" (a gateway 5xx, a dropped connection). @default false
     */
    afterHandling: z.boolean().optional(),
    /** How many matching requests the rule affects before it is used up. @default unlimited */
    count: z.number().int().positive().optional(),
    /** Chance that a matching request is affected, drawn from the seeded generator. @default 1 */
    probability: z.number().min(0).max(1).optional(),
  })
  .refine((rule) => [rule.status, rule.reset, rule.malformed, rule.latencyMs].some((v) => v !== undefined), {
    message: 'a fault needs at least one effect: status, reset, malformed or latencyMs',
  })
  .refine((rule) => rule.afterHandling !== true || [rule.status, rule.reset, rule.malformed].some((v) => v !== undefined), {
    message: 'afterHandling replaces the answer: it needs status, reset or malformed',
  });
export type FaultRuleInput = z.input<typeof FaultRuleInput>;

/** A fault rule `FaultInjector.add` refuses; `issues` name each field. */
export class FaultRuleError extends SimulatorError {
  override name = 'FaultRuleError';
  constructor(readonly issues: readonly string[]) {
    super(`invalid fault rule:\n  ${issues.join('\n  ')}`);
  }
}

export interface FaultRule extends Omit<z.output<typeof FaultRuleInput>, 'id'> {
  id: string;
  /** Matching requests the rule has affected. */
  hits: number;
}

/** The effect a request meets: the rule that fired. */
export type FaultEffect = Readonly<FaultRule>;

/** Fault rules, matched in the order they were added; a used-up rule is removed. */
export class FaultInjector {
  #rules: FaultRule[] = [];
  /** Each rule's path compiled once when it is added, not on every request. */
  readonly #matchers = new WeakMap<FaultRule, (path: string) => boolean>();
  #nextId = 1;
  readonly #random: SeededRandom;

  constructor(random: SeededRandom) {
    this.#random = random;
  }

  /** @throws FaultRuleError when `input` is not a fault rule. */
  add(input: FaultRuleInput): FaultRule {
    const result = FaultRuleInput.safeParse(input);
    if (!result.success) {
      throw new FaultRuleError(result.error.issues.map((issue) => `${issue.path.join('.') || '(rule)'}: ${issue.message}`));
    }
    const parsed = result.data;
    const rule: FaultRule = { ...parsed, id: parsed.id ?? `fault-${this.#nextId++}`, hits: 0 };
    this.#matchers.set(rule, pathMatcher(rule.path));
    this.#rules = [...this.#rules.filter((existing) => existing.id !== rule.id), rule];
    return rule;
  }

  list(): readonly FaultRule[] {
    return this.#rules;
  }

  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((rule) => rule.id !== id);
    return this.#rules.length < before;
  }

  /** Removes every rule and restarts ids at `fault-1`. */
  clear(): void {
    this.#rules = [];
    this.#nextId = 1;
  }

  /** The rule a request meets, if any; counts the hit and retires a used-up rule. */
  match(method: string, path: string): FaultEffect | undefined {
    for (const rule of this.#rules) {
      if (rule.method !== undefined && rule.method.toUpperCase() !== method) continue;
      if (!this.#matchers.get(rule)?.(path)) continue;
      if (rule.probability !== undefined && this.#random.next() >= rule.probability) continue;
      rule.hits += 1;
      if (rule.count !== undefined && rule.hits >= rule.count) this.remove(rule.id);
      return { ...rule };
    }
    return undefined;
  }
}
