import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A v1 error body that leaves the failure branch is read where the codemod does not look (reviewF min3: an error
// class's `err.body.error`, compared with v1's identifier); as the code holds it, through a cast or another name
// too (reviewJ). Its flow stays on v1, marked where it leaves.
const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const client = (failure: string) => `const BASE = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/';

type V1Error = { status: number; message: string; error: string };

export class ApiError extends Error {
  constructor(readonly body: V1Error) {
    super(body.message);
  }
}

export async function fetchState(instanceId: string): Promise<{ status: string }> {
  const res = await fetch(BASE + 'state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  if (!res.ok) {
    ${failure}
  }
  return (await res.json()) as { status: string };
}

export async function isDone(instanceId: string): Promise<boolean> {
  try {
    return (await fetchState(instanceId)).status === 'Completed';
  } catch (err) {
    if (err instanceof ApiError && err.body.error === 'not-found-error') return true;
    throw err;
  }
}
`;

const LEAVING: Record<string, string> = {
  'handed to a constructor': 'const body = await res.json();\n    throw new ApiError(body);',
  'cast first': 'const body = await res.json();\n    throw new ApiError(body as V1Error);',
  'with a fallback': 'const body = await res.json();\n    throw new ApiError(body ?? { status: res.status, message: "", error: "" });',
  'under another name': 'const body = await res.json();\n    const copy = body as V1Error;\n    throw new ApiError(copy);',
  'read and handed on in one expression': 'throw new ApiError((await res.json()) as V1Error);',
};

let repo: string;
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-error-bodies-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('a v1 error body that leaves the failure branch', () => {
  for (const [name, failure] of Object.entries(LEAVING))
    it(`${name} keeps the flow on v1, marked where it leaves`, async () => {
      await writeProject(repo, { 'package.json': '{ "name": "kyc", "private": true }\n', 'client.ts': client(failure) });
      const run = await runCli(['.', '--journey-map', JOURNEY_MAP, '--report', '-'], repo);
      expect((JSON.parse(run.stdout) as Report).flows.map((flow) => flow.decision)).toEqual(['v1']);
      const text = await readFile(join(repo, 'client.ts'), 'utf8');
      expect(text).toContain('/eu/captain/api/journey/');
      expect(text).toMatch(/\[error\.body\] the v1 error body is handed to new ApiError\(…\)/);
    });

  it('read where it is, and thrown as a message, migrates with the reads rewritten', async () => {
    const failure = "const body = await res.json();\n    throw new Error(body.error + ': ' + body.message);";
    await writeProject(repo, {
      'package.json': '{ "name": "kyc", "private": true }\n',
      'client.ts': client(failure).replace(/export async function isDone[\s\S]*$/, ''),
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP, '--report', '-'], repo);
    expect((JSON.parse(run.stdout) as Report).flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(await readFile(join(repo, 'client.ts'), 'utf8')).toContain("body.errors?.[0]?.name + ': ' + body.errors?.[0]?.problem");
  });

  // reviewK: the idiom from before `?.`, the body named first; before, its reads stayed v1's on a migrated call.
  it.each([
    [
      'err.response && err.response.data',
      "const body = err.response && err.response.data;\n    if (body && body.status === 404) return null;\n    throw new Error(body ? body.message : 'upstream');",
      ['if (body && err.response.status === 404) return null;', "throw new Error(body ? body.errors?.[0]?.problem : 'upstream');"],
    ],
    [
      'err.response ? err.response.data : {}',
      "const data = err.response ? err.response.data : {};\n    if (data.error === 'not-found-error') return null;\n    throw new Error(data.message);",
      ["if (data.errors?.[0]?.name === 'NOT_FOUND') return null;", 'throw new Error(data.errors?.[0]?.problem);'],
    ],
  ])('named first as %s, in an axios catch, is read as v2 writes it', async (_, failure, expected) => {
    const file = `const axios = require('axios');\nexports.f = async function (instanceId) {\n  try {\n    const r = await axios.post('https://eu.platform.go.gbgplc.com/eu/captain/api/journey/state/fetch', { instanceId });\n    return r.data.instanceId;\n  } catch (err) {\n    ${failure}\n  }\n};\n`;
    await writeProject(repo, { 'package.json': '{ "name": "kyc", "private": true }\n', 'client.js': file });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP, '--report', '-'], repo);
    expect((JSON.parse(run.stdout) as Report).flows.map((flow) => flow.decision)).toEqual(['migrated']);
    const text = await readFile(join(repo, 'client.js'), 'utf8');
    for (const line of expected) expect(text).toContain(line);
  });

  // reviewM E6: the body taken out of the response by destructuring, then handed on.
  it.each([['const { data } = err.response;'], ['const { data } = err.response || {};'], ['const { data = {} } = err.response || {};']])(
    'destructured out of an axios error response (%s), then handed to a constructor, keeps the flow on v1',
    async (destructure) => {
      const file = `const axios = require('axios');
class ApiError extends Error {
  constructor(body) {
    super(body.message);
    this.body = body;
  }
}
exports.f = async function (instanceId) {
  try {
    const r = await axios.post('https://eu.platform.go.gbgplc.com/eu/captain/api/journey/state/fetch', { instanceId });
    return r.data.instanceId;
  } catch (err) {
    ${destructure}
    throw new ApiError(data);
  }
};
`;
      await writeProject(repo, { 'package.json': '{ "name": "kyc", "private": true }\n', 'client.js': file });
      const run = await runCli(['.', '--journey-map', JOURNEY_MAP, '--report', '-'], repo);
      expect((JSON.parse(run.stdout) as Report).flows.map((flow) => flow.decision)).toEqual(['v1']);
      expect(await readFile(join(repo, 'client.js'), 'utf8')).toContain('[error.body] the v1 error body is handed to new ApiError(…)');
    },
  );
});
