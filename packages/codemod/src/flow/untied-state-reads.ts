import type { Node } from '@babel/types';
import { isMember, walk } from '../parse/walk.js';
import { sendsHttp } from '../plan/http-libraries.js';
import type { Site } from '../plan/types.js';
import type { Sources } from './sources.js';

/**
 * The v1 state reads (`state.data.process.flow`) no followed answer reached, in files that send HTTP requests
 * (`fetch`, or a client imported from an HTTP library): the state was most likely fetched there, through a URL the
 * codemod could not resolve (`fetch(process.env.STATE_URL, …)`), for an instance id from outside (a database row).
 * Such a read is a v1 instance call of its own: a start whose id leaves the code may be its journey, so they stay
 * on v1 together. A read in a file that sends nothing (a test's fixture of a v1 state) is left to `escapedReads`.
 */
export function untiedStateReads(reads: readonly Site[], followed: readonly Site[], sources: Sources): Site[] {
  const within = (read: Site) =>
    followed.some((site) => site.file === read.file && site.span.start <= read.span.start && read.span.end <= site.span.end);
  const requesting = new Map<string, boolean>();
  const sends = (file: string) => {
    let known = requesting.get(file);
    if (known === undefined) {
      known = sendsRequests(sources, file);
      requesting.set(file, known);
    }
    return known;
  };
  return reads.filter((read) => !read.ignored && !within(read) && sends(read.file));
}

/** Whether the file calls `fetch` (the global one) or a name it imports from an HTTP client. */
function sendsRequests(sources: Sources, file: string): boolean {
  const source = sources.get(file);
  if (!source) return false;
  const { ctx } = source;
  let found = false;
  walk(ctx.ast.program, (node) => {
    if (found || node.type !== 'CallExpression') return;
    const root = rootName(node.callee);
    if (root === undefined) return;
    found = sendsHttp(ctx, root) || (root === 'fetch' && !ctx.imports.has('fetch') && ctx.constant('fetch') === undefined);
  });
  return found;
}

/** `fetch` of `fetch(…)`, `axios` of `axios.create(…)` and `axios.post(…)`, `got` of `got.extend(…).post(…)`. */
function rootName(callee: Node): string | undefined {
  let node: Node = callee;
  while (isMember(node) || node.type === 'CallExpression') node = isMember(node) ? node.object : node.callee;
  return node.type === 'Identifier' ? node.name : undefined;
}
