import type { ImportDeclaration, Node } from '@babel/types';
import { walk } from './walk.js';

/** An import of a file: what it imports, and from where. */
export interface ImportBinding {
  readonly specifier: string;
  /** `default`, `*` or the exported name. */
  readonly imported: string;
  readonly node: Node;
}

/**
 * The names a file binds to imports, anywhere in it: `import` declarations, TypeScript's `import x = require('m')`,
 * and `const x = require('m')` (or `require('m').y`, read as the whole module) or `const { a: b } = require('m')`.
 */
export function importBindings(root: Node): Map<string, ImportBinding> {
  const bindings = new Map<string, ImportBinding>();
  walk(root, (node) => {
    if (node.type === 'ImportDeclaration') {
      for (const spec of node.specifiers)
        bindings.set(spec.local.name, { specifier: node.source.value, imported: importedName(spec), node });
    } else if (node.type === 'TSImportEqualsDeclaration' && node.moduleReference.type === 'TSExternalModuleReference') {
      bindings.set(node.id.name, { specifier: node.moduleReference.expression.value, imported: '*', node });
    } else if (node.type === 'VariableDeclarator' && node.init) {
      const required = requireSpecifier(node.init);
      if (required === undefined) return;
      if (node.id.type === 'Identifier') bindings.set(node.id.name, { specifier: required, imported: '*', node });
      else if (node.id.type === 'ObjectPattern')
        for (const property of node.id.properties)
          if (property.type === 'ObjectProperty' && property.key.type === 'Identifier' && property.value.type === 'Identifier')
            bindings.set(property.value.name, { specifier: required, imported: property.key.name, node });
    }
  });
  return bindings;
}

/** What an import specifier imports: `default`, `*` (a namespace) or the exported name. */
export function importedName(spec: ImportDeclaration['specifiers'][number]): string {
  if (spec.type === 'ImportDefaultSpecifier') return 'default';
  if (spec.type === 'ImportNamespaceSpecifier') return '*';
  return spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
}

/** `require('m')`, or a member of it (`require('m').y`): the specifier. */
export function requireSpecifier(node: Node): string | undefined {
  if (
    node.type === 'CallExpression' &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'require' &&
    node.arguments[0]?.type === 'StringLiteral'
  ) {
    return node.arguments[0].value;
  }
  if (node.type === 'MemberExpression') return requireSpecifier(node.object);
  return undefined;
}
