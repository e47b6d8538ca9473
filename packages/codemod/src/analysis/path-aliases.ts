import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ts } from 'ts-morph';

/** What a tsconfig says about where bare specifiers lead: `baseUrl` and `paths` (with the directory `paths` are relative to). */
export type AliasOptions = Pick<ts.CompilerOptions, 'baseUrl' | 'paths' | 'pathsBasePath'>;

/** A parse host that lists no files: only the compiler options are wanted, not the files the config includes. */
const HOST: ts.ParseConfigHost = {
  useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
  readDirectory: () => [],
  fileExists: (path) => ts.sys.fileExists(path),
  readFile: (path) => ts.sys.readFile(path),
};

/**
 * The config file (`tsconfig.json`, else `jsconfig.json`) nearest at or above `dir`, as an editor picks the one
 * that governs a file, and the path aliases it declares, `extends` followed: `undefined` when it declares none or
 * there is none. A config TypeScript cannot read declares none. `cache` holds answers by directory, for one run.
 */
export function pathAliases(
  dir: string,
  cache: Map<string, { config: string; options: AliasOptions } | undefined>,
): { config: string; options: AliasOptions } | undefined {
  if (cache.has(dir)) return cache.get(dir);
  const config = ['tsconfig.json', 'jsconfig.json'].map((name) => join(dir, name)).find((path) => existsSync(path));
  let found: { config: string; options: AliasOptions } | undefined;
  if (config !== undefined) {
    const { options } = ts.parseJsonSourceFileConfigFileContent(
      ts.readJsonConfigFile(config, (path) => ts.sys.readFile(path)),
      HOST,
      dir,
      undefined,
      config,
    );
    const { baseUrl, paths, pathsBasePath } = options;
    if (baseUrl !== undefined || paths !== undefined) found = { config, options: { baseUrl, paths, pathsBasePath } };
  } else if (dirname(dir) !== dir) found = pathAliases(dirname(dir), cache);
  cache.set(dir, found);
  return found;
}
