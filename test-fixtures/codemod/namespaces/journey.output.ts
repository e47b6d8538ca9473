const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

async function post<T>(path: string, body: unknown): Promise<T> {
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 1 of this file with the v1 code at line 12 of this file, which stays v1
  const res = await fetch(BASE + path, { method: 'POST', body: JSON.stringify(body) });
  return (await res.json()) as T;
}

export namespace Journey {
  export function start(resourceId: string): Promise<{ instanceId: string }> {
    // journey-codemod: unsupported [request.start-resource-id] its resourceId is known only at run time, and line 5 of check.ts writes the v1 resourceId 'a1d7c3f0data-check-v1@latest' where no start the codemod recognises takes it: it may be the one sent here, and a v2 start of a v1 id starts nothing → v2: call the start function by its own name (not through an alias the codemod does not follow), or map that id where it is written, then run again
    return post('start', { resourceId, context: { config: { async: true }, subject: {} } });
  }
  // journey-codemod: unsupported [codemod.namespace] this code is in a TypeScript namespace, whose functions the codemod does not follow to the code that calls them: migrated, a caller could send a v1 resource id or read a v2 answer as v1 unseen → v2: move the functions out of the namespace into a module of their own (export function …), and run again
  export function state(instanceId: string): Promise<{ status: string }> {
    // journey-codemod: unsupported [codemod.namespace] this code is in a TypeScript namespace, whose functions the codemod does not follow to the code that calls them: migrated, a caller could send a v1 resource id or read a v2 answer as v1 unseen → v2: move the functions out of the namespace into a module of their own (export function …), and run again
    return post('state/fetch', { instanceId });
  }
}
