import type { CallExpression, Node } from '@babel/types';
import { evaluate } from '../analysis/evaluate.js';
import type { StaticValue } from '../analysis/static-value.js';
import { isMember, keyName, propertyName, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { type CallStyle, libraryOf } from './http-libraries.js';
import { findResponseInterceptors, type Interception } from './response-interceptors.js';

/** An HTTP client instance made with a base URL: `axios.create({ baseURL })`, `ky.create({ prefixUrl })`, `got.extend(…)`. */
export interface Instance {
  readonly base: StaticValue;
  /** The style of the library that made it. */
  readonly library?: CallStyle;
}

/** What the calls of a file go through: instances with their base, and receivers typed or made as `V1Api`. */
export interface Receivers {
  readonly instances: ReadonlyMap<string, Instance>;
  readonly v1Api: ReadonlySet<string>;
  /** `createV1Client(…)` / `createV1Adapter(…)` calls. */
  readonly v1Factories: readonly CallExpression[];
  /** `V1Api` / `V1Client` type references. */
  readonly v1Types: readonly Node[];
  /** Response interceptors of axios instances, and of the default axios by the name it is imported as. */
  readonly interceptors: ReadonlyMap<string, Interception>;
}

const BASE_OPTIONS = ['baseURL', 'prefixUrl', 'prefix', 'baseUrl'];
const INSTANCE_FACTORIES = ['create', 'extend'];
const V1_FACTORIES = ['createV1Client', 'createV1Adapter'];
const V1_TYPES = ['V1Api', 'V1Client', 'V1Adapter'];

/** The text a receiver is written as, `api` or `this.api`, or `undefined` for anything more complex. */
export function receiverText(node: Node): string | undefined {
  if (node.type === 'Identifier') return node.name;
  if (isMember(node) && node.object.type === 'ThisExpression') {
    const name = propertyName(node);
    return name === undefined ? undefined : `this.${name}`;
  }
  return undefined;
}

export function findReceivers(ctx: FileContext): Receivers {
  const instances = new Map<string, Instance>();
  const v1Api = new Set<string>();
  const v1Factories: CallExpression[] = [];
  const v1Types: Node[] = [];
  const assignedName = (ancestors: readonly Node[]): string | undefined => {
    const parent = ancestors[ancestors.length - 1];
    if (parent?.type === 'VariableDeclarator') return receiverText(parent.id);
    if (parent?.type === 'AssignmentExpression') return receiverText(parent.left);
    if (parent?.type === 'ClassProperty' && parent.key.type === 'Identifier') return `this.${parent.key.name}`;
    return undefined;
  };
  walk(ctx.ast.program, (node, ancestors) => {
    if (node.type === 'CallExpression') {
      const { callee } = node;
      if (callee.type === 'Identifier' && V1_FACTORIES.includes(callee.name)) {
        v1Factories.push(node);
        const name = assignedName(ancestors);
        if (name) v1Api.add(name);
        return;
      }
      const options = node.arguments[0];
      if (isMember(callee) && INSTANCE_FACTORIES.includes(propertyName(callee) ?? '') && options?.type === 'ObjectExpression') {
        const baseProperty = options.properties.find((property) => BASE_OPTIONS.includes(keyName(property) ?? ''));
        const name = assignedName(ancestors);
        const library = callee.object.type === 'Identifier' ? libraryOf(ctx, callee.object.name) : undefined;
        if (baseProperty?.type === 'ObjectProperty' && name)
          instances.set(name, { base: evaluate(baseProperty.value, ctx), ...(library ? { library } : {}) });
      }
    } else if (node.type === 'TSTypeReference' && node.typeName.type === 'Identifier' && V1_TYPES.includes(node.typeName.name)) {
      v1Types.push(node);
      // `api: V1Api` on a variable, a parameter or a (parameter) property.
      const annotated = ancestors[ancestors.length - 2];
      if (annotated?.type === 'Identifier') {
        v1Api.add(annotated.name);
        const holder = ancestors[ancestors.length - 3];
        if (holder?.type === 'TSParameterProperty') v1Api.add(`this.${annotated.name}`);
      } else if (annotated?.type === 'ClassProperty' && annotated.key.type === 'Identifier') v1Api.add(`this.${annotated.key.name}`);
    }
  });
  const axiosNames = [...instances].filter(([, instance]) => instance.library === 'axios').map(([name]) => name);
  for (const name of ctx.imports.keys()) if (libraryOf(ctx, name) === 'axios') axiosNames.push(name);
  const interceptors = findResponseInterceptors(ctx, new Set(axiosNames));
  return { instances, v1Api, v1Factories, v1Types, interceptors };
}
