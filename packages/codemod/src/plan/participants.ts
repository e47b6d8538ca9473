import type { Node } from '@babel/types';
import { type DomainElementId, elementsCarriedBy, type Subject } from '@journey-bridge/contract';
import { keyName } from '../parse/walk.js';
import type { FileContext } from './file-context.js';

/** Stands for a value the code computes: present, content unknown. */
const PRESENT = 'present';

/**
 * The domain elements a subject written as an object literal carries, or `undefined` when the code does not
 * show it completely (spreads, computed keys, a variable holding it).
 */
export function visibleElements(ctx: FileContext, node: Node): DomainElementId[] | undefined {
  const shape = shapeOf(ctx, node, new Set());
  if (shape === undefined || typeof shape !== 'object' || Array.isArray(shape)) return undefined;
  // Elements are told apart by the structure inside `identity`, `documents` and `biometrics`: it must be visible.
  const { identity, documents, biometrics } = shape;
  const isObject = (value: Shape | undefined) => typeof value === 'object' && !Array.isArray(value);
  if (identity !== undefined && !isObject(identity)) return undefined;
  for (const list of [documents, biometrics]) {
    if (list !== undefined && !(Array.isArray(list) && list.every(isObject))) return undefined;
  }
  return elementsCarriedBy(shape as Subject);
}

type Shape = string | Shape[] | { [key: string]: Shape };

function shapeOf(ctx: FileContext, node: Node, seen: Set<string>): Shape | undefined {
  switch (node.type) {
    case 'ObjectExpression': {
      const result: Record<string, Shape> = {};
      for (const property of node.properties) {
        const key = keyName(property);
        if (property.type !== 'ObjectProperty' || key === undefined) return undefined;
        const value = shapeOf(ctx, property.value, seen);
        if (value === undefined) return undefined;
        result[key] = value;
      }
      return result;
    }
    case 'ArrayExpression': {
      const items: Shape[] = [];
      for (const element of node.elements) {
        if (!element || element.type === 'SpreadElement') return undefined;
        const value = shapeOf(ctx, element, seen);
        if (value === undefined) return undefined;
        items.push(value);
      }
      return items;
    }
    case 'StringLiteral':
      return node.value;
    case 'Identifier': {
      // A same-file constant holding an object or array literal is visible; any other value is just present.
      const init = seen.has(node.name) ? undefined : ctx.constant(node.name);
      if (init && (init.type === 'ObjectExpression' || init.type === 'ArrayExpression'))
        return shapeOf(ctx, init, new Set([...seen, node.name]));
      return PRESENT;
    }
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return shapeOf(ctx, node.expression, seen);
    default:
      return PRESENT;
  }
}

/** `[{ domainElementId: 'FullName' }, …]` in the file's quote style. */
export const participantsLiteral = (ctx: FileContext, elements: readonly DomainElementId[]): string =>
  `[${elements.map((id) => `{ domainElementId: ${ctx.str(id)} }`).join(', ')}]`;
