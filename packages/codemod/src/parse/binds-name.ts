import { isFunction, type Node } from '@babel/types';
import { walk } from './walk.js';

/** Whether a function declares `name` (in a parameter, a variable, an inner declaration); a key of the same name in a pattern counts too. */
export function bindsName(fn: Node, name: string): boolean {
  let found = false;
  const names = (pattern: Node | null | undefined): void => {
    if (!pattern) return;
    walk(pattern, (node) => {
      if (node.type === 'Identifier' && node.name === name) found = true;
    });
  };
  walk(fn, (node) => {
    if (node.type === 'VariableDeclarator') names(node.id);
    else if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') names(node.id);
    else if (isFunction(node)) for (const param of node.params) names(param);
  });
  return found;
}
