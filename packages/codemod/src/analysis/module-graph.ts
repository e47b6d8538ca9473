import { isBuiltin } from 'node:module';
import { dirname } from 'node:path';
import { Node, Project, type SourceFile, ts } from 'ts-morph';
import { nearestPackageJsonField } from '../files/package-json-field.js';
import { type AliasOptions, pathAliases } from './path-aliases.js';

/** Where a name is declared: the file and the start of its declaring identifier. */
export interface DeclarationSite {
  readonly file: string;
  readonly start: number;
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  noEmit: true,
  // Only declarations are looked up: the default libraries would cost most of the work.
  noLib: true,
  types: [],
};

const DECLARATION_FILE = /\.d\.([mc]?)ts$/;

/**
 * The file an import runs rather than the one TypeScript types it by: `'./sdk/index.js'` resolves to the
 * `index.d.ts` beside `index.js`, but the calls made through it are those of `index.js`, so when the run holds that
 * file the import leads there, and the code the app calls is the code the codemod reads and rewrites.
 */
function implementationOf(
  resolved: ts.ResolvedModuleFull | undefined,
  texts: ReadonlyMap<string, string>,
): ts.ResolvedModuleFull | undefined {
  const match = resolved && DECLARATION_FILE.exec(resolved.resolvedFileName);
  if (!resolved || !match) return resolved;
  const kind = match[1] ?? '';
  const implementation = `${resolved.resolvedFileName.slice(0, match.index)}.${kind}js`;
  if (!texts.has(implementation)) return resolved;
  const extension = kind === 'm' ? ts.Extension.Mjs : kind === 'c' ? ts.Extension.Cjs : ts.Extension.Js;
  return { ...resolved, resolvedFileName: implementation, extension };
}

