import type { Node } from '@babel/types';
import { FAILURE_STATUSES, RESULT_PATHS } from '@journey-bridge/contract';
import { isMember, propertyName, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import type { FollowCalls } from './follow-calls.js';
import { SiteBuilder } from './site-builder.js';
import type { Site } from './types.js';

/** `context.process.steps` → `context?.process?.steps`: v2 state fields are optional on some tenants. */
const optionalPath = (path: string): string => path.split('.').join('?.');
/** Every place a tenant may put the steps (or the result), first the specification's: `a ?? b`. */
const readEither = (base: string, paths: readonly string[]): string => paths.map((path) => `${base}.${optionalPath(path)}`).join(' ?? ');
const [FAILED, ERROR] = FAILURE_STATUSES;

/** The expression a v1 flow read starts from: `state` in `state.data.process.flow` or `state.data.context.process.flow`. */
function flowBase(flow: Node): Node | undefined {
  if (!isMember(flow) || propertyName(flow) !== 'flow') return undefined;
  const process = flow.object;
  if (!isMember(process) || propertyName(process) !== 'process') return undefined;
  let data = process.object;
  if (isMember(data) && propertyName(data) === 'context') data = data.object;
  if (!isMember(data) || propertyName(data) !== 'data') return undefined;
  return data.object;
}

/**
 * Result reads of v1 state (`data.process.flow`, `data.context.process.flow`) → `context.process.steps` and
 * `context.result`; comparisons with `'Failed'` also accept `'Error'`. Each read follows the file's state calls.
 */
export function planResultReads(ctx: FileContext, follow: FollowCalls): Site[] {
  if (follow([]).length === 0) return [];
  const sites: Site[] = [];
  walk(ctx.ast.program, (node, ancestors) => {
    const parent = ancestors[ancestors.length - 1];
    const base = flowBase(node);
    if (base) {
      const steps = `(${readEither(ctx.text(base), RESULT_PATHS.v2.steps)} ?? [])`;
      const site = new SiteBuilder(ctx, node, ancestors, 'response.state-result', 'v1 flow → v2 steps');
      const callee = parent?.type === 'CallExpression' ? parent.callee : undefined;
      if (
        parent?.type === 'CallExpression' &&
        parent.arguments[0] === node &&
        callee &&
        isMember(callee) &&
        ctx.text(callee) === 'Object.values'
      ) {
        // Every v1 flow entry had a result; a live tenant's decision step has `result: null`: leave it out.
        site.replace(parent, `${steps}.filter((${ctx.isTypeScript ? 'step: { result?: unknown }' : 'step'}) => step.result != null)`);
      } else if (isMember(parent) && parent.object === node) {
        const key = parent.computed ? ctx.text(parent.property) : ctx.str(propertyName(parent) ?? '');
        if (propertyName(parent) === 'decision') {
          site.refuse(
            'response.state-result',
            'v2 keeps the overall decision in context.result, with other outcome words',
            `(${readEither(ctx.text(base), RESULT_PATHS.v2.result)})?.outcomeClassification ('positive' | 'negative' | 'neutral'), or decisionOf(result, steps) from @journey-bridge/contract ('Accept' | 'Reject' | 'Manual review')`,
          );
        } else {
          site.replace(parent, `${steps}.find((${ctx.isTypeScript ? 'step: { nodeId?: string }' : 'step'}) => step.nodeId === ${key})`);
          site.needsReview('response.variant-id', 'v1 variantIds and v2 step nodeIds differ', 'find the step by its v2 nodeId');
        }
      } else {
        site.refuse(
          'response.state-result',
          'this use of the v1 flow has no direct v2 counterpart',
          `${readEither(ctx.text(base), RESULT_PATHS.v2.steps)} (steps) and ${readEither(ctx.text(base), RESULT_PATHS.v2.result)} (overall result)`,
        );
      }
      sites.push(site.build(follow(ancestors)));
      return;
    }
    if (node.type === 'BinaryExpression' && ['===', '==', '!==', '!='].includes(node.operator)) {
      const literal = [node.left, node.right].find((side) => side.type === 'StringLiteral' && side.value === FAILED);
      const other = node.left === literal ? node.right : node.left;
      if (!literal || other.type === 'PrivateName' || !/status/i.test(ctx.text(other))) return;
      if (parent?.type === 'LogicalExpression' && ctx.text(parent).includes(`${ERROR}${ctx.source[literal.start ?? 0]}`)) return;
      const quote = ctx.source[literal.start ?? 0] ?? "'";
      const subject = ctx.text(other);
      const negated = node.operator.startsWith('!');
      const joined = negated
        ? `${subject} ${node.operator} ${quote}${FAILED}${quote} && ${subject} ${node.operator} ${quote}${ERROR}${quote}`
        : `${subject} ${node.operator} ${quote}${FAILED}${quote} || ${subject} ${node.operator} ${quote}${ERROR}${quote}`;
      const bare =
        parent?.type === 'IfStatement' ||
        parent?.type === 'WhileStatement' ||
        parent?.type === 'ReturnStatement' ||
        parent?.type === 'VariableDeclarator';
      const site = new SiteBuilder(ctx, node, ancestors, 'status.failure-spelling', `'${FAILED}' also spelled '${ERROR}' on v2`);
      sites.push(site.replace(node, bare ? joined : `(${joined})`).build(follow(ancestors)));
      return;
    }
    if (
      node.type === 'SwitchCase' &&
      node.test?.type === 'StringLiteral' &&
      node.test.value === FAILED &&
      parent?.type === 'SwitchStatement'
    ) {
      if (!/status/i.test(ctx.text(parent.discriminant))) return;
      if (parent.cases.some((item) => item.test?.type === 'StringLiteral' && item.test.value === ERROR)) return;
      const quote = ctx.source[node.test.start ?? 0] ?? "'";
      const indent = ctx.source.slice(ctx.lineStart(node.start ?? 0), node.start ?? 0);
      const site = new SiteBuilder(ctx, node, ancestors, 'status.failure-spelling', `'${FAILED}' also spelled '${ERROR}' on v2`);
      sites.push(site.edit(node.start ?? 0, node.start ?? 0, `case ${quote}${ERROR}${quote}:${ctx.eol}${indent}`).build(follow(ancestors)));
    }
  });
  return sites;
}
