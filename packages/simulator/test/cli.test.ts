import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledJourneysDir } from '../src/bundled-journeys.js';
import { main, type RunningCli } from '../src/cli.js';

const CLI = fileURLToPath(new URL('../bin/journey-sim.mjs', import.meta.url));
const { version } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** What `main` wrote so far, and what it returned. */
interface Ran {
  stdout: string;
  stderr: string;
  result: number | RunningCli;
}

/** Runs `main` in this process, collecting what it writes (also after it returns). */
async function run(args: string[]): Promise<Ran> {
  const ran = { stdout: '', stderr: '' };
  const io = { stdout: { write: (text: string) => (ran.stdout += text) }, stderr: { write: (text: string) => (ran.stderr += text) } };
  return Object.assign(ran, { result: await main(args, io) });
}

/** Runs `main` expecting it to finish with an exit code rather than serve. */
async function exitOf(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const ran = await run(args);
  if (typeof ran.result !== 'number') {
    await ran.result.stop('test');
    throw new Error(`expected an exit code, the simulator serves on ${ran.result.url}`);
  }
  return { code: ran.result, stdout: ran.stdout, stderr: ran.stderr };
}

/** Runs `main` expecting a running simulator. */
async function serve(args: string[]): Promise<Ran & { running: RunningCli }> {
  const ran = await run(args);
  if (typeof ran.result === 'number') throw new Error(`exited with ${ran.result}: ${ran.stderr}`);
  return Object.assign(ran, { running: ran.result });
}

describe('journey-sim binary', () => {
  it('listens on loopback, prints the URL and the demo client, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--conditions=@journey-bridge/source', '--import', 'tsx', CLI, '--port', '0', '--seed', '3'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const exited = once(child, 'exit');
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const match = /listening on (http:\/\/\S+)/.exec(stdout);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code} before listening: ${stdout}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${url}/__sim/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', journeys: 7 });
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stdout).toContain('client_id=demo-client client_secret=demo-secret');
    expect(stdout).toContain('SIGTERM received, stopping');
  });
});

