import type { ImportDeclaration, Node } from '@babel/types';
import { evaluate } from '../analysis/evaluate.js';
import { ancestorsOf, keyName } from '../parse/walk.js';
import { v1ClientPiece } from './call-sites.js';
import type { FileContext } from './file-context.js';
import type { Receivers } from './receivers.js';
import { SiteBuilder } from './site-builder.js';
import type { Site } from './types.js';
import { matchV1Url } from './v1-url.js';

const RENAMES: Readonly<Record<string, string>> = {
  createV1Client: 'createJourneyClient',
  V1Api: 'JourneyClient',
  V1Client: 'JourneyClient',
  V1Adapter: 'JourneyClient',
};
/** The adapter wraps a v2 client: without the adapter, that client is what the code talks to. */
const ADAPTER_FACTORY = 'createV1Adapter';
const CLIENT_MODULE = '@journey-bridge/client';

/**
 * Switches the file's `V1Api` to the v2 client: factories, types and their imports, and a v1 `baseUrl`. One site
 * sharing a piece with every `V1Api` call of the file, so the client changes only if all its calls do.
 */
export function planV1Client(ctx: FileContext, receivers: Receivers): Site | undefined {
  const { v1Factories, v1Types } = receivers;
  const first = v1Factories[0] ?? v1Types[0];
  if (!first) return undefined;
  const site = new SiteBuilder(ctx, first, ancestorsOf(ctx.ast.program, first), 'endpoint.base-path', 'V1Api → the v2 JourneyClient');
  site.pieces.push(v1ClientPiece(ctx.file));
  for (const factory of v1Factories) {
    const options = factory.arguments[0];
    if (factory.callee.type === 'Identifier' && factory.callee.name === ADAPTER_FACTORY) {
      const client =
        options?.type === 'ObjectExpression' ? options.properties.find((property) => keyName(property) === 'client') : undefined;
      if (client?.type === 'ObjectProperty') site.replace(factory, ctx.text(client.value));
      else
        site.refuse(
          'codemod.opaque-body',
          `the v2 client the adapter wraps is not visible in ${ADAPTER_FACTORY}(…)`,
          'the JourneyClient passed as `client`',
        );
      continue;
    }
    if (factory.callee.type === 'Identifier') site.replace(factory.callee, RENAMES[factory.callee.name] ?? factory.callee.name);
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

/**
 * `import { createV1Client, type V1Api }` → `import { createJourneyClient, type JourneyClient }`, each name once;
 * `createV1Adapter` is dropped (its client is used directly), and a declaration left empty goes entirely.
 */
function renameImports(ctx: FileContext, site: SiteBuilder): void {
  const declarations = new Set<ImportDeclaration>();
  for (const binding of ctx.imports.values()) if (binding.node.type === 'ImportDeclaration') declarations.add(binding.node);
  const present = new Set(ctx.imports.keys());
  for (const declaration of declarations) {
    if (!declaration.source.value.startsWith('@journey-bridge/')) continue;
    const specifiers = declaration.specifiers;
    const importedName = (specifier: (typeof specifiers)[number]) =>
      specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier' ? specifier.imported.name : undefined;
    const dropped = new Set<number>();
    const renamed = new Map<number, string>();
    for (const [index, specifier] of specifiers.entries()) {
      const name = importedName(specifier);
      const target = name === undefined ? undefined : RENAMES[name];
      if (name === ADAPTER_FACTORY || (target && present.has(target))) {
        dropped.add(index);
      } else if (target) {
        present.add(target);
        renamed.set(index, target);
      }
    }
    if (dropped.size === 0 && renamed.size === 0) continue;
    if (dropped.size === specifiers.length) {
      site.edits.push(removeStatement(ctx, declaration));
      continue;
    }
    // The kept specifiers, renamed, in the list's own layout (one line, or one per line).
    const first = specifiers[0];
    const last = specifiers[specifiers.length - 1];
    const kept = specifiers.flatMap((specifier, index) => {
      if (dropped.has(index)) return [];
      const target = renamed.get(index);
      const name = importedName(specifier);
      return [target && name ? ctx.text(specifier).replace(name, target) : ctx.text(specifier)];
    });
    const multiline = first && ctx.line(first.start ?? 0) !== ctx.line(declaration.start ?? 0);
    const separator = multiline && first ? `,${ctx.eol}${ctx.source.slice(ctx.lineStart(first.start ?? 0), first.start ?? 0)}` : ', ';
    if (first && last) site.edit(first.start ?? 0, last.end ?? 0, kept.join(separator));
    // The v2 names live in the client package; a declaration of only v1 names moves there.
    const onlyV1 = specifiers.every((_, index) => dropped.has(index) || renamed.has(index));
    if (onlyV1 && declaration.source.value !== CLIENT_MODULE) site.replace(declaration.source, ctx.str(CLIENT_MODULE));
  }
}

/** A whole statement with its line break. */
function removeStatement(ctx: FileContext, statement: Node) {
  const end = statement.end ?? 0;
  const lineBreak = ctx.source.startsWith('\r\n', end) ? 2 : ctx.source.startsWith('\n', end) ? 1 : 0;
  return { file: ctx.file, start: statement.start ?? 0, end: end + lineBreak, text: '' };
}
