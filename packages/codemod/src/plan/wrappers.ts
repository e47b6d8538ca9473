import type { Node } from '@babel/types';
import type { StaticValue } from '../analysis/static-value.js';
import type { PlannedCall } from './call-sites.js';

/**
 * A function that calls the v1 API with a base of its own and the rest of the path from its caller:
 * `post(path, token, body)` over `fetch(BASE + path, …)`. Its calls are followed to find what each one calls.
 */
export interface Wrapper {
  readonly file: string;
  /** The start of the function node. */
  readonly fn: number;
  /** The parameter that carries the rest of the path, and the one that carries the body (when it does). */
  readonly urlParam: number;
  readonly bodyParam?: number;
  /** The URL up to that parameter: the base, with where each of its literals is written. */
  readonly prefix: StaticValue;
  /** The call inside the function, and what its edits change (the base literal). */
  readonly transport: string;
  readonly pieces: readonly string[];
}

const FUNCTION = /^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression|ClassMethod|ClassPrivateMethod|ObjectMethod)$/;

/** The position of the parameter named `name` among `fn`'s parameters (plain or with a default). */
function parameterIndex(fn: Node, name: string): number | undefined {
  if (!('params' in fn)) return undefined;
  const index = fn.params.findIndex((param) => {
    const target = param.type === 'AssignmentPattern' ? param.left : param.type === 'TSParameterProperty' ? param.parameter : param;
    return target.type === 'Identifier' && target.name === name;
  });
  return index === -1 ? undefined : index;
}

/** The transports of a file whose path ends in a parameter of the function around them. */
export function findWrappers(file: string, calls: readonly PlannedCall[]): Wrapper[] {
  const wrappers: Wrapper[] = [];
  for (const { site, ancestors, operation, body, url } of calls) {
    if (operation || !url || url.value.kind !== 'string') continue;
    const parts = url.value.parts;
    const last = parts[parts.length - 1];
    const fn = [...ancestors].reverse().find((node) => FUNCTION.test(node.type));
    if (last?.kind !== 'hole' || !fn) continue;
    const urlParam = parameterIndex(fn, last.text);
    if (urlParam === undefined) continue;
    const bodyParam = 'at' in body && body.at.type === 'Identifier' ? parameterIndex(fn, body.at.name) : undefined;
    wrappers.push({
      file,
      fn: fn.start ?? 0,
      urlParam,
      ...(bodyParam === undefined ? {} : { bodyParam }),
      prefix: { kind: 'string', parts: parts.slice(0, -1) },
      transport: site.id,
      pieces: [...site.pieces],
    });
  }
  return wrappers;
}
