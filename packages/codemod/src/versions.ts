import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The version in the package.json above a module's entry (works whatever the package's `exports` allow). */
function versionOf(name: string): string {
  let dir = dirname(require.resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && manifest.version) return manifest.version;
    } catch {
      // not here: keep climbing
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/** The tool's version and those of the engines it builds on. */
export function versions(): Readonly<Record<string, string>> {
  const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return {
    'journey-codemod': own.version,
    '@babel/parser': versionOf('@babel/parser'),
    'ts-morph': versionOf('ts-morph'),
  };
}