describe('journey-sim main', () => {
  it('serves until stopped, saying why it stops', async () => {
    const served = await serve(['--port', '0', '--seed', '3']);
    const { url } = served.running;
    expect(served.stdout).toContain(`journey-sim listening on ${url}`);
    expect(await (await fetch(`${url}/__sim/health`)).json()).toMatchObject({ status: 'ok', journeys: 7 });
    expect(await served.running.stop('SIGINT')).toBe(0);
    expect(served.stdout).toContain('journey-sim: SIGINT received, stopping');
    await expect(fetch(`${url}/__sim/health`)).rejects.toThrow('fetch failed');
  });

  it('prints the usage for --help and the version of its package.json for --version, and exits 0', async () => {
    const help = await exitOf(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: journey-sim');
    expect(await exitOf(['-v'])).toEqual({ code: 0, stdout: `journey-sim ${version}\n`, stderr: '' });
  });

  it('exits 2 naming the flag and what it expects for an unknown flag or a bad value', async () => {
    const unknown = await exitOf(['--prot', '80']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("journey-sim: Unknown option '--prot'\nRun journey-sim --help for the options.\n");
    const badRegion = await exitOf(['--region', 'mars']);
    expect(badRegion.code).toBe(2);
    expect(badRegion.stderr).toContain('--region must be eu, us or au, got "mars"');
    for (const port of ['99999', '-1', '80.5', '', 'http']) {
      const badPort = await exitOf([`--port=${port}`]);
      expect(badPort.code, port).toBe(2);
      expect(badPort.stderr).toContain(`journey-sim: --port must be a whole number from 0 to 65535, got ${JSON.stringify(port)}`);
    }
    const badSeed = await exitOf(['--seed', 'lucky']);
    expect(badSeed.code).toBe(2);
    expect(badSeed.stderr).toContain('--seed must be a non-negative number, got "lucky"');
    const fractionalSeed = await exitOf(['--seed', '1.5']);
    expect(fractionalSeed.code).toBe(2);
    expect(fractionalSeed.stderr).toContain('--seed must be a whole number, got "1.5"');
    for (const scale of ['0', '1e7']) {
      const badScale = await exitOf(['--time-scale', scale]);
      expect(badScale.code, scale).toBe(2);
      expect(badScale.stderr).toContain(`--time-scale must be greater than 0 and at most 1000000, got "${scale}"`);
    }
  });

  it('refuses a journeys directory with no journey, or with two of one version, as bad usage', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'journeys-'));
    const empty = await exitOf(['--journeys', dir]);
    const file = await readFile(join(bundledJourneysDir, 'data-check.json'), 'utf8');
    await writeFile(join(dir, 'a.json'), file);
    await writeFile(join(dir, 'b.json'), file);
    const twice = await exitOf(['--journeys', dir]);
    await rm(dir, { recursive: true });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain(`no journey definition (*.json) in ${dir}`);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/journeys\[0\] \(.*a\.json\) and journeys\[1\] \(.*b\.json\) both publish v1 \S+@3 in eu/);
  });

  it('names the file and field of an invalid journey definition', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'journeys-'));
    await writeFile(join(dir, 'broken.json'), JSON.stringify({ id: 'x', name: 'x', region: 'eu', version: 1, segments: [] }));
    const { code, stderr } = await exitOf(['--journeys', dir]);
    await rm(dir, { recursive: true });
    expect(code).toBe(2);
    expect(stderr).toContain(`invalid journey definition ${join(dir, 'broken.json')}`);
    expect(stderr).toContain('resourceIds');
    expect(stderr).toContain('segments: Too small');
  });

  it('takes API clients from a file, printing their ids but never their secrets', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'clients-'));
    const file = join(dir, 'clients.json');
    await writeFile(file, JSON.stringify([{ clientId: 'team-a', clientSecret: 's3cret-value', permissions: ['journey.read'] }]));
    const served = await serve(['--port', '0', '--clients', file]);
    const url = served.running.url;
    const token = async (clientId: string, secret: string) =>
      (
        await fetch(`${url}/as/token.oauth2`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
        })
      ).status;
    expect(await token('team-a', 's3cret-value')).toBe(200);
    expect(await token('demo-client', 'demo-secret')).toBe(401);
    await served.running.stop('SIGTERM');
    expect(served.stdout).toContain('clients      team-a');
    expect(served.stdout).not.toContain('s3cret-value');
    await writeFile(file, JSON.stringify([{ clientId: 'team-a', clientSecret: 's3cret-value', permissions: ['journey.delete'] }]));
    const bad = await exitOf(['--clients', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`invalid clients file ${file}: 0.permissions.0`);
    expect(bad.stderr).not.toContain('s3cret-value');
    await rm(dir, { recursive: true });
  });

  it('reads a clients file and a journeys directory saved with a byte order mark, as Windows editors save them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bom-'));
    const file = join(dir, 'clients.json');
    await writeFile(file, `\uFEFF${JSON.stringify([{ clientId: 'team-b', clientSecret: 's3cret-value' }])}`);
    await mkdir(join(dir, 'journeys'));
    for (const name of await readdir(bundledJourneysDir)) {
      await writeFile(join(dir, 'journeys', name), `\uFEFF${await readFile(join(bundledJourneysDir, name), 'utf8')}`);
    }
    const served = await serve(['--port', '0', '--clients', file, '--journeys', join(dir, 'journeys')]);
    await served.running.stop('SIGTERM');
    expect(served.stdout).toContain('clients      team-b');
    await rm(dir, { recursive: true });
  });

  it('grants the scopes of --scopes to the password grant a production caller sends, printing them and the demo user', async () => {
    const served = await serve(['--port', '0', '--scopes', 'openid,svc.token']);
    const { url } = served.running;
    const grant = async (path: string, scope: string) =>
      (
        await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'password', username: 'demo-user', password: 'demo-password', scope }),
        })
      ).status;
    try {
      expect(await grant('/as/token.oauth2', 'openid')).toBe(200);
      expect(await grant('/auth/realms/go/protocol/openid-connect/token', 'openid')).toBe(200);
      expect(await grant('/as/token.oauth2', 'gbg.token')).toBe(400);
    } finally {
      await served.running.stop('SIGTERM');
    }
    expect(served.stdout).toContain('scopes       openid, svc.token');
    expect(served.stdout).toContain('demo user    username=demo-user password=demo-password  (password grant)');
    for (const scopes of ['openid,,svc.token', 'open id']) {
      const bad = await exitOf(['--scopes', scopes]);
      expect(bad.code, scopes).toBe(2);
      expect(bad.stderr).toContain(`--scopes must be a comma-separated list of scope names, got ${JSON.stringify(scopes)}`);
    }
  });

  it('exits 1 naming the address it cannot listen on', async () => {
    const { running } = await serve(['--port', '0']);
    const { port } = new URL(running.url);
    try {
      const taken = await exitOf(['--port', port]);
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain(`journey-sim: cannot listen on 127.0.0.1:${port}: listen EADDRINUSE`);
    } finally {
      await running.stop('SIGTERM');
    }
  });
});
