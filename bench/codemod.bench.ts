/**
 * journey-codemod against a no-op jscodeshift pass (parse + print, the floor of any jscodeshift transform) over
 * the same generated corpus: 2,000 source files, 10% of them calling v1 in varied styles. Reports files per
 * second, the ratio, and the codemod's peak memory (its ts-morph pass included).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCodemod, summarize } from '@journey-bridge/codemod';
import type { Benchmark } from './run.js';

const FILES = 2_000;
const V1_SHARE = 0.1;
const requireFromCodemod = createRequire(fileURLToPath(new URL('../packages/codemod/package.json', import.meta.url)));

interface JscodeshiftStats {
  readonly ok: number;
  readonly nochange: number;
  readonly skip: number;
  readonly error: number;
}
const jscodeshift = requireFromCodemod('jscodeshift/src/Runner.js') as {
  run(transform: string, paths: string[], options: Record<string, unknown>): Promise<JscodeshiftStats>;
};

/** Ordinary application code: components, services, utilities, none of it talking v1. */
const ORDINARY = [
  (i: number) => `import { useMemo, useState } from 'react';

export interface Props${i} {
  readonly items: readonly { id: string; label: string; done: boolean }[];
  readonly onToggle: (id: string) => void;
}

export function List${i}({ items, onToggle }: Props${i}) {
  const [filter, setFilter] = useState<'all' | 'open' | 'done'>('all');
  const visible = useMemo(() => items.filter((item) => filter === 'all' || (filter === 'done') === item.done), [items, filter]);
  return (
    <section className="list-${i}">
      <header>
        {(['all', 'open', 'done'] as const).map((name) => (
          <button key={name} type="button" aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {name}
          </button>
        ))}
      </header>
      <ul>
        {visible.map((item) => (
          <li key={item.id} onClick={() => onToggle(item.id)}>
            {item.done ? <s>{item.label}</s> : item.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
`,
  (i: number) => `export class Cache${i}<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  async getOrLoad(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = await load(key);
    this.set(key, value);
    return value;
  }
}

export function statusLabel${i}(status: string): string {
  switch (status) {
    case 'Failed':
      return 'build failed';
    case 'Completed':
      return 'build passed';
    default:
      return 'building';
  }
}
`,
  (i: number) => `'use strict';
const { readFile } = require('node:fs/promises');

async function loadConfig${i}(path) {
  const text = await readFile(path, 'utf8');
  const config = JSON.parse(text);
  if (!config.api || typeof config.api.url !== 'string') throw new Error('config.api.url is required');
  return { url: config.api.url.replace(/\\/$/, ''), retries: Number(config.api.retries ?? 3), tasks: config.tasks ?? [] };
}

async function updateTask${i}(config, task) {
  const res = await fetch(config.url + '/task/update', { method: 'POST', body: JSON.stringify({ taskId: task.id, done: true }) });
  if (!res.ok) throw new Error('task update failed: ' + res.status);
  return res.json();
}

module.exports = { loadConfig${i}, updateTask${i} };
`,
  (i: number) => `import axios from 'axios';

const http = axios.create({ baseURL: 'https://api.example.com/v3/', timeout: 5_000 });

export interface Order${i} {
  id: string;
  lines: { sku: string; quantity: number; price: number }[];
  status: 'open' | 'paid' | 'shipped';
}

export const total${i} = (order: Order${i}) => order.lines.reduce((sum, line) => sum + line.quantity * line.price, 0);

export async function fetchOrders${i}(customerId: string): Promise<Order${i}[]> {
  const { data } = await http.get<Order${i}[]>(\`customers/\${customerId}/orders\`);
  return data.filter((order) => order.status !== 'shipped').sort((a, b) => total${i}(b) - total${i}(a));
}

export async function pay${i}(order: Order${i}) {
  try {
    await http.post(\`orders/\${order.id}/payment\`, { amount: total${i}(order) });
  } catch (error: any) {
    throw new Error(error.response?.data?.message ?? 'payment failed');
  }
}
`,
];

/** Each folder's endpoint constants: the v1 callers importing them exercise the ts-morph pass. */
const ENDPOINTS_MODULE = `export const JOURNEY_BASE = 'https://eu.platform.go.gbgplc.com/captain/api';

export const ENDPOINTS = {
  JOURNEY_TASK_LIST: '/journey/task/list',
  JOURNEY_TASK_UPDATE: '/journey/task/update',
  JOURNEY_STATE: '/journey/state/fetch',
};
`;

