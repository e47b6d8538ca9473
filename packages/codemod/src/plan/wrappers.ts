import type { Node } from '@babel/types';
import type { Part, StaticValue } from '../analysis/static-value.js';
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

/** A URL that ends in a parameter of the function around it: the function, that parameter, and the URL before it. */
export interface PathParameter {
  readonly fn: Node;
  readonly urlParam: number;
  readonly prefix: readonly Part[];
}

/**
 * Where a URL's last part is a parameter of the function around it (`BASE + path`, `` `${BASE}/journey/${path}` ``):
 * a template literal leaves an empty quasi after its last hole, so that one is not the end of the URL.
 */
export function pathParameterOf(parts: readonly Part[], ancestors: readonly Node[]): PathParameter | undefined {
  const trailing = parts.at(-1);
  const end = trailing?.kind === 'text' && trailing.value === '' ? parts.length - 1 : parts.length;
  const last = parts[end - 1];
  const fn = [...ancestors].reverse().find((node) => FUNCTION.test(node.type));
  if (last?.kind !== 'hole' || !fn) return undefined;
  const urlParam = parameterIndex(fn, last.text);
  return urlParam === undefined ? undefined : { fn, urlParam, prefix: parts.slice(0, end - 1) };
}

/** The transports of a file whose path ends in a parameter of the function around them. */
export function findWrappers(file: string, calls: readonly PlannedCall[]): Wrapper[] {
  const wrappers: Wrapper[] = [];
  for (const { site, ancestors, operation, body, url } of calls) {
    if (operation || !url || url.value.kind !== 'string') continue;
    const found = pathParameterOf(url.value.parts, ancestors);
    if (!found) continue;
    const { fn, urlParam, prefix } = found;
    const bodyParam = 'at' in body && body.at.type === 'Identifier' ? parameterIndex(fn, body.at.name) : undefined;
    wrappers.push({
      file,
      fn: fn.start ?? 0,
      urlParam,
      ...(bodyParam === undefined ? {} : { bodyParam }),
      prefix: { kind: 'string', parts: prefix },
      transport: site.id,
      pieces: [...site.pieces],
    });
  }
  return wrappers;
}
