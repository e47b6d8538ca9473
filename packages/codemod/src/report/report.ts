import { relative } from 'node:path';
import type { Site, SiteStatus } from '../plan/types.js';
import type { CodemodResult, FileStatus } from '../run-codemod.js';
import { type Summary, summarize } from './summary.js';

/** A site as the report lists it. */
export interface ReportedSite {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly status: SiteStatus;
  readonly reason: string;
  readonly suggestion?: string;
  /** Where the site's edits changed other files (`file:line`): a base or journey id in a constants file, say. */
  readonly edited?: readonly string[];
}

/** A journey flow as the report lists it: its files, its parts, the decision, and what kept it on v1. */
export interface ReportedFlow {
  readonly id: number;
  /** `migrated`: whole on v2; `v1`: whole on v1, every part marked; `half`: v2 calls beside v1 parts. */
  readonly decision: 'migrated' | 'v1' | 'half';
  readonly files: readonly string[];
  readonly sites: readonly ReportedSite[];
  readonly blockedBy?: ReportedSite;
  /** Where what its calls answer leaves the code the run was given (`file:line`), to check by hand. */
  readonly boundaries: readonly string[];
}

/**
 * The `--report` JSON: every flow (its files, parts, decision and the part that blocked it), every site with
 * file, line, rule, status and reason, the files that did not parse, the files left alone and why (`refused`),
 * the helper module created, and the summary.
 */
export interface Report {
  readonly flows: readonly ReportedFlow[];
  readonly sites: readonly ReportedSite[];
  readonly parseErrors: readonly { file: string; error: string }[];
  readonly refused: readonly { file: string; error: string }[];
  readonly created: readonly string[];
  readonly summary: Summary;
}

export function buildReport(result: CodemodResult, cwd: string): Report {
  const filesWith = (status: FileStatus) =>
    result.files.flatMap((file) => (file.status === status ? [{ file: relative(cwd, file.file), error: file.error ?? '' }] : []));
  const reported = ({ file, line, rule, status, reason, suggestion, editedElsewhere }: Site): ReportedSite => ({
    file: relative(cwd, file),
    line,
    rule,
    status,
    reason,
    ...(suggestion ? { suggestion } : {}),
    ...(editedElsewhere ? { edited: editedElsewhere.map((place) => `${relative(cwd, place.file)}:${place.line}`) } : {}),
  });
  return {
    flows: result.flows.map((flow) => ({
      id: flow.id,
      decision: flow.decision,
      files: flow.files.map((file) => relative(cwd, file)),
      sites: flow.sites.map(reported),
      ...(flow.blockedBy ? { blockedBy: reported(flow.blockedBy) } : {}),
      boundaries: flow.boundaries.map((place) => relative(cwd, place)),
    })),
    sites: result.sites.map(reported),
    parseErrors: filesWith('parse-error'),
    refused: filesWith('refused'),
    created: filesWith('created').map((entry) => entry.file),
    summary: summarize(result),
  };
}
