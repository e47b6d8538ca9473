import { applyEdits } from './edits/apply-edits.js';
import { discoverFiles } from './files/discover-files.js';
import { exportedNames, mentionsAny, mentionsV1 } from './files/prefilter.js';
import { readSource } from './files/read-source.js';
import { writeAtomic } from './files/write-atomic.js';
import { type CodemodOptions, DEFAULT_EXTENSIONS, DEFAULT_MAX_FILE_BYTES } from './options.js';
import type { OperationOptions } from './plan/operations.js';
import { type PlannedSource, planSources, type SourceFile } from './plan/plan-sources.js';
import { resolvePlans } from './plan/resolve.js';
import type { Site } from './plan/types.js';
import { planInWorkers } from './workers/plan-in-workers.js';

/**
 * `skipped`: no v1 text (prefilter); `refused`: left alone unread or unwritten, `error` says why (a symbolic
 * link, binary, too large, read-only, not UTF-8, unreadable or unwritable).
 */
export type FileStatus = 'skipped' | 'unchanged' | 'changed' | 'parse-error' | 'refused';

export interface FileOutcome {
  readonly file: string;
  readonly status: FileStatus;
  readonly error?: string;
  /** Text before and after, for changed files. */
  readonly before?: string;
  readonly after?: string;
}

export interface CodemodResult {
  readonly files: readonly FileOutcome[];
  readonly sites: readonly Site[];
  /** Whether files were written (not a dry run). */
  readonly written: boolean;
}

/**
 * The one orchestrator: discover → prefilter on text → parse once and analyse imported constants → plan every
 * file → decide across files (all-or-nothing) → apply the edits as text splices → write atomically.
 */
export async function runCodemod(options: CodemodOptions): Promise<CodemodResult> {
  const cwd = options.cwd ?? process.cwd();
  const files = await discoverFiles(options.paths, options.extensions ?? DEFAULT_EXTENSIONS, cwd);
  const texts = new Map<string, string>();
  const refused = new Map<string, string>();
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  await Promise.all(
    files.map(async (file) => {
      const read = await readSource(file, maxBytes);
      if ('text' in read) texts.set(file, read.text);
      else refused.set(file, read.refused);
    }),
  );
  const direct = files.filter((file) => mentionsV1(texts.get(file) ?? ''));
  const names = exportedNames(direct.map((file) => texts.get(file) ?? ''));
  const directSet = new Set(direct);
  const candidates = files.filter((file) => directSet.has(file) || (names.length > 0 && mentionsAny(texts.get(file) ?? '', names)));
  const sources: SourceFile[] = candidates.map((file) => ({ file, text: texts.get(file) ?? '' }));
  const operationOptions: OperationOptions = {
    delivery: options.delivery ?? 'api',
    journeyMap: options.journeyMap,
    helpers: options.helpers ?? true,
  };
  let done = 0;
  const progress = () => options.onProgress?.(++done, sources.length);
  const cpus = Math.max(1, Math.min(options.cpus ?? 1, sources.length));
  const planned: PlannedSource[] =
    cpus > 1
      ? await planInWorkers(sources, operationOptions, cpus, progress)
      : await planSources(sources, operationOptions, undefined, progress);

  const plans = planned.flatMap((entry) => ('plan' in entry ? [entry.plan] : []));
  const parseErrors = new Map(planned.flatMap((entry) => ('parseError' in entry ? [[entry.file, entry.parseError] as const] : [])));
  const resolution = resolvePlans(plans, (file) => ((texts.get(file) ?? '').includes('\r\n') ? '\r\n' : '\n'));

  const outcomes: FileOutcome[] = [];
  const candidateSet = new Set(candidates);
  for (const file of files) {
    const refusal = refused.get(file);
    if (refusal !== undefined) {
      outcomes.push({ file, status: 'refused', error: refusal });
      continue;
    }
    const parseError = parseErrors.get(file);
    if (parseError !== undefined) {
      outcomes.push({ file, status: 'parse-error', error: parseError });
      continue;
    }
    const edits = resolution.edits.get(file);
    const before = texts.get(file) ?? '';
    const after = edits ? applyEdits(file, before, edits) : before;
    if (after !== before) outcomes.push({ file, status: 'changed', before, after });
    else outcomes.push({ file, status: candidateSet.has(file) ? 'unchanged' : 'skipped' });
  }
  // Edits never reach a file that failed to parse: its sites were never planned, and other files' edits into it are dropped.
  if (!options.dry) {
    // A file that cannot be written is reported, not fatal: the others are still written.
    await Promise.all(
      outcomes.map(async (outcome, index) => {
        if (outcome.status !== 'changed' || outcome.after === undefined) return;
        try {
          await writeAtomic(outcome.file, outcome.after);
        } catch (error) {
          const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
          outcomes[index] = { file: outcome.file, status: 'refused', error: `cannot write: ${reason}; left as it was` };
        }
      }),
    );
  }
  return { files: outcomes, sites: resolution.sites, written: !options.dry };
}
