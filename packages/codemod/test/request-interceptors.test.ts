import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// An axios request interceptor runs before every call of its instance. One that sets the base, the URL, the method
// or the body decides where a rewritten call goes: `config.baseURL = process.env.URL || V1_BASE` sends the v2 path
// to v1 (reviewD13: the flow was rewritten, its requests still reached v1, and --check passed). One that sets
// headers alone (a token) changes nothing the codemod rewrites.
const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

const V1_BASE = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/';

/** A data check through an axios instance, with `interceptor` registered on it after it is made. */
const client = (interceptor: string, preamble = '') => `const axios = require('axios');
${preamble}
const V1_BASE = '${V1_BASE}';
const api = axios.create({ baseURL: V1_BASE });
${interceptor}

async function verify(subject) {
  const started = await api.post('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });
  const { data } = await api.post('state/fetch', { instanceId: started.data.instanceId });
  return data.status === 'Completed' ? 'done' : 'pending';
}
module.exports = { verify };
`;

/** Interceptors that may change where the calls go, with the reason the marker gives. */
const REDIRECTING: Record<string, { readonly interceptor: string; readonly preamble?: string; readonly reason: string }> = {
  'resets the base to a v1 fallback': {
    interceptor:
      'api.interceptors.request.use((config) => {\n  config.baseURL = process.env.JOURNEY_API_URL || V1_BASE;\n  return config;\n});',
    reason: "sets the request's baseURL",
  },
  'spreads a new URL into the options it returns': {
    interceptor: "api.interceptors.request.use((config) => ({ ...config, url: config.url.replace('journey/', 'journey/') }));",
    reason: "sets the request's url",
  },
  'sets the method by a computed key': {
    interceptor: "api.interceptors.request.use(function (config) {\n  config['method'] = 'post';\n  return config;\n});",
    reason: "sets the request's method",
  },
  'deletes the body': {
    interceptor: 'api.interceptors.request.use((config) => {\n  delete config.data;\n  return config;\n});',
    reason: "sets the request's data",
  },
  'is a function declared in the file that replaces the adapter': {
    interceptor: 'api.interceptors.request.use(route);',
    preamble: 'function route(config) {\n  config.adapter = require("./recording-adapter");\n  return config;\n}',
    reason: "sets the request's adapter",
  },
  'hands the options to a helper': {
    interceptor: 'api.interceptors.request.use((config) => withTenant(config));',
    preamble: "const { withTenant } = require('./tenant');",
    reason: "hands the request's options to withTenant, which the codemod does not read",
  },
  'is imported, so the codemod cannot read it': {
    interceptor: 'api.interceptors.request.use(tenantInterceptor);',
    preamble: "const { tenantInterceptor } = require('./tenant');",
    reason: 'is not written where the codemod can read it',
  },
  'spreads in an object of the module that sets the base': {
    interceptor: 'api.interceptors.request.use((config) => ({ ...config, ...overrides }));',
    preamble: 'const overrides = { baseURL: process.env.JOURNEY_API_URL };',
    reason: "spreads overrides into the request's options",
  },
  'merges a routing key in with Object.assign': {
    interceptor: "api.interceptors.request.use((config) => Object.assign(config, { method: 'put' }));",
    reason: "sets the request's method",
  },
  'writes the base through another name for the options': {
    interceptor:
      'api.interceptors.request.use((config) => {\n  const next = { ...config };\n  next.baseURL = process.env.JOURNEY_API_URL || V1_BASE;\n  return next;\n});',
    reason: "sets the request's baseURL",
  },
  'takes the body out with a destructured rest': {
    interceptor: 'api.interceptors.request.use(({ data, ...rest }) => rest);',
    reason: "takes the request's data out of its options",
  },
  'is passed on whole': {
    interceptor: 'installTenant(api.interceptors.request);',
    preamble: "const { installTenant } = require('./tenant');",
    reason: 'its request interceptors are used in a way the codemod cannot follow',
  },
};

