import type { ImportDeclaration, Node } from '@babel/types';
import { evaluate } from '../analysis/evaluate.js';
import { keyName } from '../parse/walk.js';
import { v1ClientPiece } from './call-sites.js';
import type { FileContext } from './file-context.js';
import type { Receivers } from './receivers.js';
import { SiteBuilder } from './site-builder.js';
import type { Site } from './types.js';
import { matchV1Url } from './v1-url.js';

const RENAMES: Readonly<Record<string, string>> = {
  createV1Client: 'createJourneyClient',
  createV1Adapter: 'createJourneyClient',
  V1Api: 'JourneyClient',
  V1Client: 'JourneyClient',
};
const CLIENT_MODULE = '@journey-bridge/client';

/**
 * Switches the file's `V1Api` to the v2 client: factories, types and their imports, and a v1 `baseUrl`. One site
 * sharing a piece with every `V1Api` call of the file, so the client changes only if all its calls do.
 */
export function planV1Client(ctx: FileContext, receivers: Receivers): Site | undefined {
  const { v1Factories, v1Types } = receivers;
  const first = v1Factories[0] ?? v1Types[0];
  if (!first) return undefined;
  const site = new SiteBuilder(ctx, first, [], 'endpoint.base-path', 'V1Api → the v2 JourneyClient');
  site.pieces.push(v1ClientPiece(ctx.file));
  for (const factory of v1Factories) {
    if (factory.callee.type === 'Identifier') site.replace(factory.callee, RENAMES[factory.callee.name] ?? factory.callee.name);
    const options = factory.arguments[0];
    if (options?.type !== 'ObjectExpression') continue;
    for (const property of options.properties) {
      if (property.type !== 'ObjectProperty' || keyName(property) !== 'baseUrl') continue;
      const match = matchV1Url(evaluate(property.value, ctx));
      site.edits.push(...match.edits);
      site.pieces.push(...match.pieces);
      if (match.problem) site.refuse('codemod.dynamic-url', match.problem);
    }
  }
  for (const type of v1Types)
    if (type.type === 'TSTypeReference') site.replace(type.typeName, RENAMES[ctx.text(type.typeName)] ?? ctx.text(type.typeName));
  renameImports(ctx, site);
  return site.build();
}

/** `import { createV1Client, type V1Api }` → `import { createJourneyClient, type JourneyClient }`, once each. */
function renameImports(ctx: FileContext, site: SiteBuilder): void {
  const declarations = new Set<ImportDeclaration>();
  for (const binding of ctx.imports.values()) if (binding.node.type === 'ImportDeclaration') declarations.add(binding.node);
  const present = new Set(ctx.imports.keys());
  for (const declaration of declarations) {
    if (!declaration.source.value.startsWith('@journey-bridge/')) continue;
    const specifiers = declaration.specifiers;
    specifiers.forEach((specifier, index) => {
      if (specifier.type !== 'ImportSpecifier' || specifier.imported.type !== 'Identifier') return;
      const target = RENAMES[specifier.imported.name];
      if (!target) return;
      if (present.has(target)) {
        site.edits.push(removal(ctx, specifiers, index));
        return;
      }
      present.add(target);
      site.replace(specifier, ctx.text(specifier).replace(specifier.imported.name, target));
    });
    if (declaration.source.value !== CLIENT_MODULE) site.replace(declaration.source, ctx.str(CLIENT_MODULE));
  }
}

function removal(ctx: FileContext, list: readonly Node[], index: number) {
  const node = list[index];
  const next = list[index + 1];
  const previous = list[index - 1];
  if (next) return { file: ctx.file, start: node?.start ?? 0, end: next.start ?? 0, text: '' };
  return { file: ctx.file, start: previous?.end ?? 0, end: node?.end ?? 0, text: '' };
}
