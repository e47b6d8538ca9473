// A call that names a v1-only task path (`this.post('task/list', { instanceId })`) through a function the codemod
// cannot follow to its request (its base is an instance's field, a parameter's default) still calls v1.
import type { Node } from '@babel/types';
import { type EvaluationScope, evaluate } from '../analysis/evaluate.js';
import { flatten } from '../analysis/static-value.js';
import { V1_TASK_OPERATION } from '../files/prefilter.js';
import { walk } from '../parse/walk.js';
import { SiteBuilder } from '../plan/site-builder.js';
import { UNRECOGNIZED_V1_URL_FORM } from '../plan/stray-urls.js';
import type { Site } from '../plan/types.js';
import type { Sources } from './sources.js';

const CALL = /^(CallExpression|OptionalCallExpression|NewExpression)$/;

/**
 * The rest of a v1 path only v1 has (`task/list`, `/task/update`), as a wrapper's caller writes it after its base:
 * the whole value, where the prefilter looks for the path anywhere in a file's text.
 */
const V1_TASK_PATH = new RegExp(String.raw`^\/?task\/${V1_TASK_OPERATION}\/?$`);

/**
 * The v1 task requests and URLs of `files` that no site accounts for, found in one walk of each file:
 * - `taskPaths`: calls that send a v1-only task path with a body naming the instance or its task beside it
 *   (`this.post('task/list', { instanceId })`): the request they make is v1, but the codemod does not see where. A
 *   path written out whole (`'journey/task/list'`) is left to the v1 literals, which are reported on their own; a
 *   call inside a site (a URL match of a test double) is that site's.
 * - `builtUrls`: template literals and `+` chains that build a v1-only task URL on a constant holding the v1 base
 *   (`` update: `${V1}/task/update` ``, `V1 + '/task/update'` of an endpoint map no call uses): when a flow moves
 *   that base to v2, the URL names a path v2 does not have.
 * Each is marked and stays v1 (`--check` fails until it is).
 */
export function unrecognizedV1Paths(
  sources: Sources,
  files: readonly string[],
  known: readonly Site[],
): { readonly taskPaths: Site[]; readonly builtUrls: Site[] } {
  const taskPaths: Site[] = [];
  const builtUrls: Site[] = [];
  for (const file of files) {
    const source = sources.get(file);
    if (!source) continue;
    const { ctx } = source;
    const spans = known.filter((site) => site.file === file).map((site) => site.span);
    const inSite = (at: number) => spans.some((span) => span.start <= at && at < span.end);
    // A URL a recognised call sends through a constant is that call's to rewrite: its edit lies in the URL.
    const edited = known.flatMap((site) => site.edits.filter((edit) => edit.file === file));
    walk(ctx.ast.program, (node, ancestors) => {
      if (CALL.test(node.type) && 'arguments' in node && node.arguments.length >= 2) {
        const path = node.arguments.find((argument) => taskPath(argument, ctx));
        // A body naming the instance or its task beside the path: `createAsyncThunk('task/list', …)`, a route's
        // `app.post('/task/update', handler)` or a log line name the path and send no journey request.
        if (!path || !node.arguments.some(namesInstance) || inSite(path.start ?? 0)) return;
        const site = new SiteBuilder(ctx, node, [...ancestors], 'codemod.unrecognized-v1-url', 'v1 call', 'call');
        site.refuse(
          'codemod.unrecognized-v1-url',
          `sends the v1 path ${ctx.text(path)} through a call the codemod cannot follow to its request (its base is not one it can read)`,
          UNRECOGNIZED_V1_URL_FORM,
        );
        const built = site.build();
        taskPaths.push(built);
        // What it sends is its own: a URL built inside it is not marked again.
        spans.push(built.span);
        return;
      }
      if (!builtOnAName(node, ancestors[ancestors.length - 1])) return;
      // Written out whole, the URL is a v1 literal of its own, reported as such.
      if (writtenText(node).some((text) => text.includes('captain/api'))) return;
      const [at, end] = [node.start ?? 0, node.end ?? 0];
      if (inSite(at) || edited.some((edit) => at <= edit.start && edit.end <= end)) return;
      const value = evaluate(node, ctx);
      if (value.kind !== 'string' || !V1_TASK_URL.test(flatten(value).text)) return;
      const site = new SiteBuilder(ctx, node, [...ancestors], 'codemod.unrecognized-v1-url', 'v1 URL');
      site.refuse(
        'codemod.unrecognized-v1-url',
        'a v1 task URL, built on a v1 base, that no call the codemod recognises sends: where a flow moves that base to v2, it names a path v2 does not have',
        UNRECOGNIZED_V1_URL_FORM,
      );
      builtUrls.push(site.build());
    });
  }
  return { taskPaths, builtUrls };
}

/** A v1-only task URL: the v1 journey base and a path only v1 has. */
const V1_TASK_URL = new RegExp(String.raw`\/captain\/api\/journey\/task\/${V1_TASK_OPERATION}(?![\w/])`);

/** A template literal with a hole, or the whole of a `+` chain: text joined to a name (`${V1}/task/update`, `V1 + '/task/list'`). */
function builtOnAName(node: Node, parent: Node | undefined): boolean {
  if (node.type === 'TemplateLiteral') return node.expressions.length > 0;
  const outermost = !(parent?.type === 'BinaryExpression' && parent.operator === '+');
  return node.type === 'BinaryExpression' && node.operator === '+' && outermost;
}

/** The text a template or a `+` chain writes out itself: its quasis, its string literals. */
function writtenText(node: Node): string[] {
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.raw);
  if (node.type === 'StringLiteral') return [node.value];
  if (node.type === 'BinaryExpression' && node.operator === '+') return [...writtenText(node.left), ...writtenText(node.right)];
  return [];
}

/** Whether an argument is an object literal with an `instanceId` or `taskId` key, as a v1 task request's body has. */
function namesInstance(argument: Node): boolean {
  return (
    argument.type === 'ObjectExpression' &&
    argument.properties.some(
      (property) => property.type !== 'SpreadElement' && INSTANCE_KEYS.has(keyName(property.key, property.computed) ?? ''),
    )
  );
}

const INSTANCE_KEYS = new Set(['instanceId', 'taskId']);

const keyName = (key: Node, computed: boolean): string | undefined =>
  key.type === 'Identifier' && !computed ? key.name : key.type === 'StringLiteral' ? key.value : undefined;

/** Whether an argument is, or names a constant that is, a v1-only task path. */
function taskPath(argument: Node, scope: EvaluationScope): boolean {
  if (argument.type === 'SpreadElement' || argument.type === 'ArgumentPlaceholder') return false;
  const value = evaluate(argument, scope);
  return value.kind === 'string' && V1_TASK_PATH.test(flatten(value).text);
}
