import { type Identifier, isFunction } from '@babel/types';
import { evaluate } from '../analysis/evaluate.js';
import type { StaticValue } from '../analysis/static-value.js';
import { isMember } from '../parse/walk.js';
import { madeBy } from '../plan/receivers.js';
import { type Site, settle } from '../plan/types.js';
import { matchV1Url } from '../plan/v1-url.js';
import type { Functions } from './functions.js';
import type { Source, Sources } from './sources.js';

const RUN_TIME_BASE = 'run-time-base:';
/** How far a parameter is followed back through the callers that pass it on. */
const MAX_DEPTH = 4;

/**
 * A call through a parameter (`http.post('journey/start', …)` in `start(http: AxiosInstance, …)`) whose base the
 * file cannot see: when every caller passes an instance that a client factory of the project made (`const http =
 * createJourneyHttp(token)`, directly or through more parameters), with a v1 base the codemod can read (the
 * factory's default, or the argument that carries it), the call takes that base: it is edited with the call, and
 * shared with every call through it, instead of a review of a base known only at run time.
 */
export function baseFromCallers(site: Site, sources: Sources, functions: Functions): void {
  if (!site.call || !site.pieces.some((piece) => piece.startsWith(RUN_TIME_BASE))) return;
  const source = sources.get(site.file);
  const call = source?.nodeAt(site.call.start, 'CallExpression', site.call.end);
  if (!source || !call || !isMember(call.callee) || call.callee.object.type !== 'Identifier') return;
  const bases = instanceBases(source, call.callee.object, functions, 0);
  if (!bases || bases.length === 0) return;
  const matches = bases.map((base) => matchV1Url(base));
  if (matches.some((match) => !match.hasBase || match.operation || match.problem)) return;
  site.edits.push(...matches.flatMap((match) => match.edits));
  site.pieces = [...site.pieces.filter((piece) => !piece.startsWith(RUN_TIME_BASE)), ...matches.flatMap((match) => match.pieces)];
  site.reviews = site.reviews.filter(
    (review) => !(review.rule === 'endpoint.base-path' && review.reason.startsWith('the base URL is only known at run time')),
  );
  settle(site);
}

/** The bases of the instances a name holds: made by a client factory of the project, or passed in by every caller. */
function instanceBases(source: Source, name: Identifier, functions: Functions, depth: number): StaticValue[] | undefined {
  const binding = source.scopes.bindingOf(name);
  if (!binding || depth > MAX_DEPTH) return undefined;
  // A name assigned after its declaration may hold anything.
  if (binding.references.some((reference) => source.parent(reference)?.type === 'AssignmentExpression')) return undefined;
  const { declaration } = binding;
  if (binding.kind === 'const' && declaration.type === 'VariableDeclarator') {
    const init = declaration.init;
    if (init?.type !== 'CallExpression' || init.callee.type !== 'Identifier') return undefined;
    const made = evaluate(init.callee, source.ctx);
    const base = made.kind === 'client' ? madeBy(source.ctx, made, init).base : undefined;
    return base ? [base] : undefined;
  }
  if (binding.kind !== 'param' || !isFunction(declaration)) return undefined;
  const index = declaration.params.findIndex((param) => (param.type === 'AssignmentPattern' ? param.left : param) === binding.id);
  const callers = index === -1 ? [] : functions.callersOf({ source, fn: declaration });
  if (callers.length === 0) return undefined;
  const bases: StaticValue[] = [];
  for (const caller of callers) {
    const argument = caller.call.arguments[index];
    const found = argument?.type === 'Identifier' ? instanceBases(caller.source, argument, functions, depth + 1) : undefined;
    if (!found) return undefined;
    bases.push(...found);
  }
  return bases;
}
