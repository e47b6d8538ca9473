import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCodemod } from '../src/index.js';
import { formatSummary, summarize } from '../src/report/summary.js';

// One journey whose base several files share, as a team writes it: a constants module and the files that call v1
// through it. If the constant moved to v2 while one of those files stayed as it was, that file would send v1
// requests to the v2 base.
const ENDPOINTS = `export const JOURNEY_BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';
`;
const CALLER = `import { JOURNEY_BASE } from './endpoints';

export async function firstTask(instanceId: string) {
  const res = await fetch(\`\${JOURNEY_BASE}task/list\`, { method: 'POST', body: JSON.stringify({ instanceId }) });
  const list = await res.json();
  return list.tasks[0]?.taskId;
}
`;
// 228 characters: a file system's 255 leave no room for the name of a temporary file beside it.
const LONG_NAME = `${'a-caller-whose-name-leaves-no-room-for-a-temporary-file-'.repeat(4)}x.ts`;

let tree: string;
beforeEach(async () => {
  tree = await mkdtemp(join(tmpdir(), 'journey-codemod-unchangeable-'));
});
afterEach(() => rm(tree, { recursive: true, force: true }));

async function project(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, name)), { recursive: true });
    await writeFile(join(tree, name), text);
  }
}

const read = (name: string) => readFile(join(tree, name), 'utf8');
const run = () => runCodemod({ paths: ['src'], cwd: tree });

