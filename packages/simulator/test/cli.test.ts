import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

function runCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--conditions=@journey-bridge/source', '--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function output(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code, stdout, stderr };
}

/** Resolves with the listening URL once the CLI prints it. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk) => {
      seen += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening: ${seen}`)));
  });
}

describe('journey-sim CLI', () => {
  it('listens on loopback, prints the URL and the demo client, serves, and stops cleanly on SIGTERM', async () => {
    const child = runCli(['--port', '0', '--seed', '3']);
    const result = output(child);
    try {
      const url = await listeningUrl(child);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${url}/__sim/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', journeys: 3 });
    } finally {
      child.kill('SIGTERM');
    }
    const { code, stdout } = await result;
    expect(code).toBe(0);
    expect(stdout).toContain('client_id=demo-client client_secret=demo-secret');
    expect(stdout).toContain('SIGTERM received, stopping');
  });

  it('stops cleanly on SIGINT', async () => {
    const child = runCli(['--port', '0']);
    const result = output(child);
    await listeningUrl(child);
    child.kill('SIGINT');
    expect((await result).code).toBe(0);
  });

  it('exits 2 with usage for an unknown flag or a bad value', async () => {
    const unknown = await output(runCli(['--prot', '80']));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--prot'");
    expect(unknown.stderr).toContain('Usage: journey-sim');
    const badRegion = await output(runCli(['--region', 'mars']));
    expect(badRegion.code).toBe(2);
    expect(badRegion.stderr).toContain('--region must be eu, us or au, got "mars"');
  });

  it('names the file and field of an invalid journey definition', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'journeys-'));
    await writeFile(join(dir, 'broken.json'), JSON.stringify({ id: 'x', name: 'x', region: 'eu', version: 1, segments: [] }));
    const { code, stderr } = await output(runCli(['--journeys', dir]));
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
    const child = runCli(['--port', '0', '--clients', file]);
    const result = output(child);
    const url = await listeningUrl(child);
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
    child.kill('SIGTERM');
    const { stdout } = await result;
    expect(stdout).toContain('clients      team-a');
    expect(stdout).not.toContain('s3cret-value');
    await writeFile(file, JSON.stringify([{ clientId: 'team-a', clientSecret: 's3cret-value', permissions: ['journey.delete'] }]));
    const bad = await output(runCli(['--clients', file]));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`invalid clients file ${file}: 0.permissions.0`);
    expect(bad.stderr).not.toContain('s3cret-value');
    await rm(dir, { recursive: true });
  });
});
