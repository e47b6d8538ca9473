import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundledJourneysDir, createSimulator, loadJourneys, type RunningSimulator, type Simulator } from '@journey-bridge/simulator';
import { afterAll, beforeAll } from 'vitest';
import { legacyRunDir } from './legacy-run-dir.js';

/** The tsconfig of the strict TypeScript apps the tests write, as a team sets one up for Node. */
export const STRICT_TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  },
  include: ['**/*.ts'],
});

/** The journey map the apps are migrated with: the data check's v1 publication to its v2 one. */
export const DATA_CHECK_MAP = JSON.stringify({ 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' });

/** The apps' `http.ts`: a generic wrapper, `send<T>(path, token, body)`, over fetch at `JOURNEY_HOST`'s v1 base. */
export const SEND_MODULE = `const host = process.env.JOURNEY_HOST ?? 'https://eu.platform.go.vendor.com';

export async function send<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(\`\${host}/eu/captain/api/journey/\${path}\`, {
    method: 'POST',
    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(\`journey \${path} \${response.status}\`);
  return (await response.json()) as T;
}
`;

/** Writes the files of an app into `dir`, its journey map (`journey-map.json`) beside them. */
export async function writeApp(dir: string, files: Record<string, string>): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'journey-map.json'), DATA_CHECK_MAP);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
}

/** The simulator a file's apps run on, and the directory they are written in. */
export interface AppRuns {
  readonly simulator: Simulator;
  readonly work: string;
}

/**
 * Runs the apps of a test file on a simulator: started before its tests, at the `JOURNEY_HOST` the apps read, with
 * a directory to write them in (`legacyRunDir`); both gone after, and `JOURNEY_HOST` as it was.
 */
export function appsOnSimulator(): AppRuns {
  const previousHost = process.env.JOURNEY_HOST;
  let simulator: Simulator | undefined;
  let running: RunningSimulator | undefined;
  let work: string | undefined;
  beforeAll(async () => {
    simulator = createSimulator({ journeys: await loadJourneys(bundledJourneysDir), clock: { scale: 1000 } });
    running = await simulator.listen();
    process.env.JOURNEY_HOST = running.url;
    work = await legacyRunDir();
  });
  afterAll(async () => {
    if (previousHost === undefined) delete process.env.JOURNEY_HOST;
    else process.env.JOURNEY_HOST = previousHost;
    await running?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('appsOnSimulator: read in a test, once beforeAll has run');
    return value;
  };
  return {
    get simulator() {
      return started(simulator);
    },
    get work() {
      return started(work);
    },
  };
}
