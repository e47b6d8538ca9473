export { CodemodError } from './errors/codemod-error.js';
export { type CodemodOptions, DEFAULT_EXTENSIONS } from './options.js';
export type { Flow } from './plan/resolve.js';
export { CODEMOD_RULES, type RuleId } from './plan/rules.js';
export type { MarkerAnchor, Site, SiteStatus, TextEdit } from './plan/types.js';
export { checkFindings, type Finding } from './report/check.js';
export { buildReport, type Report } from './report/report.js';
export { formatSummary, type Summary, summarize } from './report/summary.js';
export { type CodemodResult, type FileOutcome, type FileStatus, runCodemod } from './run-codemod.js';
