import { isFunction, type Node } from '@babel/types';
import type { Source } from './sources.js';
import type { Value } from './values.js';

const OPEN_NAMES = new Set(['Record', 'Partial', 'Readonly', 'Object', 'Response', 'AxiosResponse', 'KyResponse']);
const PROMISES = new Set(['Promise', 'PromiseLike']);
const ARRAYS = new Set(['Array', 'ReadonlyArray']);

/** The type of the generated module that describes a value, and whether the annotation describes a list of it. */
export function v2TypeOf(value: Value): { name: string; list: boolean } | undefined {
  const { shape, operation } = value;
  if (shape.kind === 'entries') return { name: 'V2ModuleStep', list: true };
  if (shape.kind === 'entry') return { name: 'V2ModuleStep', list: false };
  if (shape.kind !== 'body') return undefined;
  if (operation === 'journey/task/list' || operation === 'journey/task/list/schema') return { name: 'V2Interaction', list: false };
  if (operation === 'journey/state/fetch' || (operation === 'journey/start' && value.startAsState)) return { name: 'V2State', list: false };
  return undefined;
}

/**
 * A type annotation on a value that now holds a v2 answer, rewritten to the generated module's type (`V2State`,
 * `V2Interaction`, `V2Step`): the project's own v1 type (`JourneyState`) or a written-out one is replaced where
 * it annotates the value, inside `Promise<…>`, unions with `undefined` and arrays; the declaration stays for
 * whatever else uses it. `any`, `unknown` and type parameters are left as they are.
 */
export function retype(source: Source, type: Node, value: Value): { text: string; name: string; replaced: readonly Node[] } | undefined {
  const target = v2TypeOf(value);
  if (!target) return undefined;
  const replaced: Node[] = [];
  const visit = (node: Node, list: boolean): void => {
    switch (node.type) {
      case 'TSTypeAnnotation':
      case 'TSParenthesizedType':
        visit(node.typeAnnotation, list);
        return;
      case 'TSUnionType':
        for (const member of node.types) if (member.type !== 'TSNullKeyword' && member.type !== 'TSUndefinedKeyword') visit(member, list);
        return;
      case 'TSArrayType':
        if (list) visit(node.elementType, false);
        return;
      case 'TSTypeOperator':
        visit(node.typeAnnotation, list);
        return;
      case 'TSTypeReference': {
        const name = node.typeName.type === 'Identifier' ? node.typeName.name : undefined;
        const [argument] = node.typeParameters?.params ?? [];
        if (name && PROMISES.has(name)) {
          if (argument) visit(argument, list);
          return;
        }
        if (name && ARRAYS.has(name)) {
          if (list && argument) visit(argument, false);
          return;
        }
        if (name && (OPEN_NAMES.has(name) || isTypeParameter(source, node, name))) return;
        if (!list) replaced.push(node);
        return;
      }
      case 'TSTypeLiteral':
      case 'TSIntersectionType':
      case 'TSIndexedAccessType':
        if (!list) replaced.push(node);
        return;
      default:
        return;
    }
  };
  visit(type, target.list);
  if (replaced.length === 0) return undefined;
  let text = '';
  let cursor = type.start ?? 0;
  for (const node of replaced.sort((a, b) => (a.start ?? 0) - (b.start ?? 0))) {
    text += source.ctx.source.slice(cursor, node.start ?? 0) + target.name;
    cursor = node.end ?? 0;
  }
  text += source.ctx.source.slice(cursor, type.end ?? 0);
  return { text, name: target.name, replaced };
}

/**
 * The type to write for the annotation of a name or a function's return that held a v1 task or task list and now
 * holds the id of the interaction that collects data (`pendingInteractionId` of the generated module): `string` where
 * the id is known to be there, else `string | undefined`, in place of the annotation, or of what a return type's
 * `Promise<…>` holds. Only types made of the project's (a reference, a written-out object, arrays of them,
 * `| undefined`) are rewritten, with the project's type references they drop; `undefined` for any other (a cast,
 * `| null`, a type parameter), which keeps the flow on v1.
 */
