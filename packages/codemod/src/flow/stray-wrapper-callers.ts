import type { Function as FunctionNode } from '@babel/types';
import { seenFrom } from '../edits/line-refs.js';
import { SiteBuilder } from '../plan/site-builder.js';
import { type StrayWrapper, UNRECOGNIZED_V1_URL_FORM } from '../plan/stray-urls.js';
import type { Site } from '../plan/types.js';
import type { Functions } from './functions.js';
import type { Source } from './sources.js';

/**
 * The calls of a function that sends a v1 base and the path its caller names to a client the codemod does not
 * recognise (`post('task/update', body)` over `$.ajax({ url: API_ROOT + 'journey/' + path })`): each is a v1
 * request that stays v1, so each is marked where it is written, and shares the base with the flows that use it.
 */
export function markStrayWrapperCallers(
  wrapper: StrayWrapper,
  source: Source,
  fn: FunctionNode,
  functions: Functions,
  known: ReadonlySet<string>,
): Site[] {
  const sites: Site[] = [];
  for (const { source: caller, call } of functions.callersOf({ source, fn })) {
    const site = new SiteBuilder(caller.ctx, call, caller.ancestors(call), 'codemod.unrecognized-v1-url', 'v1 call');
    if (known.has(site.id)) continue;
    const argument = call.arguments[wrapper.urlParam];
    const path = argument ? caller.ctx.text(argument) : 'its path';
    const file = seenFrom(wrapper.file, caller.file);
    site.pieces.push(...wrapper.pieces);
    site.refuse(
      'codemod.unrecognized-v1-url',
      `sends ${path} to the v1 base at line ${wrapper.line} of ${file} through a call the codemod does not recognise`,
      UNRECOGNIZED_V1_URL_FORM,
    );
    sites.push(site.build());
  }
  return sites;
}
