import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../test-fixtures/codemod/', import.meta.url));
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const helperModule = fileURLToPath(new URL('../helpers/journey-v2.ts', import.meta.url));

it('every .output.ts type-checks against the v2 client, the contract, the HTTP libraries and the generated module', async () => {
  // Laid out as the codemod saw them (`.output` dropped), so fixtures that import each other resolve; the helper
  // module where the codemod writes it, beside the outputs that import it.
  const work = await mkdtemp(join(tmpdir(), 'journey-codemod-typecheck-'));
  const names = (await readdir(root, { recursive: true })).filter((name) => name.endsWith('.output.ts'));
  const files = await Promise.all(
    names.map(async (name) => {
      const target = join(work, name.replace('.output.ts', '.ts'));
      await cp(join(root, name), target, { recursive: true });
      if ((await readFile(target, 'utf8')).includes("from './journey-v2")) await cp(helperModule, join(dirname(target), 'journey-v2.ts'));
      return target;
    }),
  );
  expect(files.length).toBeGreaterThan(20);
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    // The decorated service is written for TypeScript's experimental decorators, as NestJS and Angular code is.
    experimentalDecorators: true,
    target: ts.ScriptTarget.ES2023,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['@journey-bridge/source'],
    types: ['node'],
    typeRoots: [join(packageDir, 'node_modules/@types'), join(packageDir, '../../node_modules/@types')],
    skipLibCheck: true,
    // Fixtures import the HTTP libraries this package has as dev dependencies, and the workspace packages.
    paths: {
      '@journey-bridge/client': [join(packageDir, '../client/src/index.ts')],
      '*': [join(packageDir, 'node_modules/*'), join(packageDir, 'node_modules/@types/*')],
    },
  });
  // The outputs' own diagnostics: the client's sources they import are checked by the repository's type check.
  const outputs = files.map((file) => program.getSourceFile(file) as ts.SourceFile);
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...outputs.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ].map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
  await rm(work, { recursive: true, force: true });
  expect(diagnostics).toEqual([]);
}, 60_000);
