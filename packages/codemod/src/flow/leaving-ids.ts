import type { Node } from '@babel/types';
import { evaluate } from '../analysis/evaluate.js';
import { flatten } from '../analysis/static-value.js';
import { placeRef } from '../edits/line-refs.js';
import { dottedName, isMember, passesOn, propertyName, walk } from '../parse/walk.js';
import type { V2Call } from '../plan/call-sites.js';
import { sendsHttp } from '../plan/http-libraries.js';
import type { Site } from '../plan/types.js';
import { placeOf } from './call-ids.js';
import type { Sources } from './sources.js';
import { startCallbacks } from './start-callbacks.js';
import type { IdLeave, V2Unfollowed } from './tracker.js';

/** The v1 calls that act on an instance the caller names: a start's id handed out may come back to them. */
const INSTANCE_CALLS = new Set<string>(['journey/task/list', 'journey/task/list/schema', 'journey/task/update', 'journey/state/fetch']);
/** The v2 calls that name an instance. */
const V2_INSTANCE_CALLS = new Set<string>(['journey/state/fetch', 'journey/interaction/fetch', 'journey/interaction/submit']);

/** The paths of those calls, as a v1 URL the codemod cannot follow writes them (`/journey/task/list`, `'task/update'`, a whole URL). */
const INSTANCE_PATH = /(?:^|[^\w/]|\/captain\/api)\/?(?:journey\/)?(?:task\/(?:list|list\/schema|update)|state\/fetch)(?![\w/])/;

/**
 * The v1 requests the codemod found but cannot follow (`codemod.unrecognized-v1-url`) that act on an instance: a
 * request sent by a call (`legacy.post('task/list', { instanceId })` on a client whose base only run time knows, the
 * path written there or in a constant, `post(TASK_LIST)`), a generated client's (`this.request({ path:
 * '/journey/task/list' })`) whose methods another file calls, the v1 URLs of a file that sends with XMLHttpRequest:
 * each sends an instance id the codemod cannot tie to any start, as a v1 call whose id comes from outside does; so
 * does a v1 base no call it recognises sends (a URL builder's), whose operation is left to run time.
 */
export function unfollowedInstanceRequests(sites: readonly Site[], sources: Sources): Site[] {
  return sites.filter((site) => {
    if (site.rule !== 'codemod.unrecognized-v1-url' || site.ignored) return false;
    const text = sources.text(site.file)?.slice(site.span.start, site.span.end) ?? '';
    if (leavesOperationOpen(sources, site, text)) return true;
    const request = sentByACall(sources, site);
    const path = request?.path ?? text;
    return INSTANCE_PATH.test(path) && (request !== undefined || calledFromElsewhere(sources, site) || sendsWithXhr(sources, site.file));
  });
}

/**
 * Whether a v1 URL the codemod does not see sent stops at the v1 base and is joined to an operation left to run
 * time: in its own template (`${HOST}/captain/api/journey/${op}`), by `+` (`'…/captain/api/journey/' + op`), or,
 * held in a constant, by a builder anywhere in the run (`new URL(op, BASE)`, `[BASE, op].join('/')`,
 * `` `${BASE}/${op}` ``, `BASE + op`), or given to a function of the project, itself or by its constant's name
 * (`createJourneyApi({ baseUrl: '…/captain/api/' })`, `new Client(BASE)`), which may join it to any operation:
 * whoever calls that code may send any instance request. A base that is only named (a status page's link, a CSP
 * entry) sends nothing.
 */
