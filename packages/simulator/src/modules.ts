import { DOMAIN_ELEMENTS, type Subject } from '@journey-bridge/contract';
import type { ModuleDefinition, ModuleRule, OutcomeClassification, RuleCondition } from './journey-definition.js';

/** What one module run concluded about a subject. */
export interface ModuleOutcome {
  outcome: string;
  classification: OutcomeClassification;
  error: boolean;
  isUnder18: boolean | undefined;
  contains: Record<string, number | boolean | null>;
}

/** Whole years between `dateOfBirth` and `now`, or undefined for a missing or malformed date. */
export function ageAt(dateOfBirth: string | undefined, now: number): number | undefined {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return undefined;
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  const today = new Date(now);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const birthdayPassed =
    today.getUTCMonth() > born.getUTCMonth() || (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() >= born.getUTCDate());
  if (!birthdayPassed) age -= 1;
  return age;
}

function valueAt(subject: Subject, path: string): unknown {
  let value: unknown = subject;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Whether a rule condition holds for the subject at virtual time `now`. */
export function holds(condition: RuleCondition, subject: Subject, now: number): boolean {
  if ('ageBelow' in condition) {
    const age = ageAt(subject.identity?.dateOfBirth, now);
    return age !== undefined && age < condition.ageBelow;
  }
  const value = valueAt(subject, condition.path);
  if ('equals' in condition) return JSON.stringify(value) === JSON.stringify(condition.equals);
  return typeof value === 'string' && Buffer.from(value, 'base64').toString('latin1').includes(condition.decodedIncludes);
}

/**
 * Runs a module's rules (`rules`: those of the publication running it) against the subject and derives
 * `advice.contains` the way a data check reports it.
 */
export function runModule(
  module: ModuleDefinition,
  subject: Subject,
  now: number,
  rules: readonly ModuleRule[] = module.rules,
): ModuleOutcome {
  const rule = rules.find((candidate) => candidate.when.every((condition) => holds(condition, subject, now)));
  const outcome = rule?.outcome ?? 'Match';
  const classification = rule?.classification ?? 'positive';
  const age = ageAt(subject.identity?.dateOfBirth, now);
  const matched = outcome === 'Match' ? 1 : 0;
  const has = (id: keyof typeof DOMAIN_ELEMENTS) => DOMAIN_ELEMENTS[id].pick(subject) !== undefined;
  const name = has('FullName');
  const dob = has('DateOfBirth');
  const address = has('CurrentAddress');
  const id = has('SSN') || has('PrimaryDocument');
  const count = (...present: boolean[]) => (present.every(Boolean) ? matched : 0);
  return {
    outcome,
    classification,
    error: rule?.error ?? false,
    isUnder18: age === undefined ? undefined : age < 18,
    contains: {
      nameAddress: count(name, address),
      nameDob: count(name, dob),
      nameDobAddress: count(name, dob, address),
      idNameAddress: count(id, name, address),
      idNameDob: count(id, name, dob),
      idNameAddressDob: count(id, name, address, dob),
      idName: count(id, name),
      sources: matched * 2,
      isUnder18: age !== undefined && age < 18,
      customDecision: null,
      svcScore: classification === 'positive' ? 90 : classification === 'neutral' ? 50 : 10,
    },
  };
}
