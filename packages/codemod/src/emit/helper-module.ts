import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { ts } from 'ts-morph';
import { HelperModuleError } from '../errors/helper-module-error.js';
import { packageRootOf } from '../files/package-json-field.js';
import { HELPER_SOURCE_URL } from '../helper-source.js';
import type { FileContext } from '../plan/file-context.js';
import type { TextEdit } from '../plan/types.js';
import { moduleKindOf } from './module-kind.js';

/** The generated module's name in the migrated tree, without its extension. */
const HELPER_MODULE = 'journey-v2';

/** What the generated module's opening comment says, in every language it is written in. */
const HELPER_HEADER = 'Written by journey-codemod into a migrated project';

/** Whether `file` (its text `text`) is the module the codemod generated, by its name and its opening comment. */
export function isGeneratedHelper(file: string, text: string | undefined): boolean {
  return (
    basename(file).replace(/\.(?:d\.[mc]ts|ts|mjs|cjs)$/, '') === HELPER_MODULE && (text?.slice(0, 400).includes(HELPER_HEADER) ?? false)
  );
}

/** Names of the module that are types: imported with `type` in TypeScript. */
const TYPES = new Set(['V2Interaction', 'V2Step', 'V2ModuleStep', 'V2Result', 'V2State', 'V2ErrorBody', 'Decision', 'WaitOptions']);

/** The generated module's files to write, and the imports of it the migrated files need. */
export interface HelperEmission {
  readonly files: readonly { readonly path: string; readonly text: string }[];
  readonly edits: readonly TextEdit[];
}

type Flavour = 'ts' | 'esm' | 'cjs';

const EXTENSIONS: Readonly<Record<Flavour, string>> = { ts: '.ts', esm: '.mjs', cjs: '.cjs' };

/** The declaration file TypeScript reads in place of the compiled module, beside it. */
const DECLARATIONS: Readonly<Record<Exclude<Flavour, 'ts'>, string>> = { esm: '.d.mts', cjs: '.d.cts' };

/**
 * Writes the helper module once into each package of the user's tree (the deepest directory that holds every file
 * of the package using it; a package is the directory of the nearest package.json), in
 * the language of the files that import it: TypeScript as written in `helpers/journey-v2.ts`, or that module
 * compiled to an ES module (`.mjs`) or CommonJS (`.cjs`) with its declaration file (`.d.mts`, `.d.cts`) beside it,
 * so JavaScript that TypeScript checks gets its types. Nothing to install; an existing file is kept as it is.
 * Each file gets one import of the names it uses, in its own quotes and semicolons, after its last import.
 */
export function emitHelpers(
  needs: ReadonlyMap<string, ReadonlySet<string>>,
  ctxOf: (file: string) => FileContext | undefined,
  readExisting: (path: string) => string | undefined,
  /** Where the migration's edit that deletes the text from `start` to `end` of `file` whole starts. @default none does */
  removalOf: (file: string, start: number, end: number) => number | undefined = () => undefined,
): HelperEmission {
  if (needs.size === 0) return { files: [], edits: [] };
  // One module per package: an import out of a package breaks its rootDir and is missing from what it publishes.
  const roots = new Map<string, string | undefined>();
  const byPackage = new Map<string, string[]>();
  for (const file of needs.keys()) {
    const root = packageRootOf(dirname(file), roots) ?? '';
    byPackage.set(root, [...(byPackage.get(root) ?? []), file]);
  }
  const dirOf = new Map([...byPackage.values()].flatMap((group) => group.map((file) => [file, commonDirectory(group)] as const)));
  const files = new Map<string, string>();
  const edits: TextEdit[] = [];
  const packageTypes = new Map<string, string | undefined>();
  // Every kept module's missing names over all its importers, so one refusal names them all.
  const lacking = new Map<string, Set<string>>();
  for (const [file, names] of needs) {
    const ctx = ctxOf(file);
    if (!ctx) continue;
    const flavour: Flavour = ctx.isTypeScript ? 'ts' : moduleKindOf(ctx, packageTypes);
    const dir = dirOf.get(file) ?? dirname(file);
    const path = join(dir, `${HELPER_MODULE}${EXTENSIONS[flavour]}`);
    const written = flavour === 'ts' ? [{ path, text: moduleText }] : [{ path, text: () => javascriptText(flavour) }];
    // Written with the module only: beside one kept from an earlier run, it could declare what that one lacks.
    if (flavour !== 'ts' && readExisting(path) === undefined)
      written.push({ path: join(dir, `${HELPER_MODULE}${DECLARATIONS[flavour]}`), text: () => declarationText(flavour) });
    for (const file of written) {
      if (files.has(file.path)) continue;
      const existing = readExisting(file.path);
      if (existing === undefined) files.set(file.path, file.text());
      else for (const name of missingExports(existing, names)) lacking.set(file.path, (lacking.get(file.path) ?? new Set()).add(name));
    }
    const specifier = specifierFor(ctx, path, flavour);
    const missing = [...names].filter((name) => ctx.imports.get(name)?.specifier !== specifier).sort();
    if (missing.length > 0) edits.push(importOf(ctx, missing, specifier, flavour, (start, end) => removalOf(file, start, end)));
  }
  if (lacking.size > 0) refuse(lacking);
  return { files: [...files].map(([path, text]) => ({ path, text })), edits };
}

