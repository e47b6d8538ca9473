import type { Function as FunctionNode } from '@babel/types';
import { keyName } from '../parse/walk.js';
import type { Source } from './sources.js';

/**
 * The name a function is called by as a member of its holder: a class or object method (`name() {}`), or a
 * function written as the value of a class or object property (`name: function () {}`, `name = () => {}`).
 */
export function memberName(source: Source, fn: FunctionNode): string | undefined {
  if (fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') {
    if (fn.kind !== 'method') return undefined;
    if (fn.key.type === 'Identifier' && !fn.computed) return fn.key.name;
    return fn.key.type === 'StringLiteral' ? fn.key.value : undefined;
  }
  const parent = source.parent(fn);
  if (parent?.type === 'ObjectProperty' && parent.value === fn) return keyName(parent);
  if (parent?.type === 'ClassProperty' && parent.value === fn && !parent.computed && parent.key.type === 'Identifier')
    return parent.key.name;
  return undefined;
}
