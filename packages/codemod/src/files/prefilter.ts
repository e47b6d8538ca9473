/**
 * Text every file that talks v1 contains somewhere: a v1 path, the v1 client API, a v1 result path, a token
 * request, a v1 response body, or a v1 task request's body (see `mentionsV1TaskBody`). Files without any are
 * skipped before parsing, which is most of a large repository.
 */
export const V1_MARKERS = [
  'captain/api',
  'journey/task/',
  'V1Api',
  'V1Client',
  'V1Adapter',
  'createV1Client',
  'createV1Adapter',
  'process.flow',
  'token.oauth2',
] as const;

/**
 * v1 response bodies written out in code (test doubles): a task list, a state's flow or its `metaData`; a flow
 * read with `?.`; and a flow destructured (`{ process: { flow } }`, `{ flow } = state.data.process`).
 */
export const V1_BODY_PATTERNS = [
  /tasks\s*:\s*\[\s*\{[^}]*taskId/,
  /process\s*:\s*\{[^;]{0,200}?\bflow\b/,
  // Bounded: a file with no semicolons would otherwise be scanned to its end from every `flow`.
  /\bflow\b[^;]{0,200}?\}\s*=[^;=]{0,200}?\bprocess\b/,
  /process\?\.flow/,
  /metaData\s*:\s*\{/,
] as const;

/**
 * The task operations only v1 has, as a pattern after `task/`: `list`, `list/schema`, `schema`, `update`. `start`
 * and `state/fetch` are left out: v2 has them too, under its own base, so naming them shows no version.
 */
export const V1_TASK_OPERATION = String.raw`(?:list(?:\/schema)?|schema|update)`;

/**
 * A URL matched on a v1 task path (`url.endsWith('/task/list')`, or `\/task\/list` in a regex), in a file that
 * also names an `instanceId`: other APIs have `/task/update` paths too, and reading each of their files cost a
 * fifth of a run over a large tree.
 */
const V1_TASK_PATH = new RegExp(String.raw`\/task\\?\/${V1_TASK_OPERATION}\b`);
const mentionsV1TaskPath = (text: string): boolean => V1_TASK_PATH.test(text) && text.includes('instanceId');

/**
 * A v1 task request's body, `{ instanceId, taskId }` (a task update's, or an answer's): the only v1 text of a file
 * that sends it to a URL read at run time (`config.get('platform')`) with a client whose call the codemod cannot
 * read. Unless the file is a candidate, a call into it the codemod cannot resolve (`tasks[op](id)`) passes the id on
 * as a boundary would, and a v2 start would leave the file's calls on v1. Two substring tests: a `taskId` alone is
 * in every other task API.
 */
const mentionsV1TaskBody = (text: string): boolean => text.includes('taskId') && text.includes('instanceId');

export const mentionsV1 = (text: string): boolean =>
  V1_MARKERS.some((marker) => text.includes(marker)) ||
  V1_BODY_PATTERNS.some((pattern) => pattern.test(text)) ||
  mentionsV1TaskPath(text) ||
  mentionsV1TaskBody(text);

/**
 * A file that calls v2 is read too: the instance a v2 start answers may be sent to v1 calls elsewhere (a journey
 * half migrated, by hand or by an earlier run), which only following it from the start can show.
 */
export const mentionsV2 = (text: string): boolean => /(?<![\w.-])v2\/captain\b/.test(text);

const EXPORTED_NAME =
  /export\s+(?:default\s+)?(?:const|let|var|(?:async\s+)?function\s*\*?|(?:abstract\s+)?class)\s+([A-Za-z_$][\w$]*)|(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/g;
const EXPORTED_OBJECT = /module\.exports\s*=\s*\{([^}]*)\}/g;
const OBJECT_KEY = /(?:^|[,{\s])([A-Za-z_$][\w$]*)\s*(?=[:,]|$)/g;

/**
 * Names exported by files that mention v1: a file that only imports `ENDPOINTS` from such a file calls v1
 * without any v1 text of its own, and one that imports its `post` wrapper or its client class calls v1 through
 * them, so each is a candidate too.
 */
export function exportedNames(texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(EXPORTED_NAME)) names.add(match[1] ?? match[2] ?? '');
    for (const object of text.matchAll(EXPORTED_OBJECT)) for (const key of (object[1] ?? '').matchAll(OBJECT_KEY)) names.add(key[1] ?? '');
  }
  names.delete('');
  return [...names];
}

/** A relative import specifier: a file that has one can import a name from another file of the tree. */
const RELATIVE_IMPORT = /(?:from|require\(|import\()\s*['"]\.{1,2}\//;
/** Every import specifier of a file, relative or bare. */
const IMPORT_SPECIFIER = /(?:from|require\(|import\()\s*['"]([^'"]+)['"]/g;

/**
 * Whether a file imports from a file of the tree and refers to one of `names` (as a whole word). A file of the tree
 * is imported by a relative path, or by the name of a package of the tree (`packages`: a workspace package the run
 * reads, linked into `node_modules` or not), which is how one package of a monorepo imports another.
 */
export function mentionsAny(text: string, names: readonly string[], packages: ReadonlySet<string> = new Set()): boolean {
  if (!RELATIVE_IMPORT.test(text) && !importsPackage(text, packages)) return false;
  return names.some((name) => {
    let index = text.indexOf(name);
    while (index !== -1) {
      const before = text[index - 1] ?? ' ';
      const after = text[index + name.length] ?? ' ';
      if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
      index = text.indexOf(name, index + 1);
    }
    return false;
  });
}

/** Whether a file imports one of `packages` by its name, or a file in it (`@acme/api/journey`). */
function importsPackage(text: string, packages: ReadonlySet<string>): boolean {
  if (packages.size === 0) return false;
  for (const [, specifier = ''] of text.matchAll(IMPORT_SPECIFIER)) {
    const parts = specifier.split('/');
    if (packages.has(parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/'))) return true;
  }
  return false;
}
