import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isGeneratedHelperModule } from '../helper-source.js';

/** A relative import of the helper module by its name: `'../journey-v2'`, `'./journey-v2.js'`, `'./journey-v2.cjs'`. */
const HELPER_IMPORT = /(['"`])(\.{1,2}\/(?:[^'"`\n]*\/)?journey-v2)(\.[mc]?[jt]s)?\1/g;

/** The files an import of the helper module may lead to, implementation first, then its declarations. */
const FORMS = ['.ts', '.mts', '.cts', '.mjs', '.cjs', '.js', '.d.ts', '.d.mts', '.d.cts'];

/**
 * The helper modules an earlier run wrote outside the files of this one (into the common parent of `src` and
 * `test`, say) that those files import, by path, with their text. The run reads them as files of its own, never to
 * rewrite: migrated code hands its instances to their functions, which only call what they are given.
 */
export async function helperModulesBeside(texts: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const paths = new Set<string>();
  for (const [file, text] of texts) {
    if (!text.includes('journey-v2')) continue;
    for (const match of text.matchAll(HELPER_IMPORT)) {
      const base = resolve(dirname(file), match[2] ?? '');
      for (const form of FORMS) if (!texts.has(base + form)) paths.add(base + form);
    }
  }
  const found = new Map<string, string>();
  await Promise.all(
    [...paths].map(async (path) => {
      const text = await readFile(path, 'utf8').catch(() => undefined);
      if (text !== undefined && isGeneratedHelperModule(text)) found.set(path, text);
    }),
  );
  return found;
}
