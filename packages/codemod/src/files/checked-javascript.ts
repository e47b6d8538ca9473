import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { File } from '@babel/types';
import { ts } from 'ts-morph';

/** A parse host that lists no files: only the compiler options are wanted, not the files the config includes. */
const HOST: ts.ParseConfigHost = {
  useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
  readDirectory: () => [],
  fileExists: (path) => ts.sys.fileExists(path),
  readFile: (path) => ts.sys.readFile(path),
};

/**
 * Whether TypeScript checks the JavaScript file `file` (parsed as `ast`): a `// @ts-check` (not `// @ts-nocheck`)
 * before its first statement, else `checkJs` of the nearest tsconfig.json or jsconfig.json, `extends` followed.
 * `cache` holds the configs' answers by directory, for one run.
 */
export function isCheckedJavaScript(file: string, ast: File, cache: Map<string, boolean>): boolean {
  if (!/\.[cm]?jsx?$/.test(file)) return false;
  const first = ast.program.body[0]?.start ?? Number.POSITIVE_INFINITY;
  const pragmas = (ast.comments ?? [])
    .filter((comment) => comment.type === 'CommentLine' && (comment.end ?? 0) <= first)
    .map((comment) => /^\/?\s*@ts-(no)?check\b/.exec(comment.value));
  if (pragmas.some((pragma) => pragma?.[1] !== undefined)) return false;
  return pragmas.some((pragma) => pragma !== null) || checkJs(dirname(file), cache);
}

function checkJs(dir: string, cache: Map<string, boolean>): boolean {
  const cached = cache.get(dir);
  if (cached !== undefined) return cached;
  const config = ['tsconfig.json', 'jsconfig.json'].map((name) => join(dir, name)).find((path) => existsSync(path));
  let checked = false;
  if (config !== undefined) {
    const parsed = ts.parseJsonSourceFileConfigFileContent(
      ts.readJsonConfigFile(config, (path) => ts.sys.readFile(path)),
      HOST,
      dir,
      undefined,
      config,
    );
    checked = parsed.options.checkJs === true;
  } else if (dirname(dir) !== dir) checked = checkJs(dirname(dir), cache);
  cache.set(dir, checked);
  return checked;
}
