import type { File } from '@babel/types';
import type { ImportedConstants } from '../analysis/imported-constants.js';
import { sourceKey } from '../analysis/static-value.js';
import { walk } from '../parse/walk.js';
import { planCalls } from './call-sites.js';
import { planErrorReads } from './error-reads.js';
import { FileContext } from './file-context.js';
import { followCalls } from './follow-calls.js';
import type { OperationOptions } from './operations.js';
import { payloadVariable } from './payload.js';
import { findReceivers } from './receivers.js';
import { planResponseMocks } from './response-mocks.js';
import { planResultReads } from './result-reads.js';
import { SiteBuilder } from './site-builder.js';
import { planTaskReads } from './task-reads.js';
import { planTokenScope } from './token-scope.js';
import type { Site } from './types.js';
import { planV1Client } from './v1-client.js';

/** A literal carrying v1 text: reported on its own unless some site accounts for it. */
export interface V1Literal {
  readonly key: string;
  readonly site: Site;
}

export interface FilePlan {
  readonly file: string;
  readonly sites: readonly Site[];
  readonly literals: readonly V1Literal[];
}

const V1_TEXT = /\/captain\/api(?=$|[/?#])|journey\/task\//;

/**
 * Plans a file in one pass of small ordered steps over one parse: calls first (they decide what is v1), then the
 * reads that follow them (results, tasks, errors), then the client, tokens and stray v1 literals.
 */
export function planFile(file: string, source: string, ast: File, analysis: ImportedConstants, options: OperationOptions): FilePlan {
  const ctx = new FileContext(file, source, ast, analysis);
  const receivers = findReceivers(ctx);
  const calls = planCalls(ctx, receivers, options);
  const sites: Site[] = calls.map((call) => call.site.build());
  const of = (operations: readonly string[]) => followCalls(calls.filter((call) => call.operation && operations.includes(call.operation)));
  const listCalls = calls.filter((call) => call.operation === 'journey/task/list' || call.operation === 'journey/task/list/schema');
  // Each payload variable with the function it lives in: a read of the same name elsewhere is another variable.
  const listPayloads = listCalls.flatMap((call) => {
    const name = payloadVariable(call);
    const scope = [...call.ancestors].reverse().find((node) => /Function|Method/.test(node.type) || node.type === 'Program');
    return name && scope ? [{ name, scope }] : [];
  });
  sites.push(...planTaskReads(ctx, of(['journey/task/list', 'journey/task/list/schema']), listPayloads));
  sites.push(...planResultReads(ctx, of(['journey/state/fetch', 'journey/start'])));
  for (const call of calls) sites.push(...planErrorReads(ctx, call));
  const client = planV1Client(ctx, receivers);
  if (client) sites.push(client);
  sites.push(...planTokenScope(ctx));
  sites.push(...planResponseMocks(ctx));
  return { file, sites: dedupe(sites), literals: v1Literals(ctx) };
}

/** A read inside the failure branch shared by two calls is one site that follows both. */
function dedupe(sites: readonly Site[]): Site[] {
  const byId = new Map<string, Site>();
  for (const site of sites) {
    const known = byId.get(site.id);
    if (!known) byId.set(site.id, site);
    else if (known.dependsOn && site.dependsOn) byId.set(site.id, { ...known, dependsOn: [...known.dependsOn, ...site.dependsOn] });
  }
  return [...byId.values()];
}

function v1Literals(ctx: FileContext): V1Literal[] {
  const literals: V1Literal[] = [];
  walk(ctx.ast.program, (node, ancestors) => {
    const value = node.type === 'StringLiteral' ? node.value : node.type === 'TemplateElement' ? node.value.raw : undefined;
    if (value === undefined || !V1_TEXT.test(value)) return;
    const start = node.type === 'StringLiteral' ? (node.start ?? 0) + 1 : (node.start ?? 0);
    const site = new SiteBuilder(ctx, node, ancestors, 'codemod.unrecognized-v1-url', 'v1 URL');
    site.refuse(
      'codemod.unrecognized-v1-url',
      `v1 URL text outside a call the codemod recognises: "${value}"`,
      'the v2 path under /v2/captain/ (see docs/codemod.md)',
    );
    literals.push({ key: sourceKey({ file: ctx.file, start }), site: site.build() });
  });
  return literals;
}
