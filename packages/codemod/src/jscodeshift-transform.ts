import { EditedFiles } from './edits/edited-files.js';
import { SourceParseError } from './errors/source-parse-error.js';
import { declarationFileOf } from './files/declaration-file.js';
import { readJourneyMapFile } from './files/journey-map-file.js';
import { analyseFlows } from './flow/analyse-flows.js';
import { Sources } from './flow/sources.js';
import { parseSource } from './parse/parse-source.js';
import { FileContext } from './plan/file-context.js';
import type { OperationOptions } from './plan/operations.js';
import { planFile } from './plan/plan-file.js';
import { resolvePlans } from './plan/resolve.js';

const NO_IMPORTS = { resolved: {}, exports: {} };
/** What its markers say of the helpers: handed one file, it cannot write the module they are in. */
const HELPERS_OFF = 'the jscodeshift transform cannot write the generated helper module (the journey-codemod CLI can)';

// The types below are not exported: the default export is this entry's only one, so its CommonJS build is
// `module.exports = transform` and its `.d.cts` says `export = transform`. A named export, even of a type alone,
// would leave `export { transform as default }` there, telling a TypeScript CommonJS caller to call a `.default`
// that is undefined at run time. Callers reach them as `Parameters<typeof transform>`.

/** The file jscodeshift gives a transform (the part of its `FileInfo` this one reads). */
interface TransformFile {
  readonly path: string;
  readonly source: string;
}

/** jscodeshift's options, as given on its command line: `--journeyMap=<file>`, `--delivery=api|page`. */
type TransformOptions = Readonly<Record<string, unknown>>;

/**
 * The same rewrite with jscodeshift's transform signature (`@journey-bridge/codemod/jscodeshift-transform`), for
 * tools that drive transforms one file at a time. Given one file, it cannot resolve constants imported from other
 * files, its flows stop at the file, and it cannot write the helper module: what needs a helper is marked
 * instead. The lines its markers name are lines of the file it returns, and never of another: it reads no other,
 * so could not know where the markers written there move their code. The `journey-codemod` CLI does all of it,
 * and is faster. Options: `journeyMap` (a JSON file), `delivery` (`api` | `page`).
 */
// Typed structurally rather than with jscodeshift's types, so neither jscodeshift nor @types/jscodeshift is
// needed to install or type-check this package; jscodeshift passes its own `FileInfo`, `API` and `Options`.
export default function transform(file: TransformFile, _api: unknown, options: TransformOptions): string | undefined {
  const parsed = parseSource(file.path, file.source);
  if (!parsed.ok) throw new SourceParseError(`cannot parse ${file.path}: ${parsed.error}`);
  const journeyMap =
    typeof options.journeyMap === 'string' ? readJourneyMapFile(options.journeyMap, `journeyMap ${options.journeyMap}`) : undefined;
  const operationOptions: OperationOptions = {
    delivery: options.delivery === 'page' ? 'page' : 'api',
    journeyMap,
    helpers: false,
    // Not --no-helpers, which this transform's user never passed.
    helpersOff: HELPERS_OFF,
  };
  const ctx = new FileContext(file.path, file.source, parsed.ast, NO_IMPORTS);
  const plan = planFile(file.path, file.source, parsed.ast, NO_IMPORTS, operationOptions, ctx);
  const sources = new Sources(new Map([[file.path, file.source]]), NO_IMPORTS, [ctx]);
  const eol = file.source.includes('\r\n') ? '\r\n' : '\n';
  const resolution = resolvePlans([plan], analyseFlows([plan], sources, operationOptions), () => eol, {
    helpersOff: HELPERS_OFF,
    ctx: (path) => sources.get(path)?.ctx,
    // As the CLI: a JavaScript file a declaration file types is left to be migrated with it, by hand.
    declarationOf: (path) => declarationFileOf(path, new Map()),
  });
  const edits = resolution.edits.get(file.path) ?? [];
  // `undefined` tells jscodeshift the file is unchanged.
  return edits.length > 0 ? new EditedFiles(new Map([[file.path, file.source]]), resolution.edits).text(file.path) : undefined;
}