describe('a file of a flow that the run cannot change leaves the whole flow as it was', () => {
  it('when it cannot be written: nothing of the flow is written, the file is reported, the flow is v1', async () => {
    await project({ 'src/endpoints.ts': ENDPOINTS, 'src/a.ts': CALLER, [`src/${LONG_NAME}`]: CALLER });
    const result = await run();
    expect([await read('src/endpoints.ts'), await read('src/a.ts'), await read(`src/${LONG_NAME}`)]).toEqual([ENDPOINTS, CALLER, CALLER]);
    expect(result.files.find((file) => file.file.endsWith(LONG_NAME))).toMatchObject({
      status: 'refused',
      error: /^cannot write: ENAMETOOLONG/,
    });
    expect(result.files.find((file) => file.file.endsWith('a.ts'))).toMatchObject({
      status: 'refused',
      error: expect.stringContaining('left as it was: a flow of it has a part in'),
    });
    expect(result.flows.map((flow) => flow.decision)).toEqual(['v1']);
    // The summary does not call those parts marked: no marker was written into a file left as it was.
    const summary = formatSummary(summarize(result), true);
    expect(summary).toContain('1 left on v1 (marked, but for the files refused)');
    expect(summary).toContain('unsupported (marked, but for the files refused)');
    // Nothing staged is left behind, and no helper module was made for code that stayed v1.
    expect((await readdir(join(tree, 'src'))).sort()).toEqual([LONG_NAME, 'a.ts', 'endpoints.ts'].sort());
  });

  // An immutable file (chattr +i) reads as writable and takes a staged file beside it, but refuses the rename over
  // it: only root can set the flag, on a file system that has it.
  const immutable = (path: string, on: boolean) => execFileSync('chattr', [on ? '+i' : '-i', path], { stdio: 'ignore' });
  const canMakeImmutable = (() => {
    const probe = join(tmpdir(), `journey-codemod-immutable-${process.pid}`);
    try {
      writeFileSync(probe, '');
      immutable(probe, true);
      immutable(probe, false);
      return true;
    } catch {
      return false;
    } finally {
      rmSync(probe, { force: true });
    }
  })();

  it.skipIf(!canMakeImmutable)(
    'when it cannot take its place: the files renamed before it get their text back, the flow is v1',
    async () => {
      await project({ 'src/endpoints.ts': ENDPOINTS, 'src/a.ts': CALLER, 'src/b.ts': CALLER });
      immutable(join(tree, 'src/b.ts'), true);
      try {
        const result = await run();
        expect([await read('src/endpoints.ts'), await read('src/a.ts'), await read('src/b.ts')]).toEqual([ENDPOINTS, CALLER, CALLER]);
        expect(result.files.find((file) => file.file.endsWith('b.ts'))).toMatchObject({ status: 'refused', error: /^cannot write: EPERM/ });
        expect(result.flows.map((flow) => flow.decision)).toEqual(['v1']);
        expect((await readdir(join(tree, 'src'))).sort()).toEqual(['a.ts', 'b.ts', 'endpoints.ts']);
      } finally {
        immutable(join(tree, 'src/b.ts'), false);
      }
    },
  );

  it.each([
    ['read-only', async () => chmod(join(tree, 'src/b.ts'), 0o444), /read-only/],
    ['unparseable', async () => writeFile(join(tree, 'src/b.ts'), `${CALLER}\nexport const broken = ;\n`), /does not parse/],
    ['not UTF-8', async () => writeFile(join(tree, 'src/b.ts'), Buffer.from(`// caf\xe9\n${CALLER}`, 'latin1')), /not UTF-8/],
  ])('when a file importing its shared constant is %s: the constant stays v1, and so does every caller of it', async (_, make, why) => {
    await project({ 'src/endpoints.ts': ENDPOINTS, 'src/a.ts': CALLER, 'src/b.ts': CALLER });
    await make();
    const result = await run();
    expect([await read('src/endpoints.ts'), await read('src/a.ts')]).toEqual([ENDPOINTS, CALLER]);
    expect(result.files.find((file) => file.file.endsWith('endpoints.ts'))).toMatchObject({
      status: 'refused',
      error: expect.stringMatching(/^left as it was: it is imported by .*b\.ts, which the codemod did not read \(/),
    });
    expect(result.files.find((file) => file.file.endsWith('endpoints.ts'))?.error).toMatch(why);
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
  });

  it('when a read-only file reaches the shared constant through a barrel', async () => {
    await project({
      'src/endpoints.ts': ENDPOINTS,
      'src/index.ts': "export * from './endpoints';\n",
      'src/a.ts': CALLER,
      'src/b.ts': CALLER.replace("from './endpoints'", "from './index'"),
    });
    await chmod(join(tree, 'src/b.ts'), 0o444);
    const result = await run();
    expect([await read('src/endpoints.ts'), await read('src/a.ts')]).toEqual([ENDPOINTS, CALLER]);
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
  });

  it('when a file too large to migrate imports the shared constant', async () => {
    await project({ 'src/endpoints.ts': ENDPOINTS, 'src/a.ts': CALLER, 'src/b.ts': `${CALLER}// ${'x'.repeat(600)}\n` });
    const result = await runCodemod({ paths: ['src'], cwd: tree, maxFileBytes: 500 });
    expect(result.files.find((file) => file.file.endsWith('b.ts'))).toMatchObject({ status: 'refused', error: /^larger than 500 bytes/ });
    expect([await read('src/endpoints.ts'), await read('src/a.ts')]).toEqual([ENDPOINTS, CALLER]);
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
  });

  it('when the file it calls through is read-only: a got client made there with the v1 base leaves its importers as they were', async () => {
    const PLATFORM = `import got from 'got';
export const API = got.extend({ prefixUrl: 'https://eu.platform.go.gbgplc.com/captain/api/journey', responseType: 'json', resolveBodyOnly: true });
`;
    const DOCS = `import { API } from './platform';

export async function begin(token: string) {
  const headers = { authorization: \`Bearer \${token}\` };
  const { instanceId } = await API.post('start', { headers, json: { resourceId: 'c3f9e5b2doc-selfie-v1@latest', context: { config: { async: true }, subject: {} } } });
  const state = await API.post('state/fetch', { headers, json: { instanceId } });
  return state.data.process.flow.decision.result.outcome === 'Decision: Pass';
}
`;
    await project({ 'src/platform.ts': PLATFORM, 'src/docs.ts': DOCS });
    await chmod(join(tree, 'src/platform.ts'), 0o444);
    const result = await runCodemod({ paths: ['src'], cwd: tree, journeyMap: { 'c3f9e5b2doc-selfie-v1': 'd4a0f6c3doc-selfie-v2' } });
    // Not even a marker: what it calls is unseen, so a marker's reason would be a guess.
    expect(await read('src/docs.ts')).toBe(DOCS);
    expect(result.files.find((file) => file.file.endsWith('docs.ts'))).toMatchObject({
      status: 'refused',
      error: expect.stringMatching(/^left as it was: it imports .*platform\.ts, which the codemod did not read \(read-only/),
    });
  });

  it('but a read-only file with journey text that reaches the constant only through a module of its own holds nothing back', async () => {
    await project({
      'src/endpoints.ts': `${ENDPOINTS}export const LOG_LEVEL = 'info';\n`,
      'src/logger.ts': "import { LOG_LEVEL } from './endpoints';\nexport const log = (text: string) => LOG_LEVEL && console.log(text);\n",
      'src/a.ts': CALLER,
      'src/vendor.ts':
        "import { log } from './logger';\nlog('https://eu.platform.go.gbgplc.com/captain/api/journey/ is the old address');\n",
    });
    await chmod(join(tree, 'src/vendor.ts'), 0o444);
    const result = await run();
    expect(result.flows.map((flow) => flow.decision)).toEqual(['migrated']);
  });

  it('but a read-only file that shares nothing with the flow holds nothing back', async () => {
    await project({ 'src/endpoints.ts': ENDPOINTS, 'src/a.ts': CALLER, 'src/vendor.ts': 'export const answer = 42;\n' });
    await chmod(join(tree, 'src/vendor.ts'), 0o444);
    const result = await run();
    expect(result.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(await read('src/endpoints.ts')).toContain('/v2/captain/journey/');
  });
});

describe('a component whose script the codemod does not read (.vue, .svelte)', () => {
  const CLIENT = `export class JourneyClient {
  constructor(private readonly token: string) {}

  async state(instanceId: string) {
    const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
      method: 'POST',
      headers: { authorization: \`Bearer \${this.token}\` },
      body: JSON.stringify({ instanceId }),
    });
    return res.json();
  }
}
`;
  const RESULT_VUE = `<template>
  <p v-if="failed">We could not verify you.</p>
</template>

<script setup lang="ts">
import { ref } from 'vue';
import { JourneyClient } from './client';

const props = defineProps<{ token: string; instanceId: string }>();
const failed = ref(false);
new JourneyClient(props.token).state(props.instanceId).then((state) => {
  failed.value = state.status === 'Failed';
});
</script>
`;
  const POLL_SVELTE = `<script>
  export let instanceId;
  const poll = fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
    method: 'POST',
    body: JSON.stringify({ instanceId }),
  }).then((res) => res.json());
</script>

{#await poll then state}<p>{state.status}</p>{/await}
`;

  it('that imports a file of a flow leaves the flow as it was, and is reported with any that holds v1 text', async () => {
    await project({ 'src/client.ts': CLIENT, 'src/Result.vue': RESULT_VUE, 'src/Poll.svelte': POLL_SVELTE });
    const result = await run();
    expect(await read('src/client.ts')).toBe(CLIENT);
    expect(result.flows.every((flow) => flow.decision === 'v1')).toBe(true);
    expect(result.files.filter((file) => file.status === 'refused').map(({ file, error }) => [file.slice(tree.length + 1), error])).toEqual(
      [
        ['src/Poll.svelte', 'a Svelte component: the codemod does not read the script inside its markup'],
        ['src/Result.vue', 'a Vue single-file component: the codemod does not read the script inside its markup'],
        [
          'src/client.ts',
          expect.stringMatching(
            /^left as it was: it is imported by .*Result\.vue, which the codemod did not read \(a Vue single-file component/,
          ),
        ],
      ],
    );
  });

  it('that shares nothing with the journey is not looked at, and holds nothing back', async () => {
    await project({ 'src/client.ts': CLIENT, 'src/Hello.vue': '<template><p>Hello</p></template>\n' });
    const result = await run();
    expect(result.files.map(({ file }) => file.slice(tree.length + 1))).not.toContain('src/Hello.vue');
    expect(result.flows.map((flow) => flow.decision)).toEqual(['migrated']);
  });
});

it('refuses paths and globs that name no file it looks at, with a NoFilesError, a CodemodError', async () => {
  await project({ 'src/readme.md': '# nothing to migrate\n' });
  await expect(runCodemod({ paths: ['src/**/*.tss'], cwd: tree })).rejects.toMatchObject({
    name: 'NoFilesError',
    message: expect.stringContaining('no file with the extensions ts,mts,cts,tsx,js,jsx,mjs,cjs in src/**/*.tss'),
  });
  await expect(runCodemod({ paths: ['src'], cwd: tree })).rejects.toMatchObject({ name: 'NoFilesError' });
});