/**
 * Each folder's journey flow across files: a client class over a `post(path, token, body)` wrapper whose calls
 * name only the rest of the path, and a handler that reads what it answers; the flow analysis follows them.
 */
const CLIENT_MODULE = (i: number) => `const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

export async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(BASE + path, { method: 'POST', headers: { authorization: \`Bearer \${token}\` }, body: JSON.stringify(body) });
  if (!response.ok) {
    const problem = await response.json();
    throw new Error(problem.message);
  }
  return (await response.json()) as T;
}

export class Journeys${i} {
  constructor(private readonly token: string) {}

  start(subject: object) {
    return post<{ instanceId: string }>('start', this.token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });
  }

  tasks(instanceId: string) {
    return post<any>('task/list', this.token, { instanceId });
  }

  complete(instanceId: string, taskId: string, subject: object) {
    return post('task/update', this.token, { intent: 'Complete', instanceId, taskId, context: { subject } });
  }

  state(instanceId: string) {
    return post<any>('state/fetch', this.token, { instanceId });
  }
}
`;

const HANDLER_MODULE = (i: number) => `import { Journeys${i} } from './journeys';

export async function onboard${i}(token: string, subject: object) {
  const journeys = new Journeys${i}(token);
  const { instanceId } = await journeys.start(subject);
  const list = await journeys.tasks(instanceId);
  for (const task of list.tasks) await journeys.complete(instanceId, task.taskId, subject);
  const state = await journeys.state(instanceId);
  if (state.status === 'Failed') return [];
  return Object.values(state.data.process.flow).map((entry: any) => entry.result.outcome);
}
`;

/** v1 callers, one per style the codemod handles. */
const V1 = [
  (i: number) => `import axios from 'axios';
import { ENDPOINTS, JOURNEY_BASE } from './endpoints';

export async function submit${i}(instanceId: string, taskId: string, subject: Record<string, unknown>) {
  try {
    await axios.post(JOURNEY_BASE + ENDPOINTS.JOURNEY_TASK_UPDATE, { intent: 'Complete', instanceId, taskId, context: { subject } });
  } catch (error: any) {
    throw new Error(error.response?.data?.message);
  }
}
`,
  (i: number) => `const BASE_URL = 'https://eu.platform.go.gbgplc.com/captain/api';

async function fetchWithTimeout(url: string, init: RequestInit, ms = 10_000): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
}

export async function complete${i}(token: string, instanceId: string, taskId: string, firstName: string) {
  const res = await fetchWithTimeout(\`\${BASE_URL}/journey/task/update\`, {
    method: 'POST',
    headers: { Authorization: \`Bearer \${token}\` },
    body: JSON.stringify({ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { firstName, lastNames: ['X'] } } } }),
  });
  if (!res.ok) {
    const body = await res.json();
    throw new Error(body.message);
  }
  return res.json();
}
`,
  (i: number) => `import axios from 'axios';

const journeys = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/' });

export async function next${i}(instanceId: string) {
  const { data } = await journeys.post('journey/task/list', { instanceId });
  if (data.tasks.length === 0) return undefined;
  return data.tasks[0].taskId;
}

export async function state${i}(instanceId: string) {
  const { data } = await journeys.post('journey/state/fetch', { instanceId });
  if (data.status === 'Failed') throw new Error('failed');
  return Object.values(data.data.process.flow);
}
`,
  (i: number) => `import ky from 'ky';

export async function start${i}(subject: object) {
  return ky
    .post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
      json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } },
    })
    .json<{ instanceId: string }>();
}
`,
  (i: number) => `'use strict';
const request = require('superagent');

function tasks${i}(instanceId) {
  return request
    .post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list')
    .send({ instanceId })
    .then((res) => res.body);
}

module.exports = { tasks${i} };
`,
  (i: number) => `import type { V1Api } from '@journey-bridge/client';

export async function run${i}(api: V1Api, instanceId: string) {
  const list = await api.listTasks({ instanceId });
  const task = list.tasks[0];
  if (!task) return undefined;
  await api.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: { identity: { dateOfBirth: '1990-01-01' } } } });
  return api.fetchState({ instanceId });
}
`,
];

