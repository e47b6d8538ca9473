import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import type { VirtualFile } from './virtual-files.ts';

/**
 * The codemod's expected outputs (`test-fixtures/codemod/**\/*.output.ts`) laid out as the codemod leaves them:
 * `.output` dropped, so fixtures that import each other resolve, and the generated helper module beside the
 * outputs that import it. Paths are absolute; the files live in memory only.
 */
export function codemodOutputs(root: string, fixturesDir: string, helperModule: string): Map<string, VirtualFile> {
  const helper = { text: readFileSync(helperModule, 'utf8'), shownAs: relative(root, helperModule), firstLine: 1 };
  const files = new Map<string, VirtualFile>();
  for (const name of readdirSync(fixturesDir, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!name.endsWith('.output.ts')) continue;
    const text = readFileSync(join(fixturesDir, name), 'utf8');
    const path = join(fixturesDir, name.replace(/\.output\.ts$/, '.ts'));
    files.set(path, { text, shownAs: relative(root, join(fixturesDir, name)), firstLine: 1 });
    if (text.includes("from './journey-v2")) files.set(join(dirname(path), 'journey-v2.ts'), helper);
  }
  return files;
}

/**
 * The options the outputs are checked under: strict, as the codemod's users compile, with the HTTP libraries the
 * fixtures use (dev dependencies of the codemod package) and the workspace's client from its sources.
 */
export function codemodOutputOptions(codemodPackageDir: string): ts.CompilerOptions {
  return {
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
    typeRoots: [join(codemodPackageDir, 'node_modules/@types'), join(codemodPackageDir, '../../node_modules/@types')],
    skipLibCheck: true,
    paths: {
      '@journey-bridge/client': [join(codemodPackageDir, '../client/src/index.ts')],
      // got names its types only in `exports`, which a directory reached through `paths` is not read by.
      got: [join(codemodPackageDir, 'node_modules/got/dist/source/index.d.ts')],
      '*': [join(codemodPackageDir, 'node_modules/*'), join(codemodPackageDir, 'node_modules/@types/*')],
    },
  };
}
