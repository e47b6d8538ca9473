import type { Node } from '@babel/types';
import { isMember, propertyName, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import type { FollowCalls } from './follow-calls.js';
import { SiteBuilder } from './site-builder.js';
import type { Site } from './types.js';

/** `X.tasks[0]` (optionally chained): returns `X`. */
function firstTaskOf(node: Node): Node | undefined {
  if (!isMember(node) || !node.computed || node.property.type !== 'NumericLiteral' || node.property.value !== 0) return undefined;
  const tasks = node.object;
  return isMember(tasks) && propertyName(tasks) === 'tasks' ? tasks.object : undefined;
}

/** The function (or program) a node belongs to: task variables are only followed inside it. */
const scopeOf = (ancestors: readonly Node[]): Node | undefined =>
  [...ancestors].reverse().find((node) => /Function|Method/.test(node.type) || node.type === 'Program');

/** Whether a read of `X.tasks` is one of the forms rewritten below (first task's id, emptiness, first task variable). */
function isHandledTasksRead(ancestors: readonly Node[]): boolean {
  const [parent, grandparent] = [...ancestors].reverse();
  if (isMember(parent) && propertyName(parent) === 'length') return true;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'ArrayPattern') return true;
  if (parent?.type === 'ForOfStatement' && parent.left.type === 'VariableDeclaration') return true;
  if (isMember(parent) && parent.computed && parent.property.type === 'NumericLiteral' && parent.property.value === 0) {
    return grandparent?.type === 'VariableDeclarator' || (isMember(grandparent) && propertyName(grandparent) === 'taskId');
  }
  return false;
}

/**
 * Reads of a v1 task list → the v2 interaction: v2 has one active interaction, so `X.tasks[0].taskId` is
 * `X.interactionId`, an empty list is a missing `interactionId`, and a task variable holds the interactionId.
 */
export function planTaskReads(ctx: FileContext, follow: FollowCalls, payloads: readonly { name: string; scope: Node }[]): Site[] {
  if (follow([]).length === 0) return [];
  const sites: Site[] = [];
  const taskVariables = new Map<string, Node | undefined>();
  const isTaskVariable = (node: Node, ancestors: readonly Node[]) =>
    node.type === 'Identifier' && taskVariables.has(node.name) && taskVariables.get(node.name) === scopeOf(ancestors);
  const site = (node: Node, ancestors: readonly Node[]) =>
    new SiteBuilder(ctx, node, ancestors, 'endpoint.task-list', 'v1 task → the v2 interaction');
  walk(ctx.ast.program, (node, ancestors) => {
    const parent = ancestors[ancestors.length - 1];
    if (node.type === 'VariableDeclarator' && node.init) {
      const list = firstTaskOf(node.init);
      const destructured = node.id.type === 'ArrayPattern' && node.id.elements.length === 1 && node.id.elements[0]?.type === 'Identifier';
      const listOfPattern = destructured && isMember(node.init) && propertyName(node.init) === 'tasks' ? node.init.object : undefined;
      const name =
        node.id.type === 'Identifier'
          ? node.id.name
          : destructured && node.id.type === 'ArrayPattern' && node.id.elements[0]?.type === 'Identifier'
            ? node.id.elements[0].name
            : undefined;
      const base = list ?? listOfPattern;
      if (base && name) {
        taskVariables.set(name, scopeOf(ancestors));
        sites.push(
          site(node, ancestors)
            .replace(node, `${name} = ${ctx.text(base)}.interactionId`)
            .build(follow(ancestors)),
        );
      }
      return;
    }
    // `for (const task of list.tasks)`: v2 has at most one interaction, so the loop runs over it (or nothing).
    if (
      node.type === 'ForOfStatement' &&
      isMember(node.right) &&
      propertyName(node.right) === 'tasks' &&
      node.left.type === 'VariableDeclaration'
    ) {
      const [declarator] = node.left.declarations;
      if (declarator?.id.type === 'Identifier') {
        const list = ctx.text(node.right.object);
        taskVariables.set(declarator.id.name, scopeOf([...ancestors, node]));
        sites.push(
          site(node, ancestors)
            .replace(node.right, `(${list}.interactionId === undefined ? [] : [${list}.interactionId])`)
            .build(follow(ancestors)),
        );
      }
      return;
    }
    if (isMember(node) && propertyName(node) === 'taskId') {
      const list = firstTaskOf(node.object);
      if (list)
        sites.push(
          site(node, ancestors)
            .replace(node, `${ctx.text(list)}.interactionId`)
            .build(follow(ancestors)),
        );
      else if (isTaskVariable(node.object, ancestors))
        sites.push(site(node, ancestors).replace(node, ctx.text(node.object)).build(follow(ancestors)));
      return;
    }
    // The list's status: v2 reports the journey's status on the interaction.
    const isPayload = (object: Node) =>
      object.type === 'Identifier' && payloads.some(({ name, scope }) => name === object.name && ancestors.includes(scope));
    if (isMember(node) && propertyName(node) === 'status' && node.object.type === 'Identifier' && isPayload(node.object)) {
      sites.push(site(node, ancestors).replace(node, `${node.object.name}.journey?.status`).build(follow(ancestors)));
      return;
    }
    if (isMember(node) && propertyName(node) === 'tasks' && !isHandledTasksRead(ancestors)) {
      const builder = site(node, ancestors);
      builder.refuse(
        'endpoint.task-list',
        'v2 has one active interaction, not a list of tasks',
        `${ctx.text(node.object)}.interactionId (undefined while modules run)`,
      );
      sites.push(builder.build(follow(ancestors)));
      return;
    }
    if (isMember(node) && isTaskVariable(node.object, ancestors) && parent?.type !== 'VariableDeclarator') {
      const builder = site(node, ancestors);
      builder.needsReview(
        'response.variant-id',
        `${ctx.text(node)} has no v2 counterpart on an interaction`,
        'read the interaction fetch response (interaction.resource.id, collects)',
      );
      sites.push(builder.build(follow(ancestors)));
      return;
    }
    if (isMember(node) && propertyName(node) === 'length' && isMember(node.object) && propertyName(node.object) === 'tasks') {
      const list = ctx.text(node.object.object);
      const comparison = parent?.type === 'BinaryExpression' ? parent : undefined;
      const zero = comparison && [comparison.left, comparison.right].some((side) => side.type === 'NumericLiteral' && side.value === 0);
      if (comparison && zero && ['===', '==', '<='].includes(comparison.operator)) {
        sites.push(site(node, ancestors).replace(comparison, `${list}.interactionId === undefined`).build(follow(ancestors)));
      } else if (comparison && zero && ['!==', '!=', '>'].includes(comparison.operator)) {
        sites.push(site(node, ancestors).replace(comparison, `${list}.interactionId !== undefined`).build(follow(ancestors)));
      } else if (parent?.type === 'UnaryExpression' && parent.operator === '!') {
        sites.push(site(node, ancestors).replace(parent, `${list}.interactionId === undefined`).build(follow(ancestors)));
      } else {
        const builder = site(node, ancestors);
        builder.refuse('endpoint.task-list', 'v2 has one active interaction, not a list of tasks', `${list}.interactionId !== undefined`);
        sites.push(builder.build(follow(ancestors)));
      }
    }
  });
  return sites;
}
