import { relative } from 'node:path';
import type { SiteStatus } from '../plan/types.js';
import type { CodemodResult } from '../run-codemod.js';
import { type Summary, summarize } from './summary.js';

/** The `--report` JSON: every site with file, line, rule, status and reason, plus parse errors and the summary. */
export interface Report {
  readonly sites: readonly { file: string; line: number; rule: string; status: SiteStatus; reason: string; suggestion?: string }[];
  readonly parseErrors: readonly { file: string; error: string }[];
  readonly summary: Summary;
}

export function buildReport(result: CodemodResult, cwd: string): Report {
  return {
    sites: result.sites.map(({ file, line, rule, status, reason, suggestion }) => ({
      file: relative(cwd, file),
      line,
      rule,
      status,
      reason,
      ...(suggestion ? { suggestion } : {}),
    })),
    parseErrors: result.files.flatMap((file) =>
      file.status === 'parse-error' ? [{ file: relative(cwd, file.file), error: file.error ?? '' }] : [],
    ),
    summary: summarize(result),
  };
}
