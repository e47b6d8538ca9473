import { keyName, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { SiteBuilder } from './site-builder.js';
import type { Site } from './types.js';

/** The scope the specification and the v2 client document for client credentials. */
export const DOCUMENTED_SCOPE = 'svc.token';

/** A token request whose scope is hard-coded to another value gets a marker; the endpoint itself is unchanged. */
export function planTokenScope(ctx: FileContext): Site[] {
  if (!ctx.source.includes('token.oauth2')) return [];
  const sites: Site[] = [];
  walk(ctx.ast.program, (node, ancestors) => {
    let scope: string | undefined;
    if (node.type === 'ObjectProperty' && keyName(node) === 'scope' && node.value.type === 'StringLiteral') scope = node.value.value;
    else if (node.type === 'StringLiteral') scope = /(?:^|&)scope=([^&]+)/.exec(node.value)?.[1];
    if (scope === undefined || scope === DOCUMENTED_SCOPE) return;
    const site = new SiteBuilder(ctx, node, ancestors, 'auth.token', 'token scope');
    site.needsReview(
      'auth.token',
      `the scope is hard-coded to "${scope}"; the v2 client documents "${DOCUMENTED_SCOPE}" (configurable)`,
      `scope: '${DOCUMENTED_SCOPE}' unless your tenant registered another`,
    );
    sites.push(site.build());
  });
  return sites;
}
