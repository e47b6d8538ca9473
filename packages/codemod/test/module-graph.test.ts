import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModuleGraph } from '../src/analysis/module-graph.js';

describe('ModuleGraph', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), 'journey-codemod-graph-')));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('connects a module to the workers it starts by a relative path, and reads no module in a URL built on a base', async () => {
    const files = {
      'page.js': `const worker = new Worker(new URL('./journey.worker.js', import.meta.url));
const shared = new SharedWorker(\`./shared.worker.js\`);
const state = new URL('journey/state/fetch', 'https://eu.platform.go.gbgplc.com/captain/api/');
`,
      'journey.worker.js': "importScripts('./polyfills.js');\n",
      'shared.worker.js': '',
      'polyfills.js': '',
    };
    const texts = new Map<string, string>();
    for (const [name, text] of Object.entries(files)) {
      await writeFile(join(dir, name), text);
      texts.set(join(dir, name), text);
    }
    const graph = new ModuleGraph(texts);
    expect([...graph.importsOf(join(dir, 'page.js'))].sort()).toEqual([join(dir, 'journey.worker.js'), join(dir, 'shared.worker.js')]);
    expect(graph.importersOf(join(dir, 'polyfills.js'))).toEqual([join(dir, 'journey.worker.js')]);
    // `journey/state/fetch` is a path on a base, not a package the run cannot find.
    expect(graph.unresolvableImports()).toEqual([]);
  });
});
