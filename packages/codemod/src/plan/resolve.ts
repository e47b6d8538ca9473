import { lineRef, seenFrom } from '../edits/line-refs.js';
import type { FlowAnalysis } from '../flow/analyse-flows.js';
import { groupFlows, type Tie } from '../flow/components.js';
import { decideStart, decideSubmit, type FlowContext } from '../flow/decide-deferred.js';
import { tieBases } from '../flow/untied-bases.js';
import { keepDeclaredJavaScript } from './declared-javascript.js';
import type { FileContext } from './file-context.js';
import { MARKER_PREFIX } from './file-context.js';
import { hasMarker } from './marked.js';
import { keepNamespacedCode } from './namespaced-code.js';
import type { FilePlan, V1Literal } from './plan-file.js';
import type { MarkerAnchor, Site, TextEdit } from './types.js';
import { keepUnseenConstants, type UnseenImport } from './unseen-constant-users.js';

/** A journey flow as decided: its parts, whether it moved to v2, and what kept it on v1. */
export interface Flow {
  readonly id: number;
  /** `migrated`: every part moved to v2; `v1`: every part stays, marked; `half`: it holds v2 calls and stays partly v1. */
  readonly decision: 'migrated' | 'v1' | 'half';
  readonly files: readonly string[];
  readonly sites: readonly Site[];
  /** The part that kept the flow on v1, and why. */
  readonly blockedBy?: Site;
  /** Where what its calls answer leaves the code the run was given (`file:line`): read there by code the codemod did not see. */
  readonly boundaries: readonly string[];
}

/** Every site of the run with its final status, the edits per file that carry them out, and the flows. */
export interface Resolution {
  readonly sites: readonly Site[];
  readonly edits: ReadonlyMap<string, TextEdit[]>;
  readonly flows: readonly Flow[];
  /** Per file, the names its edits take from the generated helper module. */
  readonly helpers: ReadonlyMap<string, ReadonlySet<string>>;
}

const changes = (site: Site): boolean => site.status === 'migrated' || site.status === 'needs-review';

/**
 * Decides each flow as a whole. The parts of a flow are its calls, the reads of what they answer, and what they
 * share (a literal, a wrapper, a run-time base, a client) or send each other (an instance, a task): the deferred
 * parts of its calls are decided (participants, waits), then if any part cannot be migrated, none is, and each
 * part gets a marker naming the part next to it that kept it on v1 and why. Then each site contributes its
 * edits and, when it is not simply migrated, one marker; v1 literals no site accounts for are reported.
 */
