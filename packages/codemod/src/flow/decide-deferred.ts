import type { FileContext } from '../plan/file-context.js';
import { participantsLiteral } from '../plan/participants.js';
import { type DeferredStart, type DeferredSubmit, type Site, type Synthesized, settle } from '../plan/types.js';
import type { Answer } from './answers.js';

/** What the deferred parts of a flow's calls are decided from. */
export interface FlowContext {
  /** The other calls of the site's flow. */
  readonly calls: readonly Site[];
  /** Whether the flow holds a v2 start (whose prefill the codemod cannot see). */
  readonly v2Start: boolean;
  /** The calls each call's answered ids reach (a start's instance: its task and state calls). */
  readonly reached: ReadonlyMap<string, ReadonlySet<string>>;
  readonly byId: ReadonlyMap<string, Site>;
  readonly readAsState: ReadonlySet<string>;
  readonly interactions: ReadonlyMap<string, string>;
  readonly answers: ReadonlyMap<string, Answer>;
  /** Why the generated module's helpers may not be called, as markers say it; `undefined` when they may. */
  readonly helpersOff: string | undefined;
  readonly ctx: (file: string) => FileContext | undefined;
}

const THEN: Readonly<Record<Exclude<Synthesized['answer'], 'body' | 'callee'>, string>> = {
  json: '.then((response) => response.json())',
  data: '.then((response) => response.data)',
  'body-field': '.then((response) => response.body)',
};

/** Why what a function of the project answers cannot be parsed after its call, if it cannot. */
function unparsed(own: Answer | undefined): string | undefined {
  // A settled got response has no `.json()`, unlike ky's.
  if (own === 'got-response') return "the function that makes it hands back got's settled response, which has no .json()";
  if (own === 'text') return "the function that makes it answers the body's text";
  return undefined;
}

/**
 * A synthesized call as an expression of the parsed answer, or `undefined` when what it answers is not known or
 * cannot be parsed after it; `typeName` types the parse of got's promise (`.json<V2Interaction>()`).
 */
function answered(call: Synthesized, own: Answer | undefined, typeName?: string): string | undefined {
  // What an unreadable interceptor makes of the response is not known: nothing can be read from it.
  if (call.answer === 'callee' && own === 'opaque') return undefined;
  if (call.answer === 'callee' && unparsed(own) !== undefined) return undefined;
  if (call.answer === 'callee' && own === 'got') return `${call.text}.json${typeName ? `<${typeName}>` : ''}()`;
  const answer =
    call.answer === 'callee'
      ? own === undefined || own === 'body'
        ? 'body'
        : own === 'axios'
          ? 'data'
          : own === 'superagent'
            ? 'body-field'
            : 'json'
      : call.answer;
  return answer === 'body' ? call.text : `${call.text}${THEN[answer]}`;
}

/**
 * A task update's participants: the elements the code shows it carries, when nothing in its flow may have
 * provided them before (no start, or starts whose prefill is written out and carries none of them); otherwise
 * `participantsFor(interaction, …)` at run time, from the interaction its task came from, or fetched the way the
 * update is made. Refused when neither is possible, or helpers are off.
 */
