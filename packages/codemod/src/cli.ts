#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { MissingPathError } from './files/discover-files.js';
import { uncommittedChanges } from './files/git-status.js';
import { DEFAULT_EXTENSIONS } from './options.js';
import { unifiedDiff } from './report/diff.js';
import { buildReport } from './report/report.js';
import { formatSummary, remainingV1, summarize } from './report/summary.js';
import { runCodemod } from './run-codemod.js';
import { versions } from './versions.js';

const HELP = `journey-codemod <paths|globs...> [options]

Rewrites v1 journey API callers to native v2 calls. What cannot be migrated safely is left unchanged and
marked with a "journey-codemod:" comment naming the rule, the reason and the v2 form (see docs/codemod.md).

Options:
  --dry                 plan and report, write nothing
  --print               print every changed file
  --diff                print a unified diff of every change
  --report FILE         write a JSON report: every site with file, line, rule, status and reason
  --check               write nothing; exit 1 if any v1 call remains (a CI gate)
  --journey-map FILE    JSON object of v1 resourceId → v2 resourceId; unmapped ids are marked
  --delivery api|page   context.config.delivery added to starts (default api)
  --no-helpers          never use the participantsFor runtime helper: mark such submits instead
  --force               write even if the git tree has uncommitted changes
  --cpus N              worker threads for parsing and planning (default 1)
  --extensions LIST     comma-separated extensions (default ${DEFAULT_EXTENSIONS.join(',')})
  -h, --help            this text
  -v, --version         versions of the tool, jscodeshift, recast, @babel/parser and ts-morph

.gitignore is respected and node_modules is never entered.
Exit codes: 0 done, 1 --check found v1 calls (or files it could not parse), 2 bad usage or refused to write.`;

/** Where `main` writes and works: the process's own when run as `journey-codemod`, a test's in-process. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** A terminal to draw the progress bar on. @default none: no bar */
  readonly progress?: NodeJS.WritableStream;
  /** Where relative paths and globs are resolved. @default process.cwd() */
  readonly cwd?: string;
}

class UsageError extends Error {
  override name = 'UsageError';
}

/** Runs `journey-codemod` with `argv` (the arguments after the command) and resolves with its exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      error instanceof MissingPathError ||
      (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    io.stderr.write(`journey-codemod: ${error instanceof Error ? error.message : String(error)}\n`);
    return usage ? 2 : 3;
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      dry: { type: 'boolean', default: false },
      print: { type: 'boolean', default: false },
      diff: { type: 'boolean', default: false },
      report: { type: 'string' },
      check: { type: 'boolean', default: false },
      'journey-map': { type: 'string' },
      delivery: { type: 'string', default: 'api' },
      'no-helpers': { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      cpus: { type: 'string', default: '1' },
      extensions: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  if (values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (values.version) {
    for (const [name, version] of Object.entries(versions())) io.stdout.write(`${name} ${version}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('give at least one path or glob (see --help)');
  const delivery = values.delivery;
  if (delivery !== 'api' && delivery !== 'page') throw new UsageError(`--delivery must be api or page, got ${delivery}`);
  const cpus = Number(values.cpus);
  if (!Number.isInteger(cpus) || cpus < 1) throw new UsageError(`--cpus must be a positive integer, got ${values.cpus}`);
  const extensions = values.extensions
    ?.split(',')
    .map((extension) => extension.trim().replace(/^\./, ''))
    .filter(Boolean);
  const cwd = io.cwd ?? process.cwd();
  const journeyMap = values['journey-map'] ? await readJourneyMap(values['journey-map'], cwd) : undefined;
  const dry = values.dry || values.check;

  if (!dry && !values.force) {
    const dirty = await uncommittedChanges(cwd);
    if (dirty.length > 0) {
      io.stderr.write(
        `journey-codemod: the git tree has uncommitted changes; commit or stash them, or pass --force:\n${dirty.slice(0, 10).join('\n')}\n`,
      );
      return 2;
    }
  }

  const bar = io.progress
    ? new SingleBar({ format: 'journey-codemod [{bar}] {value}/{total} files', clearOnComplete: true, stream: io.progress })
    : undefined;
  let started = false;
  const result = await runCodemod({
    paths: positionals,
    cwd,
    dry,
    delivery,
    helpers: !values['no-helpers'],
    cpus,
    ...(journeyMap ? { journeyMap } : {}),
    ...(extensions ? { extensions } : {}),
    onProgress: (done, total) => {
      if (!bar) return;
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
  });
  bar?.stop();

  for (const file of result.files) {
    if (file.status === 'parse-error')
      io.stderr.write(`journey-codemod: cannot parse ${relative(cwd, file.file)}, left unchanged: ${file.error}\n`);
    if (file.status !== 'changed') continue;
    if (values.diff) io.stdout.write(unifiedDiff(file, cwd));
    if (values.print) io.stdout.write(`// ${relative(cwd, file.file)}\n${file.after ?? ''}\n`);
  }
  if (values.report) await writeFile(resolve(cwd, values.report), `${JSON.stringify(buildReport(result, cwd), null, 2)}\n`);
  const summary = summarize(result);
  io.stderr.write(`${formatSummary(summary, result.written)}\n`);
  if (values.check) {
    const remaining = remainingV1(result.sites);
    const pending = result.sites.filter((site) => site.status === 'migrated' || site.status === 'needs-review');
    for (const site of [...remaining, ...pending]) {
      io.stderr.write(
        `${relative(cwd, site.file)}:${site.line} ${site.status === 'unsupported' ? 'v1 remains' : 'v1, migratable'} [${site.rule}] ${site.reason}\n`,
      );
    }
    if (remaining.length + pending.length > 0 || summary.files['parse-error'] > 0) return 1;
  }
  return 0;
}

async function readJourneyMap(path: string, cwd: string): Promise<Record<string, string>> {
  const parsed: unknown = JSON.parse(await readFile(resolve(cwd, path), 'utf8'));
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    !Object.values(parsed).every((value) => typeof value === 'string')
  ) {
    throw new UsageError(`--journey-map ${path} must be a JSON object of v1 resourceId → v2 resourceId strings`);
  }
  return parsed as Record<string, string>;
}

const invokedAs = process.argv[1];
if (invokedAs !== undefined && realpathSync(invokedAs) === fileURLToPath(import.meta.url)) {
  const progress = process.stderr.isTTY ? process.stderr : undefined;
  process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, ...(progress && { progress }) });
}
