import { isFunction, type Node } from '@babel/types';
import { isMember, walk } from './walk.js';

/** What `nameWrites` answers for every name of a file whose names cannot be counted. */
export const UNCOUNTABLE = Number.POSITIVE_INFINITY;

/**
 * How many times each name is bound or assigned anywhere in `root`: declared (a variable, a function, a class, an
 * enum, a namespace, an import, `import x = …`, `declare function`), a parameter, a caught error, or the target of
 * `=`, `+=`, `++` or a bare `for (x of …)`. A name counted once is declared once and never given another value, so
 * every read of it in the file is that declaration. Every identifier of a pattern counts, keys and default values
 * included: more counted is only ever less trusted. A `with` statement makes any name a property of its object:
 * every name of such a file answers `UNCOUNTABLE`.
 *
 * With `bindingsOnly`, only what binds a name anew is counted: neither a write to a member (`x.y = …`, `x.y++`),
 * which by default counts for every name in it since the value a name holds changes with it, nor the key of a
 * pattern (`{ key: name }`, `{ name }` counted once).
 */
export function nameWrites(root: Node, { bindingsOnly = false }: { bindingsOnly?: boolean } = {}): { get(name: string): number } {
  const counts = new Map<string, number>();
  let countable = true;
  const names = (pattern: Node | null | undefined): void => {
    if (!pattern) return;
    walk(pattern, (node, ancestors) => {
      const parent = ancestors.at(-1);
      if (bindingsOnly && parent?.type === 'ObjectProperty' && parent.key === node) return;
      if (node.type === 'Identifier') counts.set(node.name, (counts.get(node.name) ?? 0) + 1);
    });
  };
  walk(root, (node) => {
    switch (node.type) {
      case 'VariableDeclarator':
        return names(node.id);
      case 'ClassDeclaration':
      case 'ClassExpression':
      case 'TSEnumDeclaration':
      case 'TSModuleDeclaration':
      case 'TSImportEqualsDeclaration':
      case 'TSDeclareFunction':
        return names(node.id);
      case 'CatchClause':
        return names(node.param);
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        return names(node.local);
      case 'AssignmentExpression':
      case 'ForOfStatement':
      case 'ForInStatement':
        // `for (const x of …)` is counted as its declarator; a bare target is assigned.
        if (node.left.type === 'VariableDeclaration' || (bindingsOnly && isMember(node.left))) return;
        return names(node.left);
      case 'UpdateExpression':
        return bindingsOnly && isMember(node.argument) ? undefined : names(node.argument);
      case 'WithStatement':
        countable = false;
        return;
    }
    if (isFunction(node)) {
      if ('id' in node) names(node.id);
      for (const param of node.params) names(param);
    }
  });
  return { get: (name) => (countable ? (counts.get(name) ?? 0) : UNCOUNTABLE) };
}