export function resolvePlans(
  plans: readonly FilePlan[],
  analysis: FlowAnalysis,
  eolOf: (file: string) => string,
  options: {
    /** Why the generated module's helpers may not be called, as markers say it; `undefined` when they may. */
    readonly helpersOff: string | undefined;
    readonly ctx: (file: string) => FileContext | undefined;
    /**
     * The module graph of the run: the code an answer that leaves a file may reach (its importers call it; a callback
     * it hands the answer to calls what they import).
     */
    readonly modules?: { importersOf(file: string): readonly string[]; importsOf(file: string): readonly string[] };
    /** The imports of `file`'s package by its name that the run cannot resolve: who may use its constants unseen. */
    readonly unseenImportsOf?: (file: string) => readonly UnseenImport[];
    /** The declaration file that types the JavaScript file `file` (`index.d.ts` beside it, its package's `types`). */
    readonly declarationOf?: (file: string) => string | undefined;
  },
): Resolution {
  const planned = [...plans.flatMap((plan) => plan.sites), ...analysis.sites];
  // A v1 state read no followed answer reached still reads v1: it is reported, so the gate sees it.
  const followed = analysis.sites.filter((site) => site.role === 'read');
  const within = (read: Site) =>
    followed.some((site) => site.file === read.file && site.span.start <= read.span.start && read.span.end <= site.span.end);
  const untied = plans.flatMap((plan) => plan.reads).filter((read) => !within(read));
  const untiedChecks = plans.flatMap((plan) => plan.statusChecks).filter((check) => !within(check));
  // A status check matters only beside a v1 call that may move: a v2 answer (code already migrated) reaching it changes nothing.
  const v1Calls = new Set(planned.filter((site) => site.role === 'call').map((site) => site.id));
  const escaped = escapedReads(
    [...untied, ...untiedChecks],
    analysis.boundaries,
    options.modules ?? { importersOf: () => [], importsOf: () => [] },
    (read, origin) => read.rule !== 'status.failure-spelling' || v1Calls.has(origin),
  );
  // An untied read the flow analysis counts as a v1 call of its own (its id from outside: `untiedStateReads`) is
  // one of the parts a start whose id leaves may share a journey with; markers name it as the read it is.
  const fromOutside = new Set(analysis.untiedCalls);
  const joined = new Set(escaped.map((site) => site.id));
  const readsFromOutside = untied
    .filter((read) => fromOutside.has(read.id) && !joined.has(read.id))
    .map((read) => ({ ...read, role: 'read' as const }));
  // Bases no recognised request goes through stay v1; a literal base beside run-time-base calls joins their flow.
  const sites = [
    ...planned,
    ...tieBases(
      planned,
      // A resourceId is no base: it keeps no flow on v1 by sitting beside one.
      plans.flatMap((plan) => plan.literals.filter((literal) => !literal.heldBySites)),
      {
        setsDefaultBase: (file) => setsDefaultBase(options.ctx?.(file)?.source ?? ''),
        importersOf: (file) => options.modules?.importersOf(file) ?? [],
      },
    ),
    ...escaped,
    ...readsFromOutside,
  ];
  if (options.unseenImportsOf) keepUnseenConstants(sites, options.unseenImportsOf, options.ctx);
  // Before the deferred parts are decided: a part refused here needs no wait or participants.
  if (options.declarationOf) keepDeclaredJavaScript(sites, options.declarationOf);
  keepNamespacedCode(sites, options.ctx);
  const byId = new Map(sites.map((site) => [site.id, site]));
  const { flowOf, neighbours } = groupFlows(sites, analysis.links, analysis.v2Calls, analysis.leavingTies, analysis.untiedCalls);
  const membersOf = (flows: ReadonlyMap<string, number>) => {
    const members = new Map<number, Site[]>();
    for (const site of sites) {
      const flow = flows.get(site.id) ?? -1;
      const list = members.get(flow);
      if (list) list.push(site);
      else members.set(flow, [site]);
    }
    return members;
  };
  const members = membersOf(flowOf);
  // Parts tied only because an id handed out may come back to them move or stay together, but each decides its
  // deferred parts (a submit's participants, a start's wait) from the calls it is tied to by what the code shows.
  const mayBeOne = analysis.leavingTies.length > 0 || analysis.untiedCalls.length > 1;
  const shown = mayBeOne ? groupFlows(sites, analysis.links, analysis.v2Calls).flowOf : flowOf;
  const reached = new Map<string, Set<string>>();
  for (const [from, to] of analysis.links) reached.set(from, (reached.get(from) ?? new Set()).add(to));
  const v2StartsIn = new Set<number>();
  for (const plan of plans) for (const call of plan.v2Calls) if (call.path === 'journey/start') v2StartsIn.add(shown.get(call.id) ?? -1);

  for (const [flow, parts] of membersOf(shown)) {
    const context: FlowContext = {
      calls: parts.filter((site) => site.role === 'call'),
      v2Start: v2StartsIn.has(flow),
      reached,
      byId,
      readAsState: analysis.readAsState,
      interactions: analysis.interactions,
      answers: analysis.answers,
      helpersOff: options.helpersOff,
      ctx: options.ctx,
    };
    for (const site of parts) {
      if (!changes(site)) continue;
      if (site.deferred?.kind === 'submit') decideSubmit(site, site.deferred, context);
      else if (site.deferred?.kind === 'start') decideStart(site, site.deferred, context);
    }
  }

  // All or nothing: from every part that stays v1, its flow stays v1, each part told by the neighbour that reached it.
  const queue = sites.filter((site) => site.status === 'unsupported');
  const blockedBy = new Map<number, Site>();
  for (const site of queue) if (!blockedBy.has(flowOf.get(site.id) ?? -1)) blockedBy.set(flowOf.get(site.id) ?? -1, site);
  // The part that first stayed v1 in a chain: its rule is the one a read or a call kept on v1 through it cites.
  const rootOf = new Map(queue.map((site) => [site.id, site]));
  // Ties the code shows first, so a part is told the reason next to it; then ids that may come back from outside
  // keep on v1 what is left (a start that would have moved, the calls its handed-out id may reach, the calls taking
  // an id from outside as the one kept does).
  for (const mayBeOneJourney of [false, true]) {
    const pending = mayBeOneJourney ? sites.filter((site) => site.status === 'unsupported') : queue;
    while (pending.length > 0) {
      const from = pending.shift() as Site;
      const root = rootOf.get(from.id) ?? from;
      for (const { id, tie } of neighbours.get(from.id) ?? []) {
        const other = byId.get(id);
        if (!other || !changes(other) || (!mayBeOneJourney && (tie.kind === 'leaving' || tie.kind === 'untied'))) continue;
        keepOnV1(other, from, tie, root);
        // Kept because it may be one journey with `from`, the part is a root of its own: what reads it cites its rule.
        rootOf.set(other.id, tie.kind === 'leaving' || tie.kind === 'untied' ? other : root);
        pending.push(other);
      }
    }
  }

  const idBoundaries = leftByIds(analysis);
  const flows: Flow[] = [];
  for (const [flow, parts] of members) {
    const calls = parts.filter((site) => site.role === 'call');
    // A flow whose every call is opted out is none the run decides on: it is left as written.
    if (calls.length === 0 || calls.every((site) => site.status === 'ignored')) continue;
    const v2 = [...analysis.v2Calls].some((id) => flowOf.get(id) === flow);
    const left = parts.some((site) => site.status === 'unsupported');
    const blocker = blockedBy.get(flow);
    flows.push({
      id: flows.length + 1,
      decision: left ? (v2 ? 'half' : 'v1') : 'migrated',
      files: [...new Set(parts.flatMap((site) => [site.file, ...site.edits.map((edit) => edit.file)]))].sort(),
      sites: parts,
      ...(left && blocker ? { blockedBy: blocker } : {}),
      boundaries: [
        ...new Set(calls.flatMap((call) => [...(analysis.boundaries.get(call.id) ?? []), ...(idBoundaries.get(call.id) ?? [])])),
      ],
    });
  }

  const covered = new Set(sites.flatMap((site) => site.pieces));
  const kept = [...sites];
  const held = (literal: V1Literal) =>
    literal.heldBySites &&
    sites.some(
      (site) =>
        site.id !== literal.site.id &&
        ((site.file === literal.site.file &&
          (site.markerAt.offset === literal.site.markerAt.offset ||
            (site.span.start <= literal.site.span.start && literal.site.span.end <= site.span.end))) ||
          site.edits.some(
            (edit) => edit.file === literal.site.file && edit.start <= literal.site.span.start + 1 && literal.site.span.start < edit.end,
          )),
    );
  for (const plan of plans) for (const literal of plan.literals) if (!covered.has(literal.key) && !held(literal)) kept.push(literal.site);
  for (const read of untied) if (!byId.has(read.id)) kept.push(read);

  const edits = new Map<string, TextEdit[]>();
  const helpers = new Map<string, Set<string>>();
  const add = (edit: TextEdit) => {
    const list = edits.get(edit.file);
    if (list) list.push(edit);
    else edits.set(edit.file, [edit]);
  };
  const markersAt = new Set<string>();
  const markedPlaces = new Set<string>();
  const placeOf = (site: Site) => `${site.file}:${site.markerAt.offset}`;
  // Markers an earlier run wrote above a statement this run migrates say it stays v1, which is no longer true: they
  // go in the same edit, and what still stays v1 there is marked anew.
  const stale = new Set<string>();
  for (const site of kept) {
    if (!changes(site) || site.edits.length === 0 || site.markerAt.written.length === 0 || stale.has(placeOf(site))) continue;
    stale.add(placeOf(site));
    for (const { start, end } of site.markerAt.written) add({ file: site.file, start, end, text: '' });
  }
  const anchorOf = (site: Site): MarkerAnchor => (stale.has(placeOf(site)) ? withoutWritten(site.markerAt) : site.markerAt);
  // A part's own reason for staying v1 wins the marker place over a part it keeps on v1 there.
  const ordered = [...kept.filter((site) => site.refusal), ...kept.filter((site) => !site.refusal)];
  for (const site of ordered) {
    if (changes(site)) {
      site.edits.forEach(add);
      if (site.helpers.length > 0) {
        const names = helpers.get(site.file) ?? new Set<string>();
        for (const name of site.helpers) names.add(name);
        helpers.set(site.file, names);
      }
    }
    const anchor = anchorOf(site);
    if (site.status === 'migrated' || site.status === 'ignored' || anchor.existing.includes(site.rule)) continue;
    // A part kept on v1 by another needs no marker where one already explains the statement.
    const kept = site.status === 'unsupported' && !site.refusal;
    const place = placeOf(site);
    if (kept && (hasMarker(anchor) || markedPlaces.has(place))) continue;
    const key = `${place}:${site.rule}`;
    if (markersAt.has(key)) continue;
    markersAt.add(key);
    markedPlaces.add(place);
    add({ file: site.file, start: site.markerAt.offset, end: site.markerAt.offset, text: markerText(site, eolOf(site.file)) });
  }
  return { sites: kept.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line), edits, flows, helpers };
}