/** Interceptors that set headers alone, or log: the calls go where they say. */
const HEADERS_ONLY: Record<string, string> = {
  'sets a token header':
    "api.interceptors.request.use(async (config) => {\n  config.headers.Authorization = 'Bearer ' + (await token());\n  return config;\n});",
  'spreads new headers into the options':
    "api.interceptors.request.use((config) => ({ ...config, headers: { ...config.headers, 'x-app': 'kyc' } }));",
  'logs the options and sets a header with AxiosHeaders':
    "api.interceptors.request.use((config) => {\n  console.debug(config);\n  config.headers.set('x-request-id', String(Date.now()));\n  return config;\n});",
  // A token fetched inside the handler sends a request of its own: its options are not the call's.
  'fetches its token with a POST of its own':
    "api.interceptors.request.use(async (config) => {\n  const res = await fetch(process.env.TOKEN_URL, { method: 'POST', body: 'grant_type=client_credentials' });\n  const { access_token: token } = await res.json();\n  config.headers.Authorization = 'Bearer ' + token;\n  return config;\n});",
  'reads its token out of an axios answer':
    "api.interceptors.request.use(async (config) => {\n  const { data } = await axios.post(process.env.TOKEN_URL, { grant_type: 'client_credentials' });\n  config.headers.Authorization = 'Bearer ' + data.access_token;\n  return config;\n});",
  'hands back a promise of the options':
    "api.interceptors.request.use((config) =>\n  token().then((value) => {\n    config.headers.Authorization = 'Bearer ' + value;\n    return config;\n  }),\n);",
  'merges headers in with Object.assign':
    "api.interceptors.request.use((config) => Object.assign(config, { headers: { ...config.headers, 'x-app': 'kyc' } }));",
  'refuses early with a rejection when there is no token':
    "api.interceptors.request.use((config) => {\n  const token = process.env.TOKEN;\n  if (!token) return Promise.reject(new Error('not signed in'));\n  config.headers.Authorization = 'Bearer ' + token;\n  return config;\n});",
  'takes the options apart and hands back the rest with new headers':
    "api.interceptors.request.use(({ headers, ...rest }) => ({ ...rest, headers: { ...headers, Authorization: 'Bearer t' } }));",
  'takes the options apart in its body and hands back the rest with new headers':
    "api.interceptors.request.use((config) => {\n  const { headers, ...rest } = config;\n  return { ...rest, headers: { ...headers, Authorization: 'Bearer t' } };\n});",
  'refuses with a conditional rejection when there is no token':
    "api.interceptors.request.use((config) => (process.env.TOKEN ? config : Promise.reject(new Error('no token'))));",
  // reviewP: the options read for a log line, not taken apart.
  'reads the method and URL for a log line':
    "api.interceptors.request.use((config) => {\n  const { method, url } = config;\n  console.debug(method + ' ' + url);\n  return config;\n});",
  'is ejected again':
    'const id = api.interceptors.request.use(null, (error) => Promise.reject(error));\napi.interceptors.request.eject(id);',
};

const TENANT =
  'exports.withTenant = (config) => config;\nexports.tenantInterceptor = (config) => config;\nexports.installTenant = () => {};\n';

let repo: string;
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-request-interceptors-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

async function migrate(files: Readonly<Record<string, string>>): Promise<{ report: Report; client: string }> {
  await writeProject(repo, { 'package.json': '{ "name": "kyc-app", "private": true }\n', 'tenant.js': TENANT, ...files });
  const run = await runCli(['.', '--journey-map', JOURNEY_MAP, '--report', '-'], repo);
  expect(run.code).toBe(0);
  return { report: JSON.parse(run.stdout) as Report, client: await readFile(join(repo, 'client.js'), 'utf8') };
}