/** The names a module kept from an earlier run does not export. */
function missingExports(text: string, names: ReadonlySet<string>): string[] {
  return [...names].filter(
    (name) =>
      !new RegExp(
        `export\\s+(?:declare\\s+)?(?:async\\s+)?(?:function\\*?|const|let|var|class|interface|type)\\s+${name}\\b|exports\\.${name}\\s*=|export\\s*\\{[^}]*\\b${name}\\b`,
      ).test(text),
  );
}

/**
 * Refuses the run when a module kept from an earlier run lacks a name this one imports from it: the codemod never
 * overwrites that module, and migrated code importing a missing name would not load.
 */
function refuse(lacking: ReadonlyMap<string, ReadonlySet<string>>): never {
  const gaps = [...lacking].map(
    ([path, names]) => `${path} exists from an earlier run and does not export ${[...names].sort().join(', ')}`,
  );
  throw new HelperModuleError(
    `${gaps.join('; ')}, which the migrated code imports; the codemod never overwrites ${lacking.size > 1 ? 'them' : 'it'}: ` +
      `move ${lacking.size > 1 ? 'them' : 'it'} aside to have the current one written, or add the missing exports, then run again (nothing was written)`,
  );
}

const moduleText = (): string => readFileSync(HELPER_SOURCE_URL, 'utf8');

const compilerOptions = (flavour: Exclude<Flavour, 'ts'>): ts.CompilerOptions => ({
  module: flavour === 'cjs' ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2020,
});

/**
 * The module compiled to JavaScript, unchecked by TypeScript: compiled, its parameters lost their types (implicit
 * `any`, errors where the project checks its JavaScript), and its declaration file types it for its importers.
 */
function javascriptText(flavour: Exclude<Flavour, 'ts'>): string {
  return compiledOnce(`module ${flavour}`, () => {
    const output = ts.transpileModule(moduleText(), { compilerOptions: compilerOptions(flavour) }).outputText;
    // First, before CommonJS's `"use strict"`: TypeScript reads the pragma only in the comments the file opens with.
    return `// @ts-nocheck: compiled from TypeScript, its types are in ${HELPER_MODULE}${DECLARATIONS[flavour]} beside it.\n${output}`;
  });
}

/** The module's declarations, as TypeScript writes them: its exports are typed explicitly, as `isolatedDeclarations` asks. */
function declarationText(flavour: Exclude<Flavour, 'ts'>): string {
  return compiledOnce(
    `declarations ${flavour}`,
    () => ts.transpileDeclaration(moduleText(), { compilerOptions: compilerOptions(flavour) }).outputText,
  );
}

/** Compilations of the module by what was compiled: its source is this package's own file, the same for a whole process. */
const compiled = new Map<string, string>();
function compiledOnce(key: string, compile: () => string): string {
  let text = compiled.get(key);
  if (text === undefined) {
    text = compile();
    compiled.set(key, text);
  }
  return text;
}

