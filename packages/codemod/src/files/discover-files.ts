import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { globby, isDynamicPattern } from 'globby';
import { CodemodError } from '../errors/codemod-error.js';

/** A path given on the command line that does not exist: a usage error, not a crash. */
export class MissingPathError extends CodemodError {
  constructor(readonly path: string) {
    super(`no such file or directory: ${path}`);
    this.name = 'MissingPathError';
  }
}

/** Paths and globs that name no file with the extensions looked at: a mistyped glob must not pass a `--check` gate. */
export class NoFilesError extends CodemodError {
  constructor(
    readonly inputs: readonly string[],
    readonly extensions: readonly string[],
  ) {
    super(
      `no file with the extensions ${extensions.join(',') || '(none)'} in ${inputs.join(' ')}: check the paths, globs and --extensions`,
    );
    this.name = 'NoFilesError';
  }
}

/**
 * The files to look at: paths (files or directories) and globs, with the given extensions, `.gitignore` rules
 * respected and `node_modules` never entered. Sorted, so runs and reports are stable.
 */
export async function discoverFiles(inputs: readonly string[], extensions: readonly string[], cwd: string): Promise<string[]> {
  const patterns: string[] = [];
  const directories: string[] = [];
  const explicit: string[] = [];
  const extensionGlob = extensions.length === 1 ? extensions[0] : `{${extensions.join(',')}}`;
  for (const input of inputs) {
    if (isDynamicPattern(input)) {
      patterns.push(input);
      continue;
    }
    const path = resolve(cwd, input);
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory()) directories.push(path);
    else if (info?.isFile()) explicit.push(path);
    else throw new MissingPathError(input);
  }
  // Symbolic links are listed, to be reported, but linked directories are not entered: what they hold lies
  // elsewhere, maybe outside the tree, maybe in a loop.
  const options = {
    absolute: true,
    gitignore: true,
    ignore: ['**/node_modules/**'],
    dot: false,
    onlyFiles: false,
    followSymbolicLinks: false,
    objectMode: true as const,
  };
  // Each directory is walked from itself: globby's gitignore handling refuses paths outside its cwd, and a
  // directory may well lie outside the working directory (`journey-codemod ../other-repo`).
  const found = (
    await Promise.all([
      ...(patterns.length === 0 ? [] : [globby(patterns, { ...options, cwd })]),
      ...directories.map((directory) => globby(`**/*.${extensionGlob}`, { ...options, cwd: directory })),
    ])
  )
    .flat()
    .flatMap((entry) => (entry.dirent.isFile() || entry.dirent.isSymbolicLink() ? [entry.path] : []));
  const wanted = new Set(extensions.map((extension) => `.${extension}`));
  const matching = found.filter((file) => wanted.has(file.slice(file.lastIndexOf('.'))));
  return [...new Set([...matching, ...explicit.filter((file) => !file.includes('/node_modules/'))])].sort();
}
