/**
 * The parts of `pnpm typecheck` (scripts/typecheck.ts) that are ours: which README blocks are checked, and that a
 * problem in a file checked from memory is reported at the file and line it came from.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { exampleModules, typeScriptBlocks } from '../scripts/typecheck/readme-examples.ts';
import { describeDiagnostic, hostWithVirtualFiles } from '../scripts/typecheck/virtual-files.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

const README = [
  '# A package', // 1
  '', // 2
  '```ts', // 3
  "const answer: number = 'forty-two';", // 4
  '```', // 5
  '```typescript', // 6
  'export const ok = 1;', // 7
  '```', // 8
  '```ts nocheck', // 9
  'a fragment that is not standalone', // 10
  '```', // 11
  '```sh', // 12
  'npm install', // 13
  '```', // 14
].join('\n');

describe('pnpm typecheck', () => {
  it('checks ```ts and ```typescript blocks, not those fenced `nocheck` nor other languages', () => {
    expect(typeScriptBlocks(README, 'packages/x/README.md')).toEqual([
      { doc: 'packages/x/README.md', line: 4, code: "const answer: number = 'forty-two';" },
      { doc: 'packages/x/README.md', line: 7, code: 'export const ok = 1;' },
    ]);
  });

  it('refuses a Markdown text whose fence never closes, naming the file', () => {
    expect(() => typeScriptBlocks('```ts\nconst x = 1;\n', 'README.md')).toThrow('README.md: a fenced block is never closed');
  });

  it('reports a type error in an example at its line in the README', () => {
    const files = exampleModules(typeScriptBlocks(README, 'packages/x/README.md'), `${root}test/.readme-examples`);
    const options: ts.CompilerOptions = { strict: true, noEmit: true, lib: ['lib.es2023.d.ts'], types: [] };
    const program = ts.createProgram({ rootNames: [...files.keys()], options, host: hostWithVirtualFiles(options, files) });
    expect(ts.getPreEmitDiagnostics(program).map((diagnostic) => describeDiagnostic(diagnostic, files, root))).toEqual([
      "packages/x/README.md:4:7 - error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
  });
});
