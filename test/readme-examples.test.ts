/**
 * Keeps the examples in README.md and packages/*\/README.md honest: every ```ts block is written into a
 * temporary directory inside the repository (so `@journey-bridge/*` resolves to the workspace packages, from their
 * sources through the `@journey-bridge/source` condition of tsconfig.base.json) and type-checked with the
 * TypeScript compiler API under the workspace's own strict options. A block that is deliberately not standalone
 * is fenced as ```ts nocheck and left out.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** One ```ts block: the Markdown file it is in (relative to the root), and the line its code starts on. */
interface Example {
  readonly doc: string;
  readonly line: number;
  readonly code: string;
}

/** The ```ts (or ```typescript) blocks of a Markdown text, except those whose info string says `nocheck`. */
function typeScriptBlocks(markdown: string, doc: string): Example[] {
  const examples: Example[] = [];
  let fence: { kind: 'other' } | { kind: 'ts'; check: boolean; line: number; code: string[] } | undefined;
  markdown.split('\n').forEach((text, index) => {
    const line = text.trimEnd();
    if (fence === undefined) {
      const opening = /^```\s*(\S*)\s*(.*)$/.exec(line);
      if (!opening) return;
      const [, language = '', info = ''] = opening;
      fence =
        language === 'ts' || language === 'typescript'
          ? { kind: 'ts', check: !/\bnocheck\b/.test(info), line: index + 2, code: [] }
          : { kind: 'other' };
    } else if (/^```$/.test(line)) {
      if (fence.kind === 'ts' && fence.check) examples.push({ doc, line: fence.line, code: fence.code.join('\n') });
      fence = undefined;
    } else if (fence.kind === 'ts') {
      fence.code.push(text);
    }
  });
  if (fence !== undefined) throw new Error(`${doc}: a fenced block is never closed`);
  return examples;
}

const packageReadmes = readdirSync(join(root, 'packages'))
  .sort()
  .map((name) => `packages/${name}/README.md`);
const docs = ['README.md', ...packageReadmes];
const examples = docs.flatMap((doc) => typeScriptBlocks(readFileSync(join(root, doc), 'utf8'), doc));

describe('README examples', () => {
  let dir: string;
  let program: ts.Program;
  const fileOf = new Map<Example, string>();

  beforeAll(() => {
    dir = mkdtempSync(join(root, 'test', '.readme-examples-'));
    examples.forEach((example, index) => {
      const file = join(dir, `${example.doc.replace(/\W+/g, '-')}-${example.line}-${index}.ts`);
      // `export {}` makes every block a module (top-level await, no names shared between blocks).
      writeFileSync(file, `${example.code}\nexport {};\n`);
      fileOf.set(example, file);
    });
    const { config, error } = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile);
    if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
    const { options, errors } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
    if (errors.length > 0) throw new Error(errors.map((problem) => ts.flattenDiagnosticMessageText(problem.messageText, '\n')).join('\n'));
    program = ts.createProgram({ rootNames: [...fileOf.values()], options: { ...options, noEmit: true } });
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the README and every package README hold TypeScript examples', () => {
    for (const doc of docs) expect(examples.filter((example) => example.doc === doc).length, doc).toBeGreaterThan(0);
    const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
    expect(global.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
  });

  it.each(examples.map((example) => [`${example.doc}:${example.line}`, example] as const))('%s type-checks', (_, example) => {
    const file = program.getSourceFile(fileOf.get(example) ?? '');
    if (!file) throw new Error(`${example.doc}:${example.line} was not compiled`);
    const problems = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((diagnostic) => {
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return `${example.doc}:${example.line + line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  });
});
