import type { Expression, Node } from '@babel/types';
import { type EvaluationScope, evaluate } from '../analysis/evaluate.js';
import { flatten, type Part, sourceKey } from '../analysis/static-value.js';
import { isMember, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { SiteBuilder } from './site-builder.js';
import type { Site } from './types.js';
import { V1_BASE_PATTERN } from './v1-url.js';
import { pathParameterOf } from './wrappers.js';

/** A function that sends a v1 URL ending in one of its parameters to a client the codemod does not recognise. */
export interface StrayWrapper {
  readonly file: string;
  /** The start of the function node. */
  readonly fn: number;
  /** The parameter that carries the rest of the path. */
  readonly urlParam: number;
  /** The line of the URL, for the markers at its callers. */
  readonly line: number;
  /** The literals of the base, shared with the flows that use them too. */
  readonly pieces: readonly string[];
}

/** v1 URLs built in a call the codemod does not recognise, and the functions among them that take the path from a caller. */
export interface StrayUrls {
  readonly sites: readonly Site[];
  readonly wrappers: readonly StrayWrapper[];
}

const CALL = /^(CallExpression|OptionalCallExpression|NewExpression)$/;
const OBJECT_PART = /^(ObjectExpression|ObjectProperty)$/;
const isConcatenation = (node: Node): boolean =>
  node.type === 'TemplateLiteral' || (node.type === 'BinaryExpression' && node.operator === '+');

/**
 * A URL built from a v1 base and a path (`API_ROOT + 'journey/start'`, `API + path`) in an argument of a call the
 * codemod does not recognise (`$.ajax`, `url.parse`): the request it makes stays v1, and is marked. Its literals
 * are its pieces: a flow that shares them keeps that base on v1 with it. A literal that is v1 text on its own
 * (`'journey/task/list'`) is marked by itself already.
 */
export function findStrayUrls(ctx: FileContext, planned: ReadonlySet<Node>, v1Text: RegExp): StrayUrls {
  const sites: Site[] = [];
  const wrappers: StrayWrapper[] = [];
  const scope = variablesToo(ctx);
  walk(ctx.ast.program, (node, ancestors) => {
    const parent = ancestors[ancestors.length - 1];
    const table = pickedAtRunTime(node, scope);
    if (table && !ancestors.some((ancestor) => planned.has(ancestor))) {
      const site = new SiteBuilder(ctx, node, ancestors, 'codemod.unrecognized-v1-url', 'v1 URL');
      site.pieces.push(...table);
      site.refuse(
        'codemod.unrecognized-v1-url',
        `a v1 path picked from a table at run time (${ctx.text(node)}): which request it makes, and with what body, is not known`,
        UNRECOGNIZED_V1_URL_FORM,
      );
      return void sites.push(site.build());
    }
    if (!isConcatenation(node) || (parent && isConcatenation(parent))) return;
    // An argument, or a property of one (`$.ajax({ url })`): a URL held in a name may be sent by a call it recognises.
    const sentBy = [...ancestors].reverse().find((ancestor) => !OBJECT_PART.test(ancestor.type));
    if (!sentBy || !CALL.test(sentBy.type) || ancestors.some((ancestor) => planned.has(ancestor))) return;
    const value = evaluate(node, scope);
    if (value.kind !== 'string' || !V1_BASE_PATTERN.test(flatten(value).text)) return;
    const ownV1Text = (part: Part) => part.kind === 'text' && part.source && within(part.source.start, node) && v1Text.test(part.value);
    if (value.parts.some(ownV1Text)) return;
    const pieces = value.parts.flatMap((part) => (part.kind === 'text' && part.source ? [sourceKey(part.source)] : []));
    const site = new SiteBuilder(ctx, node, ancestors, 'codemod.unrecognized-v1-url', 'v1 URL');
    site.pieces.push(...pieces);
    site.refuse(
      'codemod.unrecognized-v1-url',
      `a v1 URL (${ctx.text(node)}) sent through a call the codemod does not recognise`,
      UNRECOGNIZED_V1_URL_FORM,
    );
    sites.push(site.build());
    const wrapper = pathParameterOf(value.parts, ancestors);
    if (wrapper)
      wrappers.push({ file: ctx.file, fn: wrapper.fn.start ?? 0, urlParam: wrapper.urlParam, line: ctx.line(node.start ?? 0), pieces });
  });
  return { sites, wrappers };
}

/**
 * `ROUTES[op]`: a table of paths, some of them v1, read by a key known only at run time (a wrapper handed the
 * operation by its callers). The requests sent there carry v1 bodies the codemod does not see, so the table's v1
 * literals (its pieces) stay v1, and so do the flows that share them, even where they are read by a literal key.
 */
function pickedAtRunTime(node: Node, scope: EvaluationScope): string[] | undefined {
  if (!isMember(node) || !node.computed || /^(StringLiteral|NumericLiteral)$/.test(node.property.type)) return undefined;
  const table = evaluate(node.object, scope);
  if (table.kind !== 'object') return undefined;
  const paths = Object.values(table.props).filter((value) => value.kind === 'string' && V1_BASE_PATTERN.test(flatten(value).text));
  if (paths.length === 0) return undefined;
  return paths.flatMap((value) =>
    value.kind === 'string' ? value.parts.flatMap((part) => (part.kind === 'text' && part.source ? [sourceKey(part.source)] : [])) : [],
  );
}

/**
 * The file's scope with `var` and `let` read as their initial value (`var API_ROOT = host + '/captain/api/'`): one
 * that starts as a v1 URL sends a request to v1 at least once, which is enough to mark it, never to edit it.
 */
function variablesToo(ctx: FileContext): EvaluationScope {
  const initial = new Map<string, Expression | null>();
  walk(ctx.ast.program, (node) => {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init)
      initial.set(node.id.name, initial.has(node.id.name) ? null : node.init);
  });
  return {
    file: ctx.file,
    source: ctx.source,
    constant: (name) => ctx.constant(name) ?? initial.get(name) ?? undefined,
    imported: (name) => ctx.imported(name),
    declaredFunction: (name) => ctx.declaredFunction(name),
    specifier: (name) => ctx.specifier(name),
    getter: (member) => ctx.getter(member),
  };
}

const within = (offset: number, node: Node): boolean => (node.start ?? 0) <= offset && offset < (node.end ?? 0);

/** What a v1 URL the codemod cannot follow to its requests becomes: never the URL alone. */
export const UNRECOGNIZED_V1_URL_FORM =
  'the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)';
