import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCodemod } from '../src/index.js';

// A start whose instance id goes to the browser, beside another module that writes the v1 base out: only a base
// joined to an operation at run time may carry v1 requests for that id.
const START = `const JOURNEY = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/';

export async function startRoute(req: { body: { subject: object } }, res: { json(body: unknown): void }, token: string) {
  const started = await fetch(\`\${JOURNEY}start\`, {
    method: 'POST',
    headers: { authorization: \`Bearer \${token}\` },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: req.body.subject } }),
  });
  const { instanceId } = (await started.json()) as { instanceId: string };
  res.json({ instanceId });
}
`;

let tree: string;
beforeEach(async () => {
  tree = await mkdtemp(join(tmpdir(), 'journey-codemod-bases-'));
  await mkdir(join(tree, 'src'));
  await writeFile(join(tree, 'src/start.ts'), START);
});
afterEach(() => rm(tree, { recursive: true, force: true }));

const decisionBeside = async (other: string) => {
  await writeFile(join(tree, 'src/other.ts'), other);
  const { flows } = await runCodemod({
    paths: ['src'],
    cwd: tree,
    dry: true,
    journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' },
  });
  return flows.filter((flow) => flow.files.some((file) => file.endsWith('start.ts'))).map((flow) => flow.decision);
};

it.each([
  [
    'a status page’s link',
    "export const STATUS_LINKS = [{ name: 'Identity platform', url: 'https://eu.platform.go.gbgplc.com/eu/captain/api/' }];\n",
  ],
  ['a CSP entry', "export const connectSrc = ['self', 'https://eu.platform.go.gbgplc.com/eu/captain/api/'];\n"],
])('moves the start when the base is only named, in %s', async (_, other) => {
  expect(await decisionBeside(other)).toEqual(['migrated']);
  expect(await readFile(join(tree, 'src/start.ts'), 'utf8')).toBe(START);
});

it.each([
  ['a template', `export const url = (op: string) => \`https://eu.platform.go.gbgplc.com/eu/captain/api/journey/\${op}\`;\n`],
  ['+', "export const url = (op: string) => 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/' + op;\n"],
  [
    'new URL',
    "const BASE = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/';\nexport const url = (op: string) => new URL(op, BASE);\n",
  ],
  [
    'join',
    "const BASE = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey';\nexport const url = (op: string) => [BASE, op].join('/');\n",
  ],
  [
    'join, on a name with a $',
    "const $base = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey';\nexport const url = (op: string) => [$base, op].join('/');\n",
  ],
])('keeps the start on v1 when a builder joins the base to an operation with %s', async (_, other) => {
  expect(await decisionBeside(other)).toEqual(['v1']);
});
