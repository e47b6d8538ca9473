/** What became of one place in the code that talks v1. */
export type SiteStatus = 'migrated' | 'needs-review' | 'unsupported' | 'ignored';

/** A replacement of `[start, end)` of `file` by `text`. Edits never re-print code they do not replace. */
export interface TextEdit {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** One place the codemod acted on (or refused to): a call, a result read, an error read, a token scope. */
export interface Site {
  /** `file:offset`, unique per run. */
  readonly id: string;
  readonly file: string;
  readonly line: number;
  /** A change-register id (`endpoint.task-update`) or a `codemod.*` id for limits of the tool itself. */
  rule: string;
  status: SiteStatus;
  reason: string;
  /** The v2 form a person should write, for markers. */
  suggestion?: string;
  /** Edits that migrate the site; applied only while the status is `migrated` or `needs-review`. */
  readonly edits: readonly TextEdit[];
  /** Where a marker comment goes if the site needs review or is left unchanged. */
  readonly markerAt: MarkerAnchor;
  /** Keys of constant literals the edits change: a literal shared with an unchanged site must not change. */
  readonly pieces: readonly string[];
  /** Call sites this site follows (a result read follows its call): it is dropped when none stays migrated. */
  readonly dependsOn?: readonly string[];
}

/** The start of the statement a marker is placed above, and what already sits there. */
export interface MarkerAnchor {
  readonly offset: number;
  readonly indent: string;
  /** The statement starts its line: the marker is a line of its own above it. */
  readonly onOwnLine: boolean;
  /** Rule ids of markers already above the statement: a marker is inserted once. */
  readonly existing: readonly string[];
}