function leavesOperationOpen(sources: Sources, site: Site, text: string): boolean {
  const base = /\/captain\/api(?:\/journey)?\/?(?:['"`]|$)/;
  if (/\/captain\/api(?:\/journey)?\/?\$\{/.test(text)) return true;
  if (!base.test(text.trimEnd())) return false;
  const source = sources.text(site.file) ?? '';
  // A template's text part is followed by its hole; a string literal by `+`.
  if (/^(?:\$\{|['"`]?\s*\+)/.test(source.slice(site.span.end, site.span.end + 8))) return true;
  const held = /\b(?:const|let|var)\s+([\w$]+)\s*=\s*$/.exec(source.slice(Math.max(0, site.span.start - 120), site.span.start));
  const name = held?.[1];
  if (givenToAFunction(sources, site, name)) return true;
  if (name === undefined) return false;
  // `$` is a word character of JavaScript's, not of a regular expression's.
  const nameWritten = String.raw`(?<![\w$])${name.replaceAll('$', '\\$')}(?![\w$])`;
  const joined = new RegExp(
    String.raw`new\s+URL\([^,()]+,\s*${nameWritten}|\[\s*${nameWritten}\s*,|\$\{${nameWritten}\}|${nameWritten}\s*\+`,
  );
  return sources.files().some((file) => joined.test(sources.text(file) ?? ''));
}

/**
 * Whether the base at the site, or the constant `name` holding it, is given to a function: an argument of a call
 * (or `new`), itself, through `||`, `??`, a conditional or a cast (`process.env.URL || '…'`), or as a property of an
 * object literal written in the call or held in a `const` passed to it, whole or spread (`createJourneyApi(options)`,
 * `require('./journey-api')({ baseUrl })`, a package's factory). Not an HTTP client's own call (an instance the
 * codemod plans), a log line's, nor a response's that only names it to a page (`res.render('status', { api: '…' })`,
 * `res.json`, `res.set`).
 */
function givenToAFunction(sources: Sources, site: Site, name: string | undefined): boolean {
  const source = sources.get(site.file);
  if (!source) return false;
  const { ctx } = source;
  const takesIt = (callee: Node): boolean => {
    let root = callee;
    while (isMember(root)) root = root.object;
    if (root.type === 'Identifier' && (sendsHttp(ctx, root.name) || root.name === 'console')) return false;
    if (VALUE_ONLY.has(dottedName(callee))) return false;
    return !(isMember(callee) && NAMING_ONLY.has(propertyName(callee) ?? ''));
  };
  // The names of `const`s holding an object literal with the base in it: they are handed on whole.
  const holders = new Set<string>();
  const givenAt = (value: Node, ancestors: readonly Node[]): boolean => {
    let at = ancestors.length - 1;
    let held: Node = value;
    while (ancestors[at] && passesOn(ancestors[at] as Node, held)) held = ancestors[at--] as Node;
    const holder = ancestors[at];
    if (holder?.type === 'ObjectProperty' && holder.value === held && ancestors[at - 1]?.type === 'ObjectExpression') {
      held = ancestors[at - 1] as Node;
      at -= 2;
      const declarator = ancestors[at];
      if (declarator?.type === 'VariableDeclarator' && declarator.init === held && declarator.id.type === 'Identifier') {
        holders.add(declarator.id.name);
        return false;
      }
    }
    const call = ancestors[at];
    if ((call?.type !== 'CallExpression' && call?.type !== 'NewExpression') || !call.arguments.includes(held as never)) return false;
    // `Object.freeze({ baseUrl })`, `Object.assign({}, { baseUrl })` hand the object on: where it goes decides.
    if (HANDS_ON.has(dottedName(call.callee))) return givenAt(call, ancestors.slice(0, at));
    return takesIt(call.callee);
  };
  let given = false;
  walk(ctx.ast.program, (node, ancestors) => {
    if (given) return;
    const isBase =
      (node.start === site.span.start && node.end === site.span.end) ||
      (name !== undefined && node.type === 'Identifier' && node.name === name);
    if (isBase) given = givenAt(node, ancestors);
  });
  if (given || holders.size === 0) return given;
  // A holder passed on: `createJourneyApi(options)`, or spread into the object passed (`{ ...defaults, timeout }`).
  walk(ctx.ast.program, (node, ancestors) => {
    if (given || node.type !== 'Identifier' || !holders.has(node.name)) return;
    const spread = ancestors.at(-1)?.type === 'SpreadElement' && ancestors.at(-2)?.type === 'ObjectExpression';
    const argument = spread ? (ancestors.at(-2) as Node) : node;
    const call = ancestors.at(spread ? -3 : -1);
    given =
      (call?.type === 'CallExpression' || call?.type === 'NewExpression') &&
      call.arguments.includes(argument as never) &&
      takesIt(call.callee);
  });
  return given;
}

/** Methods that only name a value to what they answer or log (a page, a header, a JSON body, a log line). */
const NAMING_ONLY: ReadonlySet<string> = new Set([
  'render',
  'view',
  'json',
  'send',
  'end',
  'write',
  'set',
  'setHeader',
  'header',
  'append',
  'log',
  'info',
  'warn',
  'error',
  'debug',
]);

/** The language's calls that make a value's text: no factory joins a base to paths there. */
const VALUE_ONLY: ReadonlySet<string> = new Set(['JSON.stringify', 'String', 'encodeURIComponent']);

/** The language's calls that hand the object they are given on, to wherever their answer goes. */
const HANDS_ON: ReadonlySet<string> = new Set(['Object.freeze', 'Object.assign']);

/**
 * The path a call is given at the site (`legacy.post('task/list', …)`, or a constant of it, `post(TASK_LIST)`), as far
 * as the code shows it, when the site is such a call or its URL; `undefined` for one written anywhere else (a map of
 * endpoints nothing sends from, an object a request builder reads).
 */
function sentByACall(sources: Sources, site: Site): { readonly path: string } | undefined {
  const source = sources.get(site.file);
  if (!source) return undefined;
  const holds = (node: Node) => node.start != null && node.end != null && node.start <= site.span.start && site.span.end <= node.end;
  let url: Node | undefined;
  walk(source.ctx.ast.program, (node) => {
    if (url || (node.type !== 'CallExpression' && node.type !== 'OptionalCallExpression')) return;
    if (node.start === site.span.start) url = node.arguments[0];
    // Text, a template, a concatenation, or a name of one; not an object of them.
    else
      url = node.arguments.find(
        (argument) => (URL_SHAPES.has(argument.type) || argument.type === 'Identifier' || isMember(argument)) && holds(argument),
      );
  });
  return url && { path: flatten(evaluate(url, source.ctx)).text };
}

const URL_SHAPES = new Set(['StringLiteral', 'TemplateLiteral', 'BinaryExpression']);

/** `new XMLHttpRequest()` in the file: its v1 URLs are requests whose ids and answers the codemod never follows. */
const sendsWithXhr = (sources: Sources, file: string): boolean => /\bnew\s+XMLHttpRequest\b/.test(sources.text(file) ?? '');

/**
 * Whether the site lies in a class whose methods another file of the run calls (`api(token).journeyTaskListPost(…)`
 * on a generated client, its path in an object the class's own request builder reads): those calls send ids the
 * codemod cannot tie.
 */
function calledFromElsewhere(sources: Sources, site: Site): boolean {
  const source = sources.get(site.file);
  if (!source) return false;
  const names = new Set<string>();
  walk(source.ctx.ast.program, (node) => {
    if (node.type !== 'ClassDeclaration' && node.type !== 'ClassExpression') return;
    const { start, end } = node;
    if (start == null || end == null || start > site.span.start || site.span.end > end) return;
    for (const member of node.body.body)
      if (member.type === 'ClassMethod' && member.key.type === 'Identifier' && member.kind === 'method') names.add(member.key.name);
  });
  if (names.size === 0) return false;
  const called = new RegExp(`\\.(?:${[...names].map((name) => name.replaceAll('$', '\\$')).join('|')})\\s*\\(`);
  return sources.files().some((file) => file !== site.file && called.test(sources.text(file) ?? ''));
}

/** A start whose instance id leaves the code (`origin`) and a v1 call of the run whose id comes from outside (`call`). */
export interface LeavingTie {
  readonly origin: string;
  readonly call: string;
  /** Where the id leaves, and how (`handed to res.json, which the codemod does not see`). */
  readonly file: string;
  readonly offset: number;
  readonly how: string;
}

/**
 * Ties every start whose instance id leaves the code to every v1 instance call of the run that no start's id reaches (its
 * `instanceId` comes from a parameter, a request body, a session): they may be one journey, so they move to v2
 * together or stay on v1 together. A v2 start's id that leaves fails `--check` while such calls remain. With no
 * such call in the run, an id that leaves is only a boundary, as before. `unfollowed` are v1 instance requests the
 * codemod cannot follow to their callers (see `unfollowedInstanceRequests`): none of their ids is tied to a start.
 * Also answers those calls (`untied`): any two of them may be one journey too, started where the run does not see.
 * So are the calls a start's id reaches in a function another caller gives ids from elsewhere (`fromOutsideToo`).
 * A v2 call taking an id from outside (migrated by hand, or by a run over another part of the tree) beside such v1
 * calls, or beside a v1 start whose id leaves, may be one journey half on v2: it fails `--check` too.
 */
export function tieLeavingIds(
  calls: readonly Site[],
  v2Calls: readonly V2Call[],
  links: readonly (readonly [string, string])[],
  leaves: readonly IdLeave[],
  sources: Sources,
  unfollowed: readonly Site[] = [],
  fromOutsideToo: (id: string) => boolean = () => false,
): { ties: LeavingTie[]; v2Unfollowed: V2Unfollowed[]; untied: string[] } {
  const starts = [
    ...calls.filter((site) => site.operation === 'journey/start').map((site) => site.id),
    ...v2Calls.filter((call) => call.path === 'journey/start').map((call) => call.id),
  ];
  const next = new Map<string, string[]>();
  for (const [from, to] of links) next.set(from, [...(next.get(from) ?? []), to]);
  const tied = new Set(starts);
  for (const pending = [...starts]; pending.length > 0; ) {
    for (const to of next.get(pending.pop() as string) ?? []) {
      if (tied.has(to)) continue;
      tied.add(to);
      pending.push(to);
    }
  }
  const untied = [
    ...calls.filter((site) => site.operation && INSTANCE_CALLS.has(site.operation) && (!tied.has(site.id) || fromOutsideToo(site.id))),
    ...unfollowed,
  ].map((site) => site.id);
  const ties: LeavingTie[] = [];
  const v2Unfollowed: V2Unfollowed[] = [];
  const startIds = new Set(starts);
  const v2Ids = new Set(v2Calls.map((call) => call.id));
  const v1Leaving = leaves
    .filter((leave) => startIds.has(leave.origin) && !v2Ids.has(leave.origin) && !leave.ignored)
    .map((leave) => leave.origin);
  const maybeOneJourney = [...untied, ...v1Leaving];
  if (maybeOneJourney.length > 0) {
    const givenAStartsId = startCallbacks(
      sources,
      v2Calls.filter((call) => call.path === 'journey/start').map((call) => call.id),
    );
    for (const call of v2Calls) {
      if (!V2_INSTANCE_CALLS.has(call.path) || callOptedOut(sources, call.id)) continue;
      // The id of a v2 start in its own function, or handed to its wait, is its id, followed or not; unless ids from
      // elsewhere reach the call too, through a function a route also calls.
      if ((tied.has(call.id) || givenAStartsId(call.id)) && !fromOutsideToo(call.id)) continue;
      const [file, offset] = placeOf(call.id);
      const text = `the v2 call at ${placeRef(file, offset)} may take an instance id no start of the run answered`;
      v2Unfollowed.push({ file, offset, text, reaches: sources.files(), only: maybeOneJourney });
    }
  }
  if (untied.length === 0) return { ties, v2Unfollowed, untied };
  for (const leave of leaves) {
    // Only a start's instance id; `journey-codemod-ignore` where it leaves opts it out, as it does any other finding.
    if (!startIds.has(leave.origin) || leave.ignored) continue;
    if (!v2Ids.has(leave.origin)) {
      for (const call of untied) ties.push({ origin: leave.origin, call, file: leave.file, offset: leave.offset, how: leave.how });
      continue;
    }
    // So does one above the v2 start.
    if (callOptedOut(sources, leave.origin)) continue;
    const [file, offset] = placeOf(leave.origin);
    const text = `the instance of the v2 start at ${placeRef(file, offset)} is ${leave.how}`;
    v2Unfollowed.push({ file: leave.file, offset: leave.offset, text, reaches: sources.files(), only: untied });
  }
  return { ties, v2Unfollowed, untied };
}

/** Whether `journey-codemod-ignore` opts out the statement of the call `id`. */
function callOptedOut(sources: Sources, id: string): boolean {
  const [file, offset] = placeOf(id);
  const source = sources.get(file);
  const call = source?.nodeAt(offset, 'CallExpression');
  return source !== undefined && call !== undefined && source.optedOut(call);
}
