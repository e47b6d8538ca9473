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
 * The calls of `files` that no site accounts for and that send a v1-only task path with a body naming the instance
 * or its task beside it (`this.post('task/list', { instanceId })`): the request they make is v1, but the codemod does not see where, so
 * each is marked and stays v1 (`--check` fails until it is). A path written out whole (`'journey/task/list'`) is
 * left to the v1 literals, which are reported on their own; a call inside a site (a URL match of a test double) is
 * that site's.
 */
export function unrecognizedTaskPaths(sources: Sources, files: readonly string[], known: readonly Site[]): Site[] {
  const sites: Site[] = [];
  for (const file of files) {
    const source = sources.get(file);
    if (!source) continue;
    const { ctx } = source;
    const spans = known.filter((site) => site.file === file).map((site) => site.span);
    walk(ctx.ast.program, (node, ancestors) => {
      if (!CALL.test(node.type) || !('arguments' in node) || node.arguments.length < 2) return;
      const path = node.arguments.find((argument) => taskPath(argument, source.ctx));
      // A body naming the instance or its task beside the path: `createAsyncThunk('task/list', …)`, a route's
      // `app.post('/task/update', handler)` or a log line name the path and send no journey request.
      if (!path || !node.arguments.some(namesInstance)) return;
      const at = path.start ?? 0;
      if (spans.some((span) => span.start <= at && at < span.end)) return;
      const site = new SiteBuilder(ctx, node, [...ancestors], 'codemod.unrecognized-v1-url', 'v1 call', 'call');
      site.refuse(
        'codemod.unrecognized-v1-url',
        `sends the v1 path ${ctx.text(path)} through a call the codemod cannot follow to its request (its base is not one it can read)`,
        UNRECOGNIZED_V1_URL_FORM,
      );
      sites.push(site.build());
    });
  }
  return sites;
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
