import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ALL_PERMISSIONS, type ApiClient } from './auth.js';
import { SimulatorError } from './errors/simulator-error.js';

const ClientsFile = z.array(
  z.strictObject({
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    permissions: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]])).default([...ALL_PERMISSIONS]),
    users: z.array(z.strictObject({ username: z.string().min(1), password: z.string().min(1) })).default([]),
  }),
);

/** A clients file that cannot be used; the message names the file and the field, never a secret. */
export class ClientsFileError extends SimulatorError {
  override name = 'ClientsFileError';
}

/** Reads API clients from a JSON file: `[{ clientId, clientSecret, permissions?, users? }]`. */
export async function loadClients(file: string): Promise<ApiClient[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ClientsFileError(
      `cannot read clients file ${file}: ${error instanceof SyntaxError ? 'not valid JSON' : (error as Error).message}`,
    );
  }
  const parsed = ClientsFile.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ClientsFileError(`invalid clients file ${file}: ${problems.join('; ')}`);
  }
  return parsed.data as ApiClient[];
}
