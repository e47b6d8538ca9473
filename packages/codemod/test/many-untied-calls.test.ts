import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCodemod } from '../src/index.js';
import { writeProject } from './js-projects.js';

const STATE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';
/** A state read whose instance id is its caller's: one of many such routes. */
const read = (name: string) =>
  `export async function ${name}(instanceId: string) {\n  const { data } = await axios.post('${STATE}', { instanceId });\n  return data.status;\n}\n`;
/** A task update that cannot move: got's settled response has no `.json()` to fetch the interaction with. */
const STUCK = `import got from 'got';

export async function complete(token: string, instanceId: string, taskId: string, subject: object): Promise<void> {
  await got.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { headers: { authorization: \`Bearer \${token}\` }, json: { intent: 'Complete', instanceId, taskId, context: { subject } } });
}
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journey-codemod-many-untied-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('more than 64 calls whose instance id comes from outside', () => {
  it('stay on v1 together with one that cannot move, even where the first of them is opted out', async () => {
    const reads = Array.from({ length: 70 }, (_, index) => read(`read${index}`)).join('\n');
    await writeProject(dir, {
      // First in the run: were it the star's centre, the one opted out would tie the others to nothing.
      'a-hub.ts': `import axios from 'axios';\n\nexport async function hub(instanceId: string) {\n  // journey-codemod-ignore\n  const { data } = await axios.post('${STATE}', { instanceId });\n  return data;\n}\n`,
      'b-many.ts': `import axios from 'axios';\n\n${reads}`,
      'z-stuck.ts': STUCK,
    });
    const result = await runCodemod({ paths: [dir], cwd: dir });
    expect(result.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(await readFile(join(dir, 'b-many.ts'), 'utf8')).not.toContain('/v2/captain/');
    expect(result.sites.filter((site) => site.status === 'migrated')).toEqual([]);
  });
});