export function decideSubmit(site: Site, deferred: DeferredSubmit, flow: FlowContext): void {
  const starts = flow.calls.filter((call) => call.deferred?.kind === 'start');
  const elements = deferred.elements;
  const provided = (call: Site) =>
    call.deferred?.kind === 'start' && (call.deferred.prefill === undefined || call.deferred.prefill.some((id) => elements?.includes(id)));
  const ctx = flow.ctx(site.file);
  if (!ctx) return;
  let participants: string;
  if (elements && elements.length > 0 && !flow.v2Start && !starts.some(provided)) {
    participants = participantsLiteral(ctx, elements as Parameters<typeof participantsLiteral>[1]);
  } else {
    const carried = elements && elements.length > 0 ? `[${elements.map((id) => ctx.str(id)).join(', ')}]` : (deferred.subject ?? '');
    if (flow.helpersOff) {
      site.refusal = {
        rule: 'request.update-participants',
        reason:
          elements && elements.length > 0
            ? `its flow may have provided these elements before (at start) and ${flow.helpersOff}`
            : `the subject is not visible in the code and ${flow.helpersOff}`,
        suggestion: "{ instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }",
      };
      settle(site);
      return;
    }
    const inScope = flow.interactions.get(site.id);
    const own = flow.answers.get(site.id);
    const parsedAs = own === 'got' && ctx.isTypeScript ? 'V2Interaction' : undefined;
    const fetched = deferred.fetchInteraction && answered(deferred.fetchInteraction, own, parsedAs);
    if (inScope) participants = `participantsFor(${inScope}, ${carried})`;
    else if (fetched && deferred.problem === undefined) {
      participants = `participantsFor(await ${fetched}, ${carried})`;
      site.helpers.push(...(deferred.fetchInteraction?.helpers ?? []), ...(parsedAs ? [parsedAs] : []));
      if (deferred.asyncAt !== undefined)
        site.edits.push({ file: site.file, start: deferred.asyncAt, end: deferred.asyncAt, text: 'async ' });
    } else {
      site.refusal = {
        rule: 'request.update-participants',
        reason: `participants come from what the interaction asks for, and it cannot be fetched here: ${deferred.problem ?? unparsed(own) ?? 'no interaction fetch can be written'}`,
        suggestion: 'participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries',
      };
      settle(site);
      return;
    }
    site.helpers.push('participantsFor');
  }
  const { insert } = deferred;
  site.edits.push({ file: insert.file, start: insert.start, end: insert.end, text: `${insert.text}${participants}${insert.after}` });
}

/**
 * A synchronous v1 start answered once the journey had run as far as it could: it ended, or an interaction
 * waited for input. When its answer is read as the journey's state, the v2 start is wrapped in
 * `waitForResult(start, fetchState)`, which resolves with the state once the journey has run; when its instance
 * reaches task or state calls, in `waitUntilRun(start, fetchInteraction)`, which resolves with the start's answer
 * at the point v1 answered. Otherwise (nothing after it in the code the run was given) it stays marked for review.
 */
export function decideStart(site: Site, deferred: DeferredStart, flow: FlowContext): void {
  if (!deferred.synchronous) return;
  const after = [...(flow.reached.get(site.id) ?? [])].flatMap((id) => flow.byId.get(id)?.operation ?? []);
  const tasks = after.some((operation) => operation.startsWith('journey/task/'));
  const readsState = flow.readAsState.has(site.id);
  if (readsState && tasks) return void refuseWait(site, 'its answer is read as the journey state, and tasks follow it');
  if (!readsState && after.length === 0) return;
  if (flow.helpersOff) return void refuseWait(site, `waiting as v1 did needs the generated helpers, and ${flow.helpersOff}`);
  const own = flow.answers.get(site.id);
  const wait = deferred.wait;
  const call = wait && (readsState ? answered(wait.fetchState, own) : answered(wait.fetchInteraction, own));
  if (!wait || !call || (own !== undefined && own !== 'body')) {
    return void refuseWait(
      site,
      `the wait cannot be written here: ${deferred.waitProblem ?? 'the start answers a response, not its body'}`,
    );
  }
  const helper = readsState ? 'waitForResult' : 'waitUntilRun';
  site.helpers.push(...((readsState ? wait.fetchState : wait.fetchInteraction).helpers ?? []));
  site.edits.push({ file: site.file, start: wait.start, end: wait.start, text: `${helper}(` });
  site.edits.push({ file: site.file, start: wait.end, end: wait.end, text: `, (${wait.instanceParam}) => ${call})` });
  site.helpers.push(helper);
  site.reviews = site.reviews.filter((review) => review.rule !== 'request.start-async');
  settle(site);
}

function refuseWait(site: Site, reason: string): void {
  site.refusal = {
    rule: 'request.start-async',
    reason,
    suggestion: 'wait with waitForResult(start, (instanceId) => <state fetch>) before reading results',
  };
  settle(site);
}