const extensionOf = (source: string) => (source.startsWith("'use strict'") ? 'cjs' : source.includes('</') ? 'tsx' : 'ts');

/** Writes the corpus; returns how many files call v1 (the endpoint modules not counted). */
async function generateCorpus(dir: string): Promise<number> {
  let v1 = 0;
  for (let i = 0; i < FILES; i++) {
    const callsV1 = i % Math.round(1 / V1_SHARE) === 0;
    const template = callsV1 ? V1[(i / 10) % V1.length] : ORDINARY[i % ORDINARY.length];
    if (!template) throw new Error('no template');
    const source = template(i);
    if (callsV1) v1++;
    const folder = join(dir, `module-${Math.floor(i / 100)}`);
    if (i % 100 === 0) {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'endpoints.ts'), ENDPOINTS_MODULE);
      await writeFile(join(folder, 'journeys.ts'), CLIENT_MODULE(i));
      await writeFile(join(folder, 'onboarding.ts'), HANDLER_MODULE(i));
    }
    await writeFile(join(folder, `file-${i}.${extensionOf(source)}`), source);
  }
  return v1;
}

/** Peak resident memory of this process while `work` runs, sampled every 10 ms. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakBytes: number }> {
  let peakBytes = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakBytes = Math.max(peakBytes, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    return { result, peakBytes: Math.max(peakBytes, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

const benchmark: Benchmark = {
  title: `journey-codemod vs a no-op jscodeshift pass over ${FILES.toLocaleString('en')} files (${V1_SHARE * 100}% calling v1)`,
  async run() {
    const root = await mkdtemp(join(tmpdir(), 'journey-codemod-bench-'));
    const dir = join(root, 'corpus');
    try {
      const v1Files = await generateCorpus(dir);
      const noop = join(root, 'noop-transform.cjs');
      await writeFile(noop, 'module.exports = (file, api) => api.jscodeshift(file.source).toSource();\n');
      const cpus = Math.max(1, availableParallelism() - 1);

      const jscodeshiftStarted = performance.now();
      const stats = await jscodeshift.run(noop, [dir], {
        dry: true,
        silent: true,
        verbose: 0,
        parser: 'tsx',
        extensions: 'ts,tsx,cjs',
        cpus,
        babel: false,
      });
      const jscodeshiftSeconds = (performance.now() - jscodeshiftStarted) / 1000;

      const codemodStarted = performance.now();
      const { result, peakBytes } = await withPeakMemory(() =>
        runCodemod({ paths: [dir], cwd: dir, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } }),
      );
      const codemodSeconds = (performance.now() - codemodStarted) / 1000;
      const summary = summarize(result);
      const files = summary.files.scanned;
      const rate = (seconds: number) => Math.round(files / seconds).toLocaleString('en');

      return [
        `corpus: ${files} files, ${v1Files} calling v1 (plus per folder an endpoint-constant module they import, and a client module with the handler that reads its answers: ${files - FILES} more); ${cpus} jscodeshift worker(s), journey-codemod on 1 thread`,
        '',
        '| pass | seconds | files/s | outcome |',
        '|---|---|---|---|',
        `| jscodeshift no-op (parse + print, dry) | ${jscodeshiftSeconds.toFixed(2)} | ${rate(jscodeshiftSeconds)} | ${stats.nochange + stats.ok} parsed, ${stats.error} errors |`,
        `| journey-codemod (write) | ${codemodSeconds.toFixed(2)} | ${rate(codemodSeconds)} | ${summary.files.changed} changed, ${summary.files.skipped} skipped by prefilter, ${summary.sites.migrated + summary.sites['needs-review']} sites migrated, ${summary.sites.unsupported} marked, ${summary.flows.migrated} flows migrated whole, ${summary.flows.v1} left on v1 |`,
        '',
        `ratio: journey-codemod is ${(jscodeshiftSeconds / codemodSeconds).toFixed(1)}× faster than the no-op jscodeshift pass (target ≥ 4×)`,
        `flow analysis on its own (following answers across files, deciding flows, the helper module): ${(result.flowMs / 1000).toFixed(2)} s, ${Math.round((result.flowMs / 1000 / codemodSeconds) * 100)}% of the run`,
        `peak memory of journey-codemod (RSS, ts-morph passes included): ${Math.round(peakBytes / 2 ** 20)} MiB (target < 1 GiB)`,
      ];
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
};

export default benchmark;
