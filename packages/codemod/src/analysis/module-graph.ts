import { Node, Project, type SourceFile, ts } from 'ts-morph';

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

/** `from './x'`, `import './x'`, `require('./x')`, `import('./x')`: the relative specifiers a text imports. */
const RELATIVE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"\n]*)\1/g;

/**
 * The modules of the project as TypeScript sees them, through ts-morph: where relative imports lead (never into
 * `node_modules`), where an exported name is declared (following re-exports), and which files import a file.
 * Files are loaded from the texts the run read, and only when a question reaches them; the constants analysis
 * and the flow analysis share the one project.
 */
export class ModuleGraph {
  private project: Project | undefined;
  private importers: Map<string, Set<string>> | undefined;
  private readonly resolved = new Map<string, string | undefined>();
  private readonly cache = ts.createModuleResolutionCache(process.cwd(), (name) => name);

  constructor(private readonly texts: ReadonlyMap<string, string>) {}

  /** The file a relative import of `from` resolves to, unless it lies in `node_modules`. */
  resolve(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.')) return undefined;
    const key = `${from}\0${specifier}`;
    if (!this.resolved.has(key)) {
      const target = ts.resolveModuleName(specifier, from, COMPILER_OPTIONS, ts.sys, this.cache).resolvedModule?.resolvedFileName;
      this.resolved.set(key, target && !target.includes('/node_modules/') ? target : undefined);
    }
    return this.resolved.get(key);
  }

  /** Where `name`, exported by `file`, is declared; re-exports followed. `undefined` for an anonymous default export. */
  exported(file: string, name: string): DeclarationSite | undefined {
    const source = this.sourceFile(file);
    const declaration = source?.getExportedDeclarations().get(name)?.[0];
    if (!declaration) return undefined;
    const nameNode = Node.hasName(declaration) ? declaration.getNameNode() : undefined;
    return nameNode ? { file: declaration.getSourceFile().getFilePath(), start: nameNode.getStart() } : undefined;
  }

  /** The files, among those the run read, that import `file` by a relative specifier. */
  importersOf(file: string): readonly string[] {
    if (!this.importers) {
      this.importers = new Map();
      for (const [from, text] of this.texts) {
        if (!text.includes("'.") && !text.includes('".')) continue;
        for (const match of text.matchAll(RELATIVE_SPECIFIER)) {
          const target = this.resolve(from, match[2] ?? '');
          if (!target || target === from) continue;
          const set = this.importers.get(target) ?? new Set<string>();
          set.add(from);
          this.importers.set(target, set);
        }
      }
    }
    return [...(this.importers.get(file) ?? [])];
  }

  /** The file as a ts-morph source file, loaded from the run's text (or the disk) the first time it is asked for. */
  sourceFile(file: string): SourceFile | undefined {
    this.project ??= new Project({
      compilerOptions: COMPILER_OPTIONS,
      skipAddingFilesFromTsConfig: true,
      skipFileDependencyResolution: true,
      resolutionHost: (host, options) => ({
        resolveModuleNames: (names, containing) =>
          names.map((name) => {
            const target = this.resolve(containing, name);
            return target ? ts.resolveModuleName(name, containing, options(), host, this.cache).resolvedModule : undefined;
          }),
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