describe('a request interceptor on the instance the calls go through', () => {
  for (const [name, { interceptor, preamble, reason }] of Object.entries(REDIRECTING))
    it(`that ${name} keeps the flow on v1, each call marked with why`, async () => {
      const { report, client: text } = await migrate({ 'client.js': client(interceptor, preamble) });
      expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
      expect(text).not.toContain('/v2/captain/');
      const markers = text.split('\n').filter((line) => line.includes('[codemod.request-interceptor]'));
      expect(markers).toHaveLength(2);
      for (const marker of markers) expect(marker).toMatch(/goes through api, and (its|the handler of its) request interceptor/);
      for (const marker of markers) expect(marker).toContain(reason);
    });

  for (const [name, interceptor] of Object.entries(HEADERS_ONLY))
    it(`that ${name} leaves the flow free to migrate`, async () => {
      const { report, client: text } = await migrate({ 'client.js': client(interceptor) });
      expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
      expect(text).toContain('https://eu.platform.go.gbgplc.com/eu/v2/captain/journey/');
      expect(text).not.toContain('journey-codemod:');
    });

  it('registered on a class field in the constructor keeps the flow on v1', async () => {
    const verifier = `const axios = require('axios');

class Verifier {
  constructor() {
    this.api = axios.create({ baseURL: '${V1_BASE}' });
    this.api.interceptors.request.use((config) => {
      config.baseURL = process.env.JOURNEY_API_URL || '${V1_BASE}';
      return config;
    });
  }

  async verify(subject) {
    const started = await this.api.post('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });
    const { data } = await this.api.post('state/fetch', { instanceId: started.data.instanceId });
    return data.status;
  }
}
module.exports = { Verifier };
`;
    const { report, client: text } = await migrate({ 'client.js': verifier });
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(text).toContain("goes through this.api, and its request interceptor at line 6 of this file sets the request's baseURL");
  });

  it('registered in the module that exports the instance keeps the flow of its importer on v1', async () => {
    const http = `const axios = require('axios');\nconst http = axios.create({ baseURL: '${V1_BASE}' });\nhttp.interceptors.request.use((config) => {\n  config.url = config.url.replace(/^\\//, '');\n  return config;\n});\nmodule.exports = { http };\n`;
    const caller = client('').replace('const api = axios.create({ baseURL: V1_BASE });', "const { http: api } = require('./http');");
    const { report, client: text } = await migrate({ 'http.js': http, 'client.js': caller });
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(text).not.toContain('/v2/captain/');
    expect(text).toContain(
      "[codemod.request-interceptor] goes through api, and its request interceptor at line 3 of http.js sets the request's url",
    );
    expect(await readFile(join(repo, 'http.js'), 'utf8')).toBe(http);
  });

  it('registered on another instance of the module that exports it leaves its importer free to migrate', async () => {
    const http = `const axios = require('axios');\nconst auth = axios.create({ baseURL: 'https://auth.acme.com/' });\nauth.interceptors.request.use((config) => {\n  config.url = '/v2' + config.url;\n  return config;\n});\nconst kyc = axios.create({ baseURL: '${V1_BASE}' });\nmodule.exports = { auth, kyc };\n`;
    const caller = client('')
      .replace('const api = axios.create({ baseURL: V1_BASE });', "const { kyc: api } = require('./http');")
      .replace(/const V1_BASE = .*\n/, '');
    const { report, client: text } = await migrate({ 'http.js': http, 'client.js': caller });
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(text).not.toContain('journey-codemod:');
  });

  it('registered in the module that exports the instance under a second name keeps the flows through that name on v1', async () => {
    const http = `const axios = require('axios');\nconst api = axios.create({ baseURL: '${V1_BASE}' });\napi.interceptors.request.use((config) => {\n  config.url = config.url.replace('v2/captain/journey', 'captain/api/journey');\n  return config;\n});\nmodule.exports = { api, journeys: api };\n`;
    const caller = client('')
      .replace('const api = axios.create({ baseURL: V1_BASE });', "const { journeys: api } = require('./http');")
      .replace(/const V1_BASE = .*\n/, '');
    const { report, client: text } = await migrate({ 'http.js': http, 'client.js': caller });
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    expect(text).toContain('[codemod.request-interceptor]');
  });

  it('registered on a sibling instance made without a base leaves an instance of the module free to migrate', async () => {
    const http = `const axios = require('axios');\nconst internal = axios.create({ timeout: 5000 });\ninternal.interceptors.request.use((config) => {\n  config.url = process.env.INTERNAL_GATEWAY + config.url;\n  return config;\n});\nconst external = axios.create({ timeout: 5000 });\nmodule.exports = { internal, external };\n`;
    const caller = `const { external: api } = require('./http');\nasync function verify(subject) {\n  const started = await api.post('${V1_BASE}start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });\n  const { data } = await api.post('${V1_BASE}state/fetch', { instanceId: started.data.instanceId });\n  return data.status === 'Completed' ? 'done' : 'pending';\n}\nmodule.exports = { verify };\n`;
    const { report } = await migrate({ 'http.js': http, 'client.js': caller });
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
  });

  it('registered on an instance made without a base keeps the flows through its second exported name on v1', async () => {
    const http = `const axios = require('axios');\nconst api = axios.create({ timeout: 5000 });\napi.interceptors.request.use((config) => {\n  config.url = process.env.INTERNAL_GATEWAY + config.url;\n  return config;\n});\nmodule.exports = { api, journeys: api };\n`;
    const caller = `const { journeys: api } = require('./http');\nasync function verify(subject) {\n  const started = await api.post('${V1_BASE}start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });\n  const { data } = await api.post('${V1_BASE}state/fetch', { instanceId: started.data.instanceId });\n  return data.status === 'Completed' ? 'done' : 'pending';\n}\nmodule.exports = { verify };\n`;
    const { report } = await migrate({ 'http.js': http, 'client.js': caller });
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
  });
});