/**
 * By call, where an instance id it answered leaves the code alone or in an object the code wrote (`bus.emit('started',
 * id)`, `db.insert({ instanceId })`): a boundary for the report, apart from the answer's own, since an id is no state
 * an untied read could be reading there.
 */
function leftByIds(analysis: FlowAnalysis): Map<string, string[]> {
  const places = new Map<string, string[]>();
  for (const leave of analysis.idLeaves) {
    places.set(leave.origin, [...(places.get(leave.origin) ?? []), `${leave.file}:${lineRef(leave.file, leave.offset)}`]);
  }
  return places;
}

/**
 * The untied v1 state reads in a file where a call's answer leaves the code the codemod follows (`resolve(state)`
 * of a `new Promise`, a callback of a library, a function returned to no caller it sees), or in a file the answer
 * may reach from there: one importing it, directly or not (an exported function's caller the run could not tie to
 * it), or one any of those imports, directly or not (a function a callback hands the answer to). A file that only
 * shares an import with them is not reached. Such reads may be of that answer, so each joins the flow of those
 * calls and, staying v1, keeps it on v1.
 */
function escapedReads(
  untied: readonly Site[],
  boundaries: ReadonlyMap<string, readonly string[]>,
  modules: { importersOf(file: string): readonly string[]; importsOf(file: string): readonly string[] },
  /** Whether `read` joins the flow of the call `origin` it may read the answer of. */
  joins: (read: Site, origin: string) => boolean,
): Site[] {
  const closure = (from: readonly string[], next: (file: string) => readonly string[]): Set<string> => {
    const reached = new Set<string>();
    for (const pending = [...from]; pending.length > 0; ) {
      const file = pending.pop() as string;
      if (reached.has(file)) continue;
      reached.add(file);
      pending.push(...next(file));
    }
    return reached;
  };
  const escapedIn = new Map<string, Set<string>>();
  for (const [origin, places] of boundaries) {
    const callers = closure(
      places.map((place) => place.slice(0, place.lastIndexOf(':'))),
      (file) => modules.importersOf(file),
    );
    for (const file of closure([...callers], (each) => modules.importsOf(each)))
      escapedIn.set(file, (escapedIn.get(file) ?? new Set()).add(origin));
  }
  return untied.flatMap((read) => {
    const origins = [...(escapedIn.get(read.file) ?? [])].filter((origin) => joins(read, origin));
    return origins.length > 0 ? [{ ...read, role: 'read' as const, dependsOn: [...(read.dependsOn ?? []), ...origins] }] : [];
  });
}

