import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINT_MAP, type V1JourneyPath } from '@journey-bridge/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodemodResult, runCodemod } from '../src/index.js';

/**
 * Every call style × URL form × operation, generated: each case is one file calling one v1 operation one way.
 * The fixture pairs show exact outputs; this matrix shows that no combination is left behind.
 */
const HOST = 'https://eu.platform.go.gbgplc.com';

const STYLES: Record<string, { imports: string; call: (url: string, body: string) => string }> = {
  fetch: {
    imports: '',
    call: (url, body) =>
      `fetch(${url}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(${body}) })`,
  },
  wrapper: {
    imports:
      'const fetchWithTimeout = (url: string | URL, init: RequestInit) => fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });\n',
    call: (url, body) => `fetchWithTimeout(${url}, { method: 'POST', body: JSON.stringify(${body}) })`,
  },
  'node-fetch': {
    imports: "import fetch from 'node-fetch';\n",
    call: (url, body) => `fetch(${url}, { method: 'POST', body: JSON.stringify(${body}) })`,
  },
  'axios.post': { imports: "import axios from 'axios';\n", call: (url, body) => `axios.post(${url}, ${body})` },
  'axios config': { imports: "import axios from 'axios';\n", call: (url, body) => `axios({ method: 'post', url: ${url}, data: ${body} })` },
  ky: { imports: "import ky from 'ky';\n", call: (url, body) => `ky.post(${url}, { json: ${body} }).json()` },
  got: { imports: "import got from 'got';\n", call: (url, body) => `got.post(${url}, { json: ${body} }).json()` },
  superagent: { imports: "import request from 'superagent';\n", call: (url, body) => `request.post(${url}).send(${body})` },
};

/** Each form declares what it needs and gives the URL expression of `path` (relative to the v1 base). */
const URL_FORMS: Record<string, (path: string, name: string) => { declarations: string; url: string; endpoints?: string }> = {
  literal: (path) => ({ declarations: '', url: `'${HOST}/captain/api/${path}'` }),
  template: (path) => ({ declarations: `const HOST = '${HOST}';\n`, url: `\`\${HOST}/captain/api/${path}\`` }),
  concatenation: (path) => ({ declarations: `const BASE = '${HOST}/captain/api';\n`, url: `BASE + '/${path}'` }),
  'new URL': (path) => ({ declarations: `const BASE_URL = new URL('${HOST}/captain/api/');\n`, url: `new URL('${path}', BASE_URL)` }),
  'same-file constant': (path) => ({ declarations: `const ENDPOINT = '${HOST}/captain/api/${path}';\n`, url: 'ENDPOINT' }),
  'imported object map': (path, name) => ({
    declarations: `import { ENDPOINTS, JOURNEY_API } from './${name}.endpoints';\n`,
    url: 'JOURNEY_API + ENDPOINTS.OPERATION',
    endpoints: `export const JOURNEY_API = '${HOST}/captain/api';\nexport const ENDPOINTS = { OPERATION: '/${path}' };\n`,
  }),
};

const OPERATIONS: Record<V1JourneyPath, { body: string; expect: readonly string[] }> = {
  'journey/start': {
    body: "{ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }",
    expect: ["resourceId: 'b2e8d4a1data-check-v2@latest'", "config: { delivery: 'api' }"],
  },
  'journey/task/list': { body: '{ instanceId }', expect: ['{ instanceId }'] },
  'journey/task/list/schema': { body: '{ instanceId }', expect: ['[endpoint.task-list-schema]'] },
  'journey/task/schema': { body: '{ instanceId, taskId }', expect: ['[endpoint.task-schema]'] },
  'journey/task/update': {
    body: "{ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } } } }",
    expect: ["{ instanceId, interactionId: taskId, participants: [{ domainElementId: 'FullName' }], context:"],
  },
  'journey/state/fetch': { body: '{ instanceId }', expect: ['{ instanceId }'] },
};

interface Case {
  readonly name: string;
  readonly style: string;
  readonly form: string;
  readonly operation: V1JourneyPath;
}

const cases: Case[] = Object.keys(STYLES).flatMap((style) =>
  Object.keys(URL_FORMS).flatMap((form) =>
    (Object.keys(OPERATIONS) as V1JourneyPath[]).map((operation) => ({
      name: `${style}-${form}-${operation}`.replace(/[^\w-]+/g, '-'),
      style,
      form,
      operation,
    })),
  ),
);

let dir: string;
let first: CodemodResult;
let second: CodemodResult;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journey-codemod-matrix-'));
  await mkdir(dir, { recursive: true });
  for (const { name, style, form, operation } of cases) {
    const callStyle = STYLES[style];
    const urlForm = URL_FORMS[form];
    if (!callStyle || !urlForm) throw new Error(`no call style ${style} or URL form ${form}`);
    const { imports, call } = callStyle;
    const { declarations, url, endpoints } = urlForm(operation, name);
    const source = `${imports}${declarations}\nexport async function run(instanceId: string, taskId: string) {\n  return ${call(url, OPERATIONS[operation].body)};\n}\n`;
    await writeFile(join(dir, `${name}.ts`), source);
    if (endpoints) await writeFile(join(dir, `${name}.endpoints.ts`), endpoints);
  }
  const options = { paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } };
  first = await runCodemod(options);
  second = await runCodemod(options);
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('every call style × URL form × operation', () => {
  it.each(cases)('$style, $form, $operation', async ({ name, operation }) => {
    const file = join(dir, `${name}.ts`);
    const output = await readFile(file, 'utf8');
    const endpoints = await readFile(join(dir, `${name}.endpoints.ts`), 'utf8').catch(() => '');
    const written = output + endpoints;
    expect(written).not.toContain('/captain/api');
    expect(written).toContain('/v2/captain');
    if (ENDPOINT_MAP[operation] !== operation) expect(written).toContain(ENDPOINT_MAP[operation]);
    for (const expected of OPERATIONS[operation].expect) expect(output).toContain(expected);
    expect(output).not.toContain('intent');
    expect(output).not.toContain('async: true');
    const sites = first.sites.filter((site) => site.file === file);
    expect(sites.map((site) => site.status)).not.toContain('unsupported');
    expect(second.files.find((outcome) => outcome.file === file)?.status).not.toBe('changed');
  });
});
