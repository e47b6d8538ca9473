// A request whose URL the codemod does not recognise as an operation still answers v1: the instance id it answers
// ties every call that sends it on to that request's flow, which stays v1 (`send(t, new URL('start', V1_BASE))`).
import type { CallExpression } from '@babel/types';
import { evaluate } from '../analysis/evaluate.js';
import { flatten } from '../analysis/static-value.js';
import { walk } from '../parse/walk.js';
import { callStyle } from '../plan/call-style.js';
import type { FileContext } from '../plan/file-context.js';
import { findReceivers } from '../plan/receivers.js';
import { SiteBuilder } from '../plan/site-builder.js';
import { UNRECOGNIZED_V1_URL_FORM } from '../plan/stray-urls.js';
import type { Site } from '../plan/types.js';
import { V1_BASE_PATTERN } from '../plan/v1-url.js';
import type { Sources } from './sources.js';

/**
 * The calls of `files` that no site plans and that send a v1 URL in an argument: v1 text (`${HOST}/captain/api/…`)
 * or a run-time base that falls back to a v1 base (`process.env.BASE ?? '…/captain/api/journey/'`). Each is a
 * v1 call that stays v1, marked, followed only for the instance ids it answers (`Tracker.trackUnrecognized`); the
 * caller keeps those whose ids some call sends.
 */
export function unrecognizedRequests(sources: Sources, files: readonly string[], known: ReadonlySet<string>): Site[] {
  const sites: Site[] = [];
  for (const file of files) {
    const source = sources.get(file);
    if (!source) continue;
    const { ctx } = source;
    let receivers: ReturnType<typeof findReceivers> | undefined;
    walk(ctx.ast.program, (node, ancestors) => {
      if (node.type !== 'CallExpression' || known.has(`${file}:${node.start ?? 0}`)) return;
      const url = v1Argument(node, ctx);
      if (url === undefined) return;
      receivers ??= findReceivers(ctx);
      const site = new SiteBuilder(ctx, node, [...ancestors], 'codemod.unrecognized-v1-url', 'v1 call', 'call');
      site.refuse(
        'codemod.unrecognized-v1-url',
        `sends a request to a v1 URL (${url}) the codemod does not migrate: it stays v1, and so do the calls that use the instance id it answers`,
        UNRECOGNIZED_V1_URL_FORM,
      );
      site.call = { start: node.start ?? 0, end: node.end ?? 0, style: callStyle(ctx, node, receivers) };
      sites.push(site.build());
    });
  }
  return sites;
}

/** The source text of the argument that is a v1 URL, if one is. */
function v1Argument(call: CallExpression, ctx: FileContext): string | undefined {
  for (const argument of call.arguments) {
    if (argument.type === 'SpreadElement' || argument.type === 'ArgumentPlaceholder') continue;
    const value = evaluate(argument, ctx);
    if (value.kind !== 'string') continue;
    const v1 =
      V1_BASE_PATTERN.test(flatten(value).text) ||
      value.parts.some((part) => part.kind === 'hole' && part.fallback !== undefined && V1_BASE_PATTERN.test(part.fallback));
    if (v1) return ctx.text(argument);
  }
  return undefined;
}
