import { defineConfig, type TsdownPlugin, type UserConfig } from 'tsdown';

/**
 * Drops the `//# sourceMappingURL=` comment from the declaration files. `sourcemap` maps the JavaScript files
 * (their maps carry the sources, so they ship), and the declaration files get the comment with it, but not their
 * maps: the dts plugin deletes a map it was not asked for and leaves the comment naming it. A declaration map
 * would be no better: it carries no sources, and the `src/` it points into is not packed.
 */
const noDeclarationMapComment: TsdownPlugin = {
  name: 'journey-bridge:no-declaration-map-comment',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === 'chunk' && /\.d\.[cm]?ts$/.test(file.fileName))
        file.code = file.code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '\n');
  },
};

const common: UserConfig = {
  platform: 'node',
  target: 'node20.19',
  dts: true,
  fixedExtension: true,
  sourcemap: true,
  tsconfig: 'tsconfig.build.json',
  checks: { pluginTimings: false },
  // Not `plugins`: tsdown leaves those out of the build that writes the `.d.cts` files.
  inputOptions(options) {
    options.plugins = [options.plugins, noDeclarationMapComment];
  },
};

/**
 * How every package is built: its library entries as ES module and CommonJS files, each with its own type
 * declarations (`.mjs` + `.d.mts`, `.cjs` + `.d.cts`), and its command-line entry as an ES module only (only the
 * `bin/*.mjs` launchers import it, and they are ES modules). Dependencies stay external; `shims` gives the CommonJS build the
 * `import.meta.url` the sources use to find what ships beside them (journeys, helpers, package.json).
 */
export function packageBuild({
  library,
  cli,
  workers = {},
}: {
  /** Entries imported by users, built in both formats. */
  library: readonly string[];
  /** The command-line entry. */
  cli?: string;
  /** Worker-thread entries by output name, started by URL from the ES module build (`dist/<name>.mjs`). */
  workers?: Readonly<Record<string, string>>;
}): UserConfig[] {
  const esmEntries = [...library, ...(cli ? [cli] : [])];
  return defineConfig([
    { ...common, entry: [...esmEntries, workers], format: 'esm', clean: true },
    // ky is an ES module only, imported for its default export: required through Node's require(esm), the
    // CommonJS interop would take its whole namespace for that default. It has no dependencies; bundle it there.
    { ...common, entry: [...library], format: 'cjs', shims: true, clean: false, deps: { alwaysBundle: ['ky'], onlyBundle: ['ky'] } },
  ]);
}
