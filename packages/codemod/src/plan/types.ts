import type { V1JourneyPath } from '@journey-bridge/contract';
import type { CallStyle } from './http-libraries.js';

/** What became of one place in the code that talks v1. */
export type SiteStatus = 'migrated' | 'needs-review' | 'unsupported' | 'ignored';

/** A replacement of `[start, end)` of `file` by `text`. Edits never re-print code they do not replace. */
export interface TextEdit {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Why a site cannot be migrated, or what a person must check: the rule it cites, the reason, the v2 form to write. */
export interface Concern {
  readonly rule: string;
  readonly reason: string;
  readonly suggestion?: string;
}

/** A call to the v1 API, a read of what it answered, or anything else the codemod acts on (a client, a token, a literal). */
export type SiteRole = 'call' | 'read' | 'other';

/** One place the codemod acted on (or refused to): a call, a result read, an error read, a token scope. */
export interface Site {
  /** `file:offset`, unique per run. */
  readonly id: string;
  /** For a call a start's id reaches that ids from elsewhere may reach too: where they come in, as a marker says it. */
  outsideVia?: string;
  readonly file: string;
  /** 1-based line of `span.start`: in the file as read while planning, then as `runCodemod` leaves it (`linesAsRead`). */
  line: number;
  /** The range of the code the site is about. */
  readonly span: { readonly start: number; readonly end: number };
  readonly role: SiteRole;
  /** The v1 operation of a call. */
  readonly operation?: V1JourneyPath;
  /** Where a call is and how it answers, for following what it answers. */
  readonly call?: CallFacts;
  /** A change-register id (`endpoint.task-update`) or a `codemod.*` id for limits of the tool itself. */
  rule: string;
  status: SiteStatus;
  reason: string;
  /** The v2 form a person should write, for markers. */
  suggestion?: string;
  /** The site's own rule and description: what it is when nothing stands in its way. */
  planned: { readonly rule: string; readonly reason: string };
  /** What refused the site while it was planned; the status follows from it and from `reviews`. */
  refusal?: Concern;
  /** What a person must check once the site is migrated. */
  reviews: Concern[];
  readonly ignored: boolean;
  /** Edits that migrate the site; applied only while the status is `migrated` or `needs-review`. */
  edits: TextEdit[];
  /** Where a marker comment goes if the site needs review or is left unchanged. */
  readonly markerAt: MarkerAnchor;
  /** Keys of what the edits change and other sites share (a literal, a run-time base, a wrapper): changed only with all its users. */
  pieces: string[];
  /** Sites this one reads from (a result read follows its call): it belongs to their flow. */
  dependsOn?: string[];
  /** Parts of the rewrite decided once the whole flow is known. */
  readonly deferred?: Deferred;
  /** Names the edits take from the generated helper module (`participantsFor`, `V2State`). */
  helpers: string[];
  /**
   * Where its edits changed other files than its own (a shared base or journey id in a constants file), by line as
   * the run leaves them: set once every edit of the run is known, for a site whose edits were applied.
   */
  editedElsewhere?: readonly { readonly file: string; readonly line: number }[];
}

/** A call's range, its style, and where its body is written in it. */
export interface CallFacts {
  readonly start: number;
  readonly end: number;
  readonly style: CallStyle;
  /** The start of the body expression written in the call. */
  readonly body?: number;
}

/** Parts of a call's rewrite that depend on the rest of its flow. */
export type Deferred = DeferredSubmit | DeferredStart;

/** A task update's `participants`: they come from the interaction unless the code shows nothing was provided before. */
export interface DeferredSubmit {
  readonly kind: 'submit';
  /** Where `participants: …` goes: the text is `before + participants + after`. */
  readonly insert: TextEdit & { readonly after: string };
  /** The elements the subject carries, when the code shows the subject whole. */
  readonly elements?: readonly string[];
  /** The subject's expression, when it is not written out. */
  readonly subject?: string;
  /** An expression for the interaction, fetched the way this call is made (`await` is added in front). */
  readonly fetchInteraction?: Synthesized;
  /** Why the interaction cannot be fetched from here. */
  readonly problem?: string;
  /** Where `async ` goes to make the enclosing function async, if it is not. */
  readonly asyncAt?: number;
}

/** A journey start: its prefill, and for a synchronous one how to wait for the journey as v1 did. */
export interface DeferredStart {
  readonly kind: 'start';
  /** The elements the prefill carries, when the code shows it whole. */
  readonly prefill?: readonly string[];
  /** The `resourceId` is this parameter of the function around the start: what its callers pass is mapped. */
  readonly resourceIdParam?: { readonly fn: number; readonly index: number };
  readonly synchronous: boolean;
  /** The range whose value is the start's answer, to wrap in a wait, and the calls the wait makes, the way this call is made. */
  readonly wait?: {
    readonly start: number;
    readonly end: number;
    /** The name of the new instance's id in the wait's fetches: one the copied call does not use already. */
    readonly instanceParam: string;
    readonly fetchState: Synthesized;
    readonly fetchInteraction: Synthesized;
  };
  readonly waitProblem?: string;
}

/** A call written from another one: the text, and how its answer becomes the parsed body. */
export interface Synthesized {
  readonly text: string;
  /** `body`: already the body; `json`, `data`, `body-field`: the answer's `.json()`, `.data`, `.body`; `callee`: what the called function returns. */
  readonly answer: 'body' | 'json' | 'data' | 'body-field' | 'callee';
  /** Types of the generated module the text names (its type argument, `V2Interaction`): imported where it is written. */
  readonly helpers?: readonly string[];
}

/** The start of the statement a marker is placed above, and what already sits there. */
export interface MarkerAnchor {
  readonly offset: number;
  readonly indent: string;
  /** The statement starts its line: the marker is a line of its own above it. */
  readonly onOwnLine: boolean;
  /** Rule ids of markers already above the statement: a marker is inserted once. */
  readonly existing: readonly string[];
  /**
   * The markers above the statement that a run of the codemod wrote (its exact format), each with its rule and the
   * range to remove (the whole line, or the comment and the space after it): a later run that migrates the
   * statement removes them, since they say it stays v1.
   */
  readonly written: readonly { readonly start: number; readonly end: number; readonly rule: string }[];
}

/** The status, rule, reason and suggestion a site has given its refusal, its reviews, and whether it is opted out. */
export function settle(site: Site): void {
  const review = site.reviews[0] && {
    rule: site.reviews[0].rule,
    // Further concerns name their own rule.
    reason: site.reviews
      .map((item, index) => (index > 0 && item.rule !== site.reviews[0]?.rule ? `[${item.rule}] ${item.reason}` : item.reason))
      .join('; '),
    suggestion: site.reviews.flatMap((item) => item.suggestion ?? []).join('; '),
  };
  const outcome = site.refusal ?? review;
  site.status = site.ignored ? 'ignored' : site.refusal ? 'unsupported' : review ? 'needs-review' : 'migrated';
  site.rule = outcome?.rule ?? site.planned.rule;
  site.reason = site.ignored ? 'opted out with a journey-codemod-ignore comment' : (outcome?.reason ?? site.planned.reason);
  if (outcome?.suggestion) site.suggestion = outcome.suggestion;
  else delete site.suggestion;
}