export function idRetype(
  source: Source,
  type: Node,
  defined: boolean,
): { start: number; end: number; text: string; replaced: readonly Node[] } | undefined {
  const annotation = source.parent(type);
  const holder = annotation && source.parent(annotation);
  const returned = holder !== undefined && isFunction(holder) && holder.returnType === annotation;
  if (annotation?.type !== 'TSTypeAnnotation' || !(holder?.type === 'Identifier' || returned)) return undefined;
  let core = type;
  while (returned && core.type === 'TSTypeReference' && core.typeName.type === 'Identifier' && PROMISES.has(core.typeName.name)) {
    const [argument] = core.typeParameters?.params ?? [];
    if (!argument) return undefined;
    core = argument;
  }
  const replaced: Node[] = [];
  const projectTyped = (node: Node): boolean => {
    switch (node.type) {
      case 'TSTypeLiteral':
        return true;
      case 'TSParenthesizedType':
      case 'TSTypeOperator':
        return projectTyped(node.typeAnnotation);
      case 'TSArrayType':
        return projectTyped(node.elementType);
      case 'TSUnionType':
        return node.types.every((member) => member.type === 'TSUndefinedKeyword' || projectTyped(member));
      case 'TSTypeReference': {
        const name = node.typeName.type === 'Identifier' ? node.typeName.name : undefined;
        const [argument] = node.typeParameters?.params ?? [];
        if (name && ARRAYS.has(name)) return argument !== undefined && projectTyped(argument);
        if (!name || PROMISES.has(name) || OPEN_NAMES.has(name) || isTypeParameter(source, node, name)) return false;
        replaced.push(node);
        return true;
      }
      default:
        return false;
    }
  };
  if (!projectTyped(core)) return undefined;
  return { start: core.start ?? 0, end: core.end ?? 0, text: defined ? 'string' : 'string | undefined', replaced };
}

/**
 * Whether a type annotation takes any string (`string`, `any`, `unknown`, a type parameter, a union holding one,
 * inside `Promise<…>`): a v2 status, which may be any string, still fits it. A union of literals or the project's
 * own type of v1's statuses (`type Status = 'Failed' | …`) does not.
 */
export function takesAnyString(
  source: Source,
  type: Node,
  aliases: ReadonlySet<string> = new Set(),
  bound: ReadonlyMap<string, Node> = new Map(),
): boolean {
  const takes = (node: Node) => takesAnyString(source, node, aliases, bound);
  switch (type.type) {
    case 'TSStringKeyword':
    case 'TSAnyKeyword':
    case 'TSUnknownKeyword':
      return true;
    case 'TSTypeAnnotation':
    case 'TSParenthesizedType':
      return takes(type.typeAnnotation);
    case 'TSUnionType':
      return type.types.some(takes);
    case 'TSTypeReference': {
      const name = type.typeName.type === 'Identifier' ? type.typeName.name : undefined;
      const args = type.typeParameters?.params ?? [];
      if (name && PROMISES.has(name)) return args[0] !== undefined && takes(args[0]);
      if (name === undefined) return false;
      // A parameter of an alias being read stands for what the reference gave it.
      const given = bound.get(name);
      if (given) return takesAnyString(source, given, aliases);
      if (isTypeParameter(source, type, name)) return true;
      // `type Outcome = string`, `type Maybe<T> = T | undefined` of the file: what the alias stands for.
      const alias = aliases.has(name) ? undefined : typeAliasOf(source, name);
      if (!alias) return false;
      const parameters = alias.typeParameters?.params ?? [];
      const binding = new Map(
        parameters.flatMap((parameter, index) => {
          const argument = args[index] ?? parameter.default;
          return argument ? [[parameter.name, argument] as const] : [];
        }),
      );
      return takesAnyString(source, alias.typeAnnotation, new Set([...aliases, name]), binding);
    }
    default:
      return false;
  }
}

/** A top-level `type name = …` of the file. */
export function typeAliasOf(source: Source, name: string): Extract<Node, { type: 'TSTypeAliasDeclaration' }> | undefined {
  for (const statement of source.ctx.ast.program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'TSTypeAliasDeclaration' && declaration.id.name === name) return declaration;
  }
  return undefined;
}

/** Whether `name` is a type parameter of a function or class around `node`. */
function isTypeParameter(source: Source, node: Node, name: string): boolean {
  return source.ancestors(node).some((ancestor) => {
    const parameters = 'typeParameters' in ancestor ? (ancestor.typeParameters as Node | null | undefined) : undefined;
    return parameters?.type === 'TSTypeParameterDeclaration' && parameters.params.some((parameter) => parameter.name === name);
  });
}
