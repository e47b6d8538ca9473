import { writeFile } from 'node:fs/promises';
import { type Auth, clientCredentials, createV1Client, password, staticToken, statusSpellingOf } from '@journey-bridge/client';
import { inferDialect } from '@journey-bridge/contract';
import { ShimError } from './errors/shim-error.js';
import { readJsonFile } from './json-file.js';

/** What `journey-bridge dialect` is given. */
export interface DialectCommandOptions {
  /** Saved v1 state answers (JSON files) of the journey. */
  readonly states: readonly string[];
  /** A live v1 state fetch: the instance, the v1 base URL and credentials. */
  readonly live?: { instanceId: string; v1Base: string; auth: Auth };
  /** v1 and v2 resourceIds: given both, the output is a journey-map entry; else the dialect alone. */
  readonly v1?: string | undefined;
  readonly v2?: string | undefined;
  /** Write the JSON here instead of stdout (`-`: stdout). */
  readonly out?: string | undefined;
}

/** A problem with what the command was given: the CLI exits 2 with it. */
export class DialectCommandError extends ShimError {
  override name = 'DialectCommandError';
}

/** Credentials for a live fetch from flags: a token, client credentials, or the password grant. */
export function authFrom(values: Readonly<Record<string, string | undefined>>): Auth {
  if (values.token) return staticToken(values.token);
  if (values['client-id'] && values['client-secret'] && !values.username)
    return clientCredentials({
      clientId: values['client-id'],
      clientSecret: values['client-secret'],
      ...(values.scope && { scope: values.scope }),
    });
  if (values['client-id'] && values.username && values.password)
    return password({
      clientId: values['client-id'],
      username: values.username,
      password: values.password,
      ...(values['client-secret'] && { clientSecret: values['client-secret'] }),
      ...(values.scope && { scope: values.scope }),
    });
  throw new DialectCommandError(
    'a live fetch needs --token, or --client-id with --client-secret, or --client-id with --username and --password',
  );
}

async function readState(path: string): Promise<unknown> {
  const file = await readJsonFile(path);
  if ('unreadable' in file) throw new DialectCommandError(`cannot read ${path}: ${file.unreadable}`);
  if ('notJson' in file) throw new DialectCommandError(`${path} is not valid JSON`);
  return file.value;
}

/**
 * Reads v1 answers a team already has and writes what makes the adapter answer in the same shape: a
 * journey-map entry (`{ "<v1>": { "v2": …, "dialect": {…} } }`) or the dialect alone. Returns the lines saying
 * what could not be inferred, for stderr.
 */
export async function runDialectCommand(
  options: DialectCommandOptions,
  stdout: { write(text: string): unknown },
): Promise<readonly string[]> {
  const answers = await Promise.all(options.states.map(readState));
  if (options.live) {
    const { instanceId, v1Base, auth } = options.live;
    // Read as v1 answered it: the client's tolerant schema keeps every member the dialect is made of, and the
    // status as the tenant spelled it (`Error`, `IN_PROGRESS`) beside the v1 enumeration's.
    const state = await createV1Client({ baseUrl: v1Base, auth }).fetchState({ instanceId });
    const spelled = statusSpellingOf(state);
    answers.push(spelled === undefined ? state : { ...state, status: spelled });
  }
  if (answers.length === 0) throw new DialectCommandError('give saved v1 states (--state FILE, repeatable) or a live fetch (--instance)');
  const { dialect, unknowns } = inferDialect(answers);
  const output = options.v1 && options.v2 ? { [options.v1]: { v2: options.v2, dialect } } : dialect;
  const text = `${JSON.stringify(output, null, 2)}\n`;
  if (options.out && options.out !== '-') {
    await writeFile(options.out, text).catch((error: NodeJS.ErrnoException) => {
      throw new DialectCommandError(`cannot write ${options.out}: ${error.code ?? error.message}`);
    });
  } else stdout.write(text);
  return [...(options.v1 && options.v2 ? [] : ['give --v1 and --v2 to get a journey-map entry instead of the dialect alone']), ...unknowns];
}
