import { isFunction, type Node } from '@babel/types';
import { walk } from './walk.js';

/**
 * How many times each name is bound or assigned anywhere in `root`: declared (a variable, a function, a class, an
 * import), a parameter, a caught error, or the target of `=`, `+=`, `++`. A name counted once is declared once and
 * never given another value, so every read of it in the file is that declaration. Every identifier of a pattern
 * counts, keys and default values included: more counted is only ever less trusted.
 */
export function nameWrites(root: Node): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  const names = (pattern: Node | null | undefined): void => {
    if (!pattern) return;
    walk(pattern, (node) => {
      if (node.type === 'Identifier') counts.set(node.name, (counts.get(node.name) ?? 0) + 1);
    });
  };
  walk(root, (node) => {
    if (node.type === 'VariableDeclarator') names(node.id);
    else if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') names(node.id);
    else if (node.type === 'CatchClause') names(node.param);
    else if (node.type === 'ImportSpecifier' || node.type === 'ImportDefaultSpecifier' || node.type === 'ImportNamespaceSpecifier')
      names(node.local);
    else if (node.type === 'AssignmentExpression') names(node.left);
    else if (node.type === 'UpdateExpression') names(node.argument);
    if (isFunction(node)) {
      if ('id' in node) names(node.id);
      for (const param of node.params) names(param);
    }
  });
  return counts;
}
