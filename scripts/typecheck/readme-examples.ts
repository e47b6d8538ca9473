import { join } from 'node:path';
import type { VirtualFile } from './virtual-files.ts';

/** One ```ts block: the Markdown file it is in (relative to the root), and the line its code starts on. */
export interface Example {
  readonly doc: string;
  readonly line: number;
  readonly code: string;
}

/**
 * The ```ts (or ```typescript) blocks of a Markdown text, except those whose info string says `nocheck`: a block
 * that is deliberately not standalone.
 */
export function typeScriptBlocks(markdown: string, doc: string): Example[] {
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

/**
 * The examples as modules in `dir` (absolute, inside the repository so `@journey-bridge/*` resolves to the
 * workspace packages): `export {}` makes every block a module, with top-level await and no names shared.
 */
export function exampleModules(examples: readonly Example[], dir: string): Map<string, VirtualFile> {
  return new Map(
    examples.map((example) => [
      join(dir, `${example.doc.replace(/\W+/g, '-')}-${example.line}.ts`),
      { text: `${example.code}\nexport {};\n`, shownAs: example.doc, firstLine: example.line },
    ]),
  );
}