/**
 * `from 'x'`, `import 'x'`, `require('x')`, `import('x')`: the specifiers a text imports; and the modules it starts
 * as workers, which its messages reach (`new Worker(new URL('./x', import.meta.url))`, `new Worker('./x.js')`,
 * `importScripts('./x.js')`, `serviceWorker.register('./x.js')`), by a relative path only: `new URL('task/list',
 * base)` names no module.
 */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|(?:\bnew\s+URL|\bnew\s+(?:Shared)?Worker|\bimportScripts|\.register)\s*\(\s*(?=['"`]\.\.?\/))(['"`])([^'"`$\n]+)\1/g;

/** `export * from 'x'`, `export * as n from 'x'`, `export { a, b } from 'x'`. */
const RE_EXPORT = /\bexport\s+(?:\*(?:\s+as\s+[\w$]+)?|(?:type\s+)?\{[^}]*\})\s*from\s*(['"])([^'"\n]+)\1/g;

/**
 * The modules of the project as TypeScript sees them, through ts-morph: where relative imports lead, and package
 * names that lead to a file of the run (a workspace package linked into `node_modules`), where an exported name is
 * declared (following re-exports), and which files import a file.
 * Files are loaded from the texts the run read, and only when a question reaches them; the constants analysis
 * and the flow analysis share the one project.
 */
export class ModuleGraph {
  private project: Project | undefined;
  private importers: Map<string, Set<string>> | undefined;
  private readonly imports = new Map<string, Set<string>>();
  private readonly packageImports: { from: string; specifier: string }[] = [];
  private readonly packageNames = new Map<string, string | undefined>();
  private readonly resolved = new Map<string, ts.ResolvedModuleFull | undefined>();
  private readonly unresolvable = new Set<string>();
  /** Imports TypeScript resolves to a file outside `node_modules` the run did not read: a workspace package's build. */
  private readonly outsideRun = new Set<string>();
  private unresolvableList: readonly { from: string; specifier: string }[] | undefined;
  private readonly aliases = new Map<string, { config: string; options: AliasOptions } | undefined>();
  /** One resolution cache for each config's aliases: an answer under one config's `paths` is no answer under another's. */
  private readonly caches = new Map<string, ts.ModuleResolutionCache>();

  constructor(private readonly texts: ReadonlyMap<string, string>) {}

  /**
   * The file an import of `from` resolves to: by a relative specifier, unless it lies in `node_modules`; by a
   * package name, only when it leads (through a link in `node_modules`, as a workspace has) to a file of the run;
   * by a path alias of the nearest tsconfig.json or jsconfig.json (`paths`, `baseUrl`), when it leads to a file of
   * the run.
   */
  resolve(from: string, specifier: string): string | undefined {
    return this.resolution(from, specifier)?.resolvedFileName;
  }

  /**
   * Whether an import of `from` may lead to a file of the run: it resolves to one, to a file outside `node_modules`
   * the run did not read (a workspace package whose `main` is its build, made from files of the run), or it names
   * neither a file nor a package TypeScript finds (a bundler's alias may lead anywhere). An installed package or a
   * Node built-in does not.
   */
  mayLeadIntoRun(from: string, specifier: string): boolean {
    const key = `${from}\0${specifier}`;
    return this.resolve(from, specifier) !== undefined || this.unresolvable.has(key) || this.outsideRun.has(key);
  }

  /** TypeScript's resolution of an import of `from`, when it leads to a file the codemod follows (see `resolve`). */
  private resolution(from: string, specifier: string): ts.ResolvedModuleFull | undefined {
    const relative = specifier.startsWith('.');
    if (!relative && specifier.startsWith('node:')) return undefined;
    const key = `${from}\0${specifier}`;
    if (!this.resolved.has(key)) {
      const aliases = relative ? undefined : pathAliases(dirname(from), this.aliases);
      const options = aliases ? { ...COMPILER_OPTIONS, ...aliases.options } : COMPILER_OPTIONS;
      const cacheKey = aliases?.config ?? '';
      const cache = this.caches.get(cacheKey) ?? ts.createModuleResolutionCache(process.cwd(), (name) => name, options);
      this.caches.set(cacheKey, cache);
      const resolved = implementationOf(ts.resolveModuleName(specifier, from, options, ts.sys, cache).resolvedModule, this.texts);
      const target = resolved?.resolvedFileName;
      const inRun = target !== undefined && (relative || this.texts.has(target));
      this.resolved.set(key, inRun && !target.includes('/node_modules/') ? resolved : undefined);
      if (target !== undefined && !inRun && !target.includes('/node_modules/')) this.outsideRun.add(key);
      // Neither a file nor a package TypeScript finds: an alias of a bundler, or a package not installed.
      if (!relative && resolved === undefined && !isBuiltin(specifier)) this.unresolvable.add(key);
    }
    return this.resolved.get(key);
  }

  /** Whether `file` is a declaration file (`.d.ts`, `.d.mts`, `.d.cts`): types only, its code lies elsewhere. */
  static isDeclarationFile(file: string): boolean {
    return DECLARATION_FILE.test(file);
  }

  /**
   * The imports, among the files the run read, by a bare specifier that leads nowhere TypeScript can find (neither
   * a package in `node_modules` nor a path alias of a tsconfig): a bundler's alias, or a package not installed. They
   * may import any file of the run unseen.
   */
  unresolvableImports(): readonly { from: string; specifier: string }[] {
    if (!this.unresolvableList) {
      // Reading every file's imports, once, is what finds them.
      this.importersOf('');
      this.unresolvableList = [...this.unresolvable].map((key) => {
        const [from = '', specifier = ''] = key.split('\0');
        return { from, specifier };
      });
    }
    return this.unresolvableList;
  }

  /** Where `name`, exported by `file`, is declared; re-exports followed. `undefined` for an anonymous default export. */
  exported(file: string, name: string): DeclarationSite | undefined {
    const source = this.sourceFile(file);
    const declaration = source?.getExportedDeclarations().get(name)?.[0];
    if (!declaration) return undefined;
    const nameNode = Node.hasName(declaration) ? declaration.getNameNode() : undefined;
    return nameNode ? { file: declaration.getSourceFile().getFilePath(), start: nameNode.getStart() } : undefined;
  }

  /**
   * The file whose namespace `file` exports as `name`: `export * as name from './m'` (or `import * as name` and
   * `export { name }`), re-exports followed. A call `name.f()` through it calls the `f` that file declares.
   */
  exportedNamespace(file: string, name: string): string | undefined {
    const declaration = this.sourceFile(file)?.getExportedDeclarations().get(name)?.[0];
    return Node.isSourceFile(declaration) ? declaration.getFilePath() : undefined;
  }

  /** The files, among those the run read, that import `file` by a specifier that resolves to it. */
  importersOf(file: string): readonly string[] {
    if (!this.importers) {
      this.importers = new Map();
      for (const [from, text] of this.texts) {
        for (const match of text.matchAll(SPECIFIER)) {
          const specifier = match[2] ?? '';
          const target = this.resolve(from, specifier);
          if (!target && !specifier.startsWith('.')) this.packageImports.push({ from, specifier });
          if (!target || target === from) continue;
          const set = this.importers.get(target) ?? new Set<string>();
          set.add(from);
          this.importers.set(target, set);
          const imported = this.imports.get(from) ?? new Set<string>();
          imported.add(target);
          this.imports.set(from, imported);
        }
      }
    }
    return [...(this.importers.get(file) ?? [])];
  }

  /** `file` and every file of the run that imports it, directly or through other importers. */
  importedFrom(file: string): Set<string> {
    return this.closure(file, (each) => this.importersOf(each));
  }

  /** The files of the run that `file` re-exports from (`export * from './config'`, `export { x } from './y'`). */
  reExportsOf(file: string): readonly string[] {
    const text = this.texts.get(file) ?? '';
    const targets: string[] = [];
    for (const match of text.matchAll(RE_EXPORT)) {
      const target = this.resolve(file, match[2] ?? '');
      if (target !== undefined && target !== file) targets.push(target);
    }
    return targets;
  }

  private closure(file: string, next: (file: string) => readonly string[]): Set<string> {
    const found = new Set([file]);
    const pending = [file];
    for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
      for (const each of next(current)) {
        if (found.has(each)) continue;
        found.add(each);
        pending.push(each);
      }
    }
    return found;
  }

  /** The files of the run that `file` imports by a specifier that resolves to them. */
  importsOf(file: string): readonly string[] {
    this.importersOf(file);
    return [...(this.imports.get(file) ?? [])];
  }

  /** The files of the run that `text`, the text of `from` (a file the run did not read as source), imports. */
  importsOfText(from: string, text: string): readonly string[] {
    const targets = new Set<string>();
    for (const match of text.matchAll(SPECIFIER)) {
      const target = this.resolve(from, match[2] ?? '');
      if (target !== undefined && target !== from) targets.add(target);
    }
    return [...targets];
  }

  /**
   * The imports, among the files the run read, that name the package holding `file` (the `name` of its nearest
   * package.json) but that the graph cannot resolve (no link in `node_modules`): they may import `file` unseen.
   */
  unresolvedPackageImportsOf(file: string): readonly { from: string; specifier: string }[] {
    this.importersOf(file);
    // The name a package manager links the package by.
    const name = nearestPackageJsonField(dirname(file), 'name', this.packageNames);
    if (name === undefined) return [];
    return this.packageImports.filter(({ specifier }) => specifier === name || specifier.startsWith(`${name}/`));
  }

  /** The file as a ts-morph source file, loaded from the run's text (or the disk) the first time it is asked for. */
  sourceFile(file: string): SourceFile | undefined {
    this.project ??= new Project({
      compilerOptions: COMPILER_OPTIONS,
      skipAddingFilesFromTsConfig: true,
      skipFileDependencyResolution: true,
      // As the graph resolves them (path aliases included), so that re-exports are followed where imports are.
      resolutionHost: () => ({
        resolveModuleNames: (names, containing) => names.map((name) => this.resolution(containing, name)),
      }),
    });
    const existing = this.project.getSourceFile(file);
    if (existing) return existing;
    const text = this.texts.get(file);
    // A file the program already read for an import is taken as the run read it.
    return text === undefined
      ? this.project.addSourceFileAtPathIfExists(file)
      : this.project.createSourceFile(file, text, { overwrite: true });
  }
}