/** The anchor as it is once the markers a run wrote there are removed: a user's comments and opt-outs stay. */
function withoutWritten(anchor: MarkerAnchor): MarkerAnchor {
  // A marker is seen twice, as the parser's leading comment and as a line above: every mention of its rule goes.
  const rules = new Set(anchor.written.map((marker) => marker.rule));
  return { ...anchor, existing: anchor.existing.filter((rule) => !rules.has(rule)), written: [] };
}

/** An instance's defaults given their base: `axios.defaults.baseURL = …`, `http.defaults['baseURL'] = …`, with what it is given. */
const DEFAULT_BASE = /\.\s*defaults\s*(?:\.\s*baseURL|\[\s*['"`]baseURL['"`]\s*\])\s*(?:\|\||\?\?)?=(?!=)\s*([^;]*)/g;

/**
 * Whether code gives an instance's defaults a base that may be a v1 literal of the file: anything but a setting read
 * alone (`= process.env.ORDERS_API_URL`, which names another API as often as not), read to the statement's end (a
 * fallback on the next line counts; without a semicolon the code after it counts too, erring towards v1). Comments
 * do not count.
 */
function setsDefaultBase(source: string): boolean {
  const code = source.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(DEFAULT_BASE)].some(([, value = '']) => !/^(?:process\.env|import\.meta\.env)\.[\w$]+\s*$/.test(value.trim()));
}

/** A part of a flow that stays v1 because `by`, next to it, does: the rule and reason name `by` and the tie. */
function keepOnV1(site: Site, by: Site, tie: Tie, root: Site): void {
  site.status = 'unsupported';
  const line = lineRef(by.file, by.span.start);
  if (tie.kind === 'piece') {
    site.rule = 'codemod.shared-constant';
    site.reason = `shares ${describePiece(tie.piece, site.file)} with the v1 code at line ${line} of ${seenFrom(by.file, site.file)}, which stays v1`;
    delete site.suggestion;
    return;
  }
  if (tie.kind === 'leaving') {
    // Not the root's rule: what ties the two is only that they may be one journey, which this marker must say.
    const { leaving } = tie;
    const leaves = `line ${lineRef(leaving.file, leaving.offset)} of ${seenFrom(leaving.file, site.file)}`;
    const other = `${by.role === 'read' ? 'the read' : 'the v1 call'} at line ${line} of ${seenFrom(by.file, site.file)}`;
    site.rule = 'codemod.unfollowed-instance';
    site.reason =
      site.id === leaving.origin
        ? `its instance id is ${leaving.how} (${leaves}), and ${other} takes an instance id the codemod cannot tie to a start, and stays v1: they may be one journey, which must not be half on v2`
        : `it takes an instance id the codemod cannot tie to a start, and the id the call at line ${line} of ${seenFrom(by.file, site.file)} answers, which stays v1, is ${leaving.how} (${leaves}): they may be one journey, which must not be half on v2`;
    site.suggestion =
      'hand the id to the calls that use it through functions of the project, so the codemod can tie them to their start, or migrate them and the start together by hand';
    return;
  }
  if (tie.kind === 'untied') {
    site.rule = 'codemod.unfollowed-instance';
    const via = site.outsideVia ? ` (${site.outsideVia})` : '';
    site.reason = `it may take an instance id no start of the run answered${via}, as ${by.role === 'read' ? 'the read' : 'the v1 call'} at line ${line} of ${seenFrom(by.file, site.file)} does, which stays v1: they may be one journey, which must not be half on v2`;
    site.suggestion =
      'hand the id from the start to the calls that use it through functions of the project, or migrate these calls together by hand';
    return;
  }
  site.rule = root.rule;
  if (tie.kind === 'reads' && site.role === 'call' && by.role === 'read' && by.dependsOn?.includes(site.id)) {
    const read = sameLine(by, site)
      ? 'on this line'
      : `at line ${line}${by.file === site.file ? '' : ` of ${seenFrom(by.file, site.file)}`}`;
    site.reason =
      by.rule === 'codemod.unfollowed-instance'
        ? `its instance is sent ${read} to code the codemod cannot read, which may call v1 with it`
        : (by.dependsOn?.length ?? 0) > 1
          ? // A read the codemod could not tie to one call (an answer left the code it follows): any of them may be it.
            `its result may be what is read ${read}, in a way that has no v2 counterpart`
          : `its result is read ${read} in a way that has no v2 counterpart`;
    if (by.suggestion) site.suggestion = by.suggestion;
    else delete site.suggestion;
    return;
  }
  const part = `${by.role === 'read' ? 'the read' : 'the v1 call'} ${sameLine(by, site) ? 'on this line' : `at line ${line} of ${seenFrom(by.file, site.file)}`}`;
  site.reason =
    tie.kind === 'reads' ? `reads what ${part} answers, which stays v1` : `belongs to the journey flow of ${part}, which stays v1`;
  delete site.suggestion;
}

/** Whether two sites share a line, so a marker names the other as "on this line" rather than by its own number. */
const sameLine = (a: Site, b: Site): boolean => a.file === b.file && a.line === b.line;

/** `// journey-codemod: unsupported [rule] reason → v2: suggestion`: a stable prefix, the rule id, the reason, the v2 form. */
export function markerText(site: Site, eol: string): string {
  const suggestion = site.suggestion ? ` → v2: ${site.suggestion}` : '';
  const body = `${MARKER_PREFIX} ${site.status} [${site.rule}] ${site.reason}${suggestion}`.replaceAll('*/', '* /');
  return site.markerAt.onOwnLine ? `${site.markerAt.indent}// ${body.replace(/\r?\n/g, ' ')}${eol}` : `/* ${body} */ `;
}

function describePiece(piece: string, from: string): string {
  if (piece.startsWith('v1-client:')) return 'its V1Api client';
  if (piece.startsWith('run-time-base:')) return `its run-time base (${piece.slice(piece.lastIndexOf(':') + 1)})`;
  const kind = piece.startsWith('wrapper:') ? 'the wrapper' : piece.startsWith('type-import:') ? 'the imported type' : 'the literal';
  const rest = piece.replace(/^(wrapper|type-import):/, '');
  const at = rest.lastIndexOf(':');
  const file = rest.slice(0, at);
  return `${kind} at line ${lineRef(file, Number(rest.slice(at + 1)))} of ${seenFrom(file, from)}`;
}
