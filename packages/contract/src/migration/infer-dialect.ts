import { JourneyStatus, statusNamed, toV1Status } from '../status.js';
import type { Decision, V1DialectInput } from './v1-dialect.js';

/** What `inferDialect` could tell from the v1 answers it was given, and what it could not. */
export interface InferredDialect {
  /** The dialect, with only what the answers showed; everything else keeps the specification's default. */
  readonly dialect: V1DialectInput;
  /** Flow keys of the modules (not the decision): each needs the v2 step nodeId of the same module in `flowKeys`. */
  readonly moduleKeys: readonly string[];
  /** One sentence per thing the answers could not settle, saying what to do about it. */
  readonly unknowns: readonly string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const V1_STATUSES = ['InProgress', 'Completed', 'Failed', 'Paused'] as const;
const DECISION_PREFIX = /^Decision:/;

/**
 * The decision a v1 wording stands for by its leading words (`Decision: Pass 1+1` → Accept, `Decision: Refer` →
 * Manual review), or `undefined` when it names none of v2's three.
 */
export function decisionNamed(outcome: string): Decision | undefined {
  const words = outcome.replace(DECISION_PREFIX, '').trim().toLowerCase();
  if (/^(pass|accept)/.test(words)) return 'Accept';
  if (/^(reject|decline|fail)/.test(words)) return 'Reject';
  if (/^(manual review|review|refer)/.test(words)) return 'Manual review';
  return undefined;
}

/** A stand-in value of the same kind: the adapter copies a member's presence, never its content. */
const emptyLike = (value: unknown): unknown =>
  Array.isArray(value) ? [] : isObject(value) ? {} : typeof value === 'string' ? '' : typeof value === 'number' ? 0 : null;

/**
 * The v1 dialect a journey answered in, read from v1 state answers a team already has (saved state fetches of
 * the same journey; a pending one and a decided one tell the most). Only what the answers show is set; the rest
 * is listed in `unknowns` rather than guessed.
 */
export function inferDialect(answers: readonly unknown[]): InferredDialect {
  const unknowns: string[] = [];
  const dialect: V1DialectInput = {};
  const states = answers.filter(isObject);
  if (states.length < answers.length) unknowns.push(`${answers.length - states.length} answer(s) are not JSON objects and were skipped`);

  const layouts = new Set<'process' | 'context.process'>();
  const flows: Json[] = [];
  let pendingWithout = 0;
  let pendingWith = 0;
  /** Each status the answers named, with every spelling they gave it. */
  const statusSpellings = new Map<string, string[]>();
  for (const state of states) {
    const data = isObject(state.data) ? state.data : {};
    const atProcess = isObject(data.process) && isObject(data.process.flow) ? data.process.flow : undefined;
    const context = isObject(data.context) ? data.context : undefined;
    const atContext = context && isObject(context.process) && isObject(context.process.flow) ? context.process.flow : undefined;
    if (atProcess) layouts.add('process');
    if (atContext) layouts.add('context.process');
    const flow = atContext ?? atProcess;
    if (flow) flows.push(flow);
    const status = typeof state.status === 'string' ? state.status : '';
    // By its letters (`IN_PROGRESS`); `Error` is the other spelling of a failure (register: status.failure-spelling).
    const named = JourneyStatus.safeParse(statusNamed(status));
    const known = named.success ? toV1Status(named.data) : undefined;
    if (known) statusSpellings.set(known, [...(statusSpellings.get(known) ?? []), status]);
    if (!known && status)
      unknowns.push(`status ${JSON.stringify(status)} is none of ${V1_STATUSES.join(', ')}: add it to statuses by hand`);
    const decided = Object.values(flow ?? {}).some(
      (entry) => typeof outcomeOf(entry) === 'string' && DECISION_PREFIX.test(outcomeOf(entry) ?? ''),
    );
    if (known === 'InProgress' && !decided) {
      if (flow) pendingWith += 1;
      else pendingWithout += 1;
    }
  }

  if (layouts.size === 1) dialect.layout = [...layouts][0];
  else if (layouts.size > 1) unknowns.push('the answers put the flow in both places: give answers of one journey only');
  else unknowns.push('no answer carries a flow: give the state of a journey that has results');

  if (pendingWithout > 0 && pendingWith === 0) dialect.omitUntilDecided = true;
  else if (pendingWith > 0 && pendingWithout === 0) dialect.omitUntilDecided = false;
  else if (pendingWith > 0 && pendingWithout > 0)
    unknowns.push('pending answers both carry and leave out the results: omitUntilDecided left at false');
  else unknowns.push('no pending answer given: cannot tell whether results are left out until decided (omitUntilDecided stays false)');

  const statuses: Record<string, string> = {};
  for (const [status, spellings] of statusSpellings) {
    const distinct = [...new Set(spellings)];
    // Two spellings of one status (`Failed` in some answers, `Error` in others) cannot both be answered: the code
    // waiting for either must be asked, not guessed for.
    if (distinct.length > 1)
      unknowns.push(
        `status ${status} is spelled ${distinct.map((spelling) => JSON.stringify(spelling)).join(' and ')}: set statuses.${status} by hand`,
      );
    else if (distinct[0] !== status) statuses[status] = distinct[0] as string;
  }
  if (Object.keys(statuses).length > 0) dialect.statuses = statuses;

  const decisionKeys = new Set<string>();
  const outcomes: Partial<Record<Decision, string>> = {};
  const moduleKeys = new Set<string>();
  const memberCounts = new Map<string, { count: number; sample: unknown }>();
  let entries = 0;
  for (const flow of flows) {
    for (const [key, entry] of Object.entries(flow)) {
      entries += 1;
      const outcome = outcomeOf(entry);
      if (outcome !== undefined && DECISION_PREFIX.test(outcome)) {
        decisionKeys.add(key);
        const decision = decisionNamed(outcome);
        if (decision) outcomes[decision] = outcome;
        else unknowns.push(`decision outcome ${JSON.stringify(outcome)} names none of Accept, Reject, Manual review: map it by hand`);
      } else {
        moduleKeys.add(key);
      }
      if (!isObject(entry)) continue;
      for (const [member, value] of Object.entries(entry)) {
        if (member === 'result' || member === 'subject') continue;
        const seen = memberCounts.get(member);
        memberCounts.set(member, { count: (seen?.count ?? 0) + 1, sample: seen?.sample ?? value });
      }
    }
  }
  if (decisionKeys.size === 1) dialect.decision = { key: [...decisionKeys][0] as string, outcomes };
  else if (decisionKeys.size > 1)
    unknowns.push(`several flow keys hold decisions (${[...decisionKeys].join(', ')}): keep the one your code reads`);
  else if (flows.length > 0) unknowns.push('no decided answer given: the decision key and wording keep the specification’s');
  const missing = (['Accept', 'Reject', 'Manual review'] as const).filter((decision) => outcomes[decision] === undefined);
  if (decisionKeys.size > 0 && missing.length > 0)
    unknowns.push(
      `no answer shows the wording of ${missing.join(', ')}: the specification’s is used ("Decision: Pass", "Decision: Reject", "Decision: Manual review")`,
    );

  const common = [...memberCounts].filter(([, { count }]) => count === entries);
  if (common.length > 0) dialect.entryFields = Object.fromEntries(common.map(([member, { sample }]) => [member, emptyLike(sample)]));
  for (const [member, { count }] of memberCounts)
    if (count < entries) unknowns.push(`member ${JSON.stringify(member)} is on only some flow entries: left out`);

  if (moduleKeys.size > 0)
    unknowns.push(`flow keys ${[...moduleKeys].join(', ')}: map each v2 step nodeId to the one of the same module in flowKeys`);
  unknowns.push('a state does not show whether start answered at once or at the end: set start if your code relies on either');
  return { dialect, moduleKeys: [...moduleKeys], unknowns };
}

function outcomeOf(entry: unknown): string | undefined {
  if (!isObject(entry) || !isObject(entry.result)) return undefined;
  return typeof entry.result.outcome === 'string' ? entry.result.outcome : undefined;
}
