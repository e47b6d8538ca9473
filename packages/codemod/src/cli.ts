import { constants } from 'node:fs';
import { access, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { CodemodError } from './errors/codemod-error.js';
import { HelperModuleError } from './errors/helper-module-error.js';
import { JourneyMapFileError } from './errors/journey-map-file-error.js';
import { MissingPathError, NoFilesError } from './files/discover-files.js';
import { uncommittedChanges } from './files/git-status.js';
import { readJourneyMapFile } from './files/journey-map-file.js';
import { DEFAULT_EXTENSIONS } from './options.js';
import { checkFindings } from './report/check.js';
import { unifiedDiff } from './report/diff.js';
import { buildReport } from './report/report.js';
import { formatSummary, summarize } from './report/summary.js';
import { type CodemodResult, runCodemod } from './run-codemod.js';
import { versions } from './versions.js';

const HELP = `Usage: journey-codemod <paths|globs...> [options]

Rewrites v1 journey API callers to native v2 calls. What cannot be migrated safely is left unchanged and
marked with a "journey-codemod:" comment naming the rule, the reason and the v2 form.

Options:
  --dry                 plan and report, write nothing
  --diff                print a unified diff of every change and write nothing (so it runs on an uncommitted tree)
  --print               print every changed file; it is written too, unless --dry or --diff
  --report FILE|-       write a JSON report (- for stdout): every flow (files, sites, decision, what blocked it)
                        and every site with file, line, rule, status and reason
  --json                print the summary (and with --check the findings) as one JSON object on stdout
  --check               write nothing; exit 1 while v1 remains unmarked or a flow is half on v2 (a CI gate)
  --journey-map FILE    JSON object of v1 resourceId → v2 resourceId; unmapped ids are marked
  --delivery api|page   context.config.delivery added to starts (default api)
  --no-helpers          never use the generated journey-v2 module: mark what needs it instead
  --force               write even if the target's git tree has uncommitted changes
  --cpus N              worker threads for parsing and planning (default 1)
  --extensions LIST     comma-separated extensions (default ${DEFAULT_EXTENSIONS.join(',')})
  -h, --help            this text
  -v, --version         the version, with those of @babel/parser and ts-morph

Paths are relative to the current directory; under \`pnpm journey-codemod\` (which runs in the repository of the
tool) to the directory pnpm was started from.
.gitignore is respected and node_modules is never entered.
Exit codes: 0 done, 1 --check found v1 (or files it could not parse or read), 2 bad usage, unreadable input or refused
to write, 3 failed while running.
Docs: https://github.com/journey-bridge/journey-bridge/blob/main/docs/codemod.md`;

/** Where `main` writes and works: the process's own when run as `journey-codemod`, a test's in-process. */
export interface CliIo {
  /**
   * What the output goes to. A write that fails, told through its callback as a Node stream tells it (a full disk,
   * a device that takes nothing), ends the run with exit code 3; a reader that went away (EPIPE: `--diff | head`) does not.
   */
  readonly stdout: { write(text: string, done?: (error?: Error | null) => void): unknown };
  readonly stderr: { write(text: string): unknown };
  /** A terminal to draw the progress bar on. @default none: no bar */
  readonly progress?: NodeJS.WritableStream;
  /** Where relative paths and globs are resolved. @default process.cwd() */
  readonly cwd?: string;
}

/** A usage or input problem: exit code 2, with a pointer to the help. */
class UsageError extends CodemodError {
  override name = 'UsageError';
}

/** A failure while running, after the input was accepted (the report cannot be written): exit code 3. */
class RunError extends CodemodError {
  override name = 'RunError';
}

/** Runs `journey-codemod` with `argv` (the arguments after the command) and resolves with its exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let lost: NodeJS.ErrnoException | undefined;
  const stdout = {
    write: (text: string) =>
      io.stdout.write(text, (error?: NodeJS.ErrnoException | null) => {
        if (error && error.code !== 'EPIPE') lost ??= error;
      }),
  };
  try {
    const code = await run(argv, { ...io, stdout });
    // A write to a file or a device fails at once, and its callback runs before the next turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    if (lost) throw new RunError(`cannot write to stdout: ${lost.code ?? lost.message}`);
    return code;
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      error instanceof MissingPathError ||
      error instanceof NoFilesError ||
      (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    const message = error instanceof Error ? error.message : String(error);
    // parseArgs follows an unknown option with advice on positionals that start with '-', its quote unbalanced:
    // nothing a misspelt flag needs.
    io.stderr.write(`journey-codemod: ${message.replace(/\. To specify a positional argument.*$/s, '')}\n`);
    if (usage) io.stderr.write('Run journey-codemod --help for the options.\n');
    // Refused before writing, as for a dirty tree: the message says what to change.
    if (error instanceof HelperModuleError) return 2;
    // A failure of its own (RunError) or a crash: nothing to fix in the command line.
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
      json: { type: 'boolean', default: false },
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
    const [[tool, own] = ['journey-codemod', 'unknown'], ...engines] = Object.entries(versions());
    io.stdout.write(`${tool} ${own} (${engines.map(([name, version]) => `${name} ${version}`).join(', ')})\n`);
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
  const journeyMap = values['journey-map'] ? readJourneyMap(values['journey-map'], cwd) : undefined;
  // --diff is a preview, as black's and ruff's are: it writes nothing, so an uncommitted tree is no reason to refuse.
  const dry = values.dry || values.check || values.diff;
  const reportToStdout = values.report === '-';
  if (reportToStdout && (values.diff || values.print))
    throw new UsageError('--report - writes the report to stdout: leave out --diff and --print');
  if (values.json && (reportToStdout || values.diff || values.print))
    throw new UsageError('--json prints the summary on stdout: leave out --diff, --print and --report -');

  if (!dry && !values.force) {
    const dirty = await uncommittedChanges(
      positionals.map((path) => resolve(cwd, path)),
      extensions ?? DEFAULT_EXTENSIONS,
      cwd,
    );
    if (dirty.length > 0) {
      io.stderr.write(
        `journey-codemod: the git tree of the files to migrate has uncommitted changes; commit or stash them, or pass --force:\n${dirty.slice(0, 10).join('\n')}\n`,
      );
      return 2;
    }
  }

  if (values.report && !reportToStdout) await ensureWritableDirectory(values.report, cwd);

  const bar = io.progress
    ? new SingleBar({ format: 'journey-codemod [{bar}] {value}/{total} files', clearOnComplete: true, stream: io.progress })
    : undefined;
  let started = false;
  let result: CodemodResult;
  try {
    result = await runCodemod({
      paths: positionals,
      cwd,
      dry,
      // --check reports the code as it is; the others name lines as the run leaves the files (or would, with --dry).
      linesAsRead: values.check,
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
  } catch (error) {
    // The gate's verdict, not a refusal to write: the check writes nothing anyway.
    if (!(values.check && error instanceof HelperModuleError)) throw error;
    bar?.stop();
    io.stderr.write(`journey-codemod --check: ${error.message.replaceAll(`${cwd}/`, '')}\n`);
    return 1;
  }
  bar?.stop();

  for (const file of result.files) {
    if (file.status === 'parse-error')
      io.stderr.write(`journey-codemod: cannot parse ${relative(cwd, file.file)}, left unchanged: ${file.error}\n`);
    // Named as a parse error is: the summary counts them, and a reader should not need --report to learn which
    // (--check names them among its findings).
    if (file.status === 'refused' && !values.check)
      io.stderr.write(`journey-codemod: left ${relative(cwd, file.file)} unchanged: ${(file.error ?? '').replaceAll(`${cwd}/`, '')}\n`);
    if (file.status !== 'changed' && file.status !== 'created') continue;
    if (values.diff) io.stdout.write(unifiedDiff(file, cwd));
    if (values.print) io.stdout.write(`// ${relative(cwd, file.file)}\n${file.after ?? ''}\n`);
  }
  if (values.report) {
    const report = `${JSON.stringify(buildReport(result, cwd), null, 2)}\n`;
    const path = values.report;
    if (reportToStdout) io.stdout.write(report);
    else
      await writeFile(resolve(cwd, path), report).catch((error: NodeJS.ErrnoException) => {
        throw new RunError(`cannot write the report ${path}: ${error.code ?? error.message}`);
      });
  }
  const summary = summarize(result);
  io.stderr.write(`${formatSummary(summary, result.written)}\n`);
  const findings = values.check ? checkFindings(result).map((finding) => ({ ...finding, file: relative(cwd, finding.file) })) : [];
  for (const finding of findings) io.stderr.write(`${finding.file}:${finding.line} ${finding.text}\n`);
  const failed = values.check && (findings.length > 0 || summary.files['parse-error'] > 0);
  if (values.json) {
    const json = { written: result.written, ...summary, ...(values.check && { check: { passed: !failed, findings } }) };
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  }
  return failed ? 1 : 0;
}

/**
 * Fails the run before it writes anything when the report's directory is missing or read-only: the report names
 * what the run changed, and a second run could not tell it.
 */
async function ensureWritableDirectory(report: string, cwd: string): Promise<void> {
  await access(dirname(resolve(cwd, report)), constants.W_OK).catch((error: NodeJS.ErrnoException) => {
    throw new RunError(`cannot write the report ${report}: ${error.code ?? error.message}`);
  });
}

function readJourneyMap(path: string, cwd: string): Record<string, string> {
  try {
    return readJourneyMapFile(resolve(cwd, path), `--journey-map ${path}`);
  } catch (error) {
    if (error instanceof JourneyMapFileError) throw new UsageError(error.message);
    throw error;
  }
}

/** Runs `journey-codemod` as this process, as its binary does: the exit code set, progress on a terminal. */
export async function runAsProcess(): Promise<void> {
  // A reader that went away (`journey-codemod --diff | head`) ends the output, not the run: the files are still
  // written as the options say, and the exit code still means what the table in docs/codemod.md says.
  process.stdout.on('error', () => {});
  const progress = process.stderr.isTTY ? process.stderr : undefined;
  // `pnpm journey-codemod` runs in the tool's repository: the user's paths are relative to where pnpm was started.
  const started = process.env.npm_lifecycle_event === 'journey-codemod' ? process.env.INIT_CWD : undefined;
  process.exitCode = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    ...(progress && { progress }),
    ...(started && { cwd: started }),
  });
}