/** Where the last comment TypeScript reads only above all code ends, among the comments the file opens with; -1 if none. */
function lastPragmaEnd(source: string): number {
  let end = -1;
  for (const comment of source.matchAll(/\s*(?:#!.*|\/\/.*|\/\*[\s\S]*?\*\/)/gy)) {
    const text = comment[0].trim();
    if (/^\/\/\/|^\/\/\s*@ts-|@jsx/.test(text)) end = (comment.index ?? 0) + comment[0].length;
  }
  return end;
}

/** The deepest directory that holds every file. */
function commonDirectory(files: readonly string[]): string {
  const [first = [], ...rest] = files.map((file) => dirname(file).split(sep));
  let length = first.length;
  for (const parts of rest) {
    let same = 0;
    while (same < length && same < parts.length && parts[same] === first[same]) same++;
    length = same;
  }
  return first.slice(0, length).join(sep) || sep;
}

/** The module as `file` imports it: relative, with the extension the file's own relative imports use. */
function specifierFor(ctx: FileContext, path: string, flavour: Flavour): string {
  let specifier = relative(dirname(ctx.file), path).split(sep).join('/');
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  if (flavour !== 'ts') return specifier;
  const bare = specifier.slice(0, -'.ts'.length);
  const relatives = [...ctx.imports.values()].map((binding) => binding.specifier).filter((value) => value.startsWith('.'));
  if (relatives.some((value) => value.endsWith('.ts'))) return `${bare}.ts`;
  if (relatives.length > 0 && !relatives.some((value) => /\.[cm]?js$/.test(value))) return bare;
  return `${bare}.js`;
}

/** `import { a, type B } from './journey-v2.js';` (or `require`) after the file's last import, in its style. */
function importOf(
  ctx: FileContext,
  names: readonly string[],
  specifier: string,
  flavour: Flavour,
  removedFrom: (start: number, end: number) => number | undefined,
): TextEdit {
  const statements = ctx.ast.program.body;
  // Only top-level `const x = require(…)` are imports: after a `module.exports` holding a `require`, the helper's could be bound too late.
  const imports = statements.filter(
    (statement) =>
      statement.type === 'ImportDeclaration' ||
      (flavour === 'cjs' && statement.type === 'VariableDeclaration' && ctx.text(statement).includes('require(')),
  );
  const last = imports[imports.length - 1];
  const onlyTypes = flavour === 'ts' && names.every((name) => TYPES.has(name));
  const list = names.map((name) => (flavour === 'ts' && !onlyTypes && TYPES.has(name) ? `type ${name}` : name)).join(', ');
  const line =
    flavour === 'cjs'
      ? `const { ${list} } = require(${ctx.str(specifier)});`
      : `import ${onlyTypes ? 'type ' : ''}{ ${list} } from ${ctx.str(specifier)};`;
  const semicolonless = last !== undefined && !ctx.text(last).trimEnd().endsWith(';');
  const statement = semicolonless ? line.slice(0, -1) : line;
  if (last) {
    // An import the migration removes whole (its last use retyped) takes a line break with it: the one before it,
    // or, on the file's first line, the one after it. Then the new import takes its place, ahead of that removal
    // rather than inside it.
    const start = last.start ?? 0;
    if (removedFrom(start, last.end ?? 0) === start) return { file: ctx.file, start, end: start, text: `${statement}${ctx.eol}` };
    return { file: ctx.file, start: last.end ?? 0, end: last.end ?? 0, text: `${ctx.eol}${statement}` };
  }
  // After a shebang, directives such as 'use strict', and the comments TypeScript reads only above all code
  // (`/// <reference lib="webworker" />`, `// @ts-check`, `/** @jsx h */`), licence headers before them included.
  const directives = ctx.ast.program.directives;
  const after = Math.max(
    directives[directives.length - 1]?.end ?? -1,
    ctx.source.startsWith('#!') ? ctx.source.indexOf('\n') : -1,
    lastPragmaEnd(ctx.source),
  );
  if (after >= 0) return { file: ctx.file, start: after, end: after, text: `${ctx.eol}${statement}` };
  // Behind a byte-order mark, which must stay the file's first character.
  const top = ctx.source.startsWith('\uFEFF') ? 1 : 0;
  return { file: ctx.file, start: top, end: top, text: `${statement}${ctx.eol}` };
}
