import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ALL_PERMISSIONS, type ApiClient } from './auth.js';
import { SimulatorError } from './errors/simulator-error.js';

/** API clients as the CLI's clients file and `createSimulator`'s `clients` take them: permissions default to all. */
export const ApiClients = z
  .array(
    z.strictObject({
      clientId: z.string().min(1),
      clientSecret: z.string().min(1),
      permissions: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]])).default([...ALL_PERMISSIONS]),
      users: z.array(z.strictObject({ username: z.string().min(1), password: z.string().min(1) })).default([]),
    }),
  )
  .superRefine((clients, context) => {
    const seen = new Set<string>();
    clients.forEach(({ clientId }, index) => {
      if (seen.has(clientId))
        context.addIssue({ code: 'custom', path: [index, 'clientId'], message: 'repeats an earlier client’s clientId' });
      seen.add(clientId);
    });
  });

/** What is wrong with API clients, by path and never by value: a value may be a secret. */
export const clientProblems = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');

/** A clients file that cannot be used; the message names the file and the field, never a secret. */
export class ClientsFileError extends SimulatorError {
  override name = 'ClientsFileError';
}

/** Reads API clients from a JSON file: `[{ clientId, clientSecret, permissions?, users? }]`. */
export async function loadClients(file: string): Promise<ApiClient[]> {
  let json: unknown;
  try {
    // A byte order mark, as Windows editors write one, is no part of the JSON.
    json = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ClientsFileError(
      `cannot read clients file ${file}: ${error instanceof SyntaxError ? 'not valid JSON' : (error as Error).message}`,
    );
  }
  const parsed = ApiClients.safeParse(json);
  if (!parsed.success) throw new ClientsFileError(`invalid clients file ${file}: ${clientProblems(parsed.error)}`);
  return parsed.data as ApiClient[];
}
