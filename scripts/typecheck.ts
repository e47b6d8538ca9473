/**
 * `pnpm typecheck`: everything that must type-check, in one run. The workspace (tsconfig.json) together with the
 * TypeScript examples of every README (they import the packages' sources, which that program holds already), then
 * the codemod's expected outputs under the options its users compile with. Prints each problem as
 * `path:line:column - error TScode: message`, at the file and line it came from, and exits 1 if there is any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { codemodOutputOptions, codemodOutputs } from './typecheck/codemod-outputs.ts';
import { exampleModules, typeScriptBlocks } from './typecheck/readme-examples.ts';
import { describeDiagnostic, hostWithVirtualFiles } from './typecheck/virtual-files.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const problems: string[] = [];

// The workspace and the README examples.
const docs = [
  'README.md',
  ...readdirSync(join(root, 'packages'))
    .sort()
    .map((name) => `packages/${name}/README.md`),
];
const examples = docs.flatMap((doc) => {
  const found = typeScriptBlocks(readFileSync(join(root, doc), 'utf8'), doc);
  // A README without one has lost its examples, most often to a fence no longer read as TypeScript.
  if (found.length === 0) problems.push(`${doc} - error: holds no TypeScript example`);
  return found;
});
const exampleFiles = exampleModules(examples, join(root, 'test/.readme-examples'));
const config = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
if (!config) throw new Error('tsconfig.json cannot be read');
const workspace = ts.createProgram({
  rootNames: [...config.fileNames, ...exampleFiles.keys()],
  options: config.options,
  host: hostWithVirtualFiles(config.options, exampleFiles),
});
problems.push(
  ...[...config.errors, ...ts.getPreEmitDiagnostics(workspace)].map((diagnostic) => describeDiagnostic(diagnostic, exampleFiles, root)),
);

// The codemod's expected outputs: their own diagnostics (the client's sources they import are checked above).
const outputs = codemodOutputs(root, join(root, 'test-fixtures/codemod'), join(root, 'packages/codemod/helpers/journey-v2.ts'));
const outputOptions = codemodOutputOptions(join(root, 'packages/codemod'));
const outputProgram = ts.createProgram({
  rootNames: [...outputs.keys()],
  options: outputOptions,
  host: hostWithVirtualFiles(outputOptions, outputs),
});
const outputDiagnostics = [...outputs.keys()].flatMap((path) => {
  const file = outputProgram.getSourceFile(path);
  return file ? [...outputProgram.getSyntacticDiagnostics(file), ...outputProgram.getSemanticDiagnostics(file)] : [];
});
problems.push(
  ...[...outputProgram.getOptionsDiagnostics(), ...outputProgram.getGlobalDiagnostics(), ...outputDiagnostics].map((diagnostic) =>
    describeDiagnostic(diagnostic, outputs, root),
  ),
);

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n\n${problems.length} type error(s)\n`);
  process.exitCode = 1;
} else {
  const outputCount = [...outputs.values()].filter(({ shownAs }) => shownAs.endsWith('.output.ts')).length;
  process.stdout.write(`type-checked the workspace, ${examples.length} README examples and ${outputCount} codemod outputs\n`);
}
