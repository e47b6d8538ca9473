import { relative } from 'node:path';
import type { SiteStatus } from '../plan/types.js';
import type { CodemodResult, FileStatus } from '../run-codemod.js';
import { type Summary, summarize } from './summary.js';

/**
 * The `--report` JSON: every site with file, line, rule, status and reason, plus the files that did not parse,
 * the files left alone and why (`refused`), and the summary.
 */
export interface Report {
  readonly sites: readonly { file: string; line: number; rule: string; status: SiteStatus; reason: string; suggestion?: string }[];
  readonly parseErrors: readonly { file: string; error: string }[];
  readonly refused: readonly { file: string; error: string }[];
  readonly summary: Summary;
}

export function buildReport(result: CodemodResult, cwd: string): Report {
  const filesWith = (status: FileStatus) =>
    result.files.flatMap((file) => (file.status === status ? [{ file: relative(cwd, file.file), error: file.error ?? '' }] : []));
  return {
    sites: result.sites.map(({ file, line, rule, status, reason, suggestion }) => ({
      file: relative(cwd, file),
      line,
      rule,
      status,
      reason,
      ...(suggestion ? { suggestion } : {}),
    })),
    parseErrors: filesWith('parse-error'),
    refused: filesWith('refused'),
    summary: summarize(result),
  };
}
