import type { CallExpression, Node, TSTypeReference } from '@babel/types';
import { type AnswerOptions, answerOptions } from '../analysis/answer-options.js';
import { BASE_OPTIONS, evaluate, INSTANCE_FACTORIES } from '../analysis/evaluate.js';
import { findRedirectingRequestInterceptors } from '../analysis/request-interceptors.js';
import type { ClientFactory, StaticValue } from '../analysis/static-value.js';
import { isMember, keyName, propertyName, receiverText, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { type CallStyle, libraryOf, libraryStyle } from './http-libraries.js';
import { findResponseInterceptors, type Interception } from './response-interceptors.js';

/**
 * An HTTP client instance: made with a base URL (`axios.create({ baseURL })`, `ky.create({ prefixUrl })`,
 * `got.extend(…)`, or a function of the project that returns one), or only typed as one (`http: AxiosInstance`),
 * its base then known only at run time.
 */
export interface Instance {
  readonly base?: StaticValue;
  /** The style of the library that made it. */
  readonly library?: CallStyle;
  /** The module of that library (`got`, `ky`): got and ky share a style, but only ky's response has `.json()`. */
  readonly module?: string;
  /** What got or ky options of the instance say of its calls' answers (`got.extend({ resolveBodyOnly: true })`). */
  readonly answerOptions?: AnswerOptions;
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
  /** Axios receivers whose request interceptor may change where their calls go or what they send, with why. */
  readonly redirected: ReadonlyMap<string, string>;
}

const V1_FACTORIES = ['createV1Client', 'createV1Adapter'];
const V1_TYPES = ['V1Api', 'V1Client', 'V1Adapter'];

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
      const made = callee.type === 'Identifier' ? evaluate(callee, ctx) : undefined;
      const madeName = made?.kind === 'client' ? assignedName(ancestors) : undefined;
      if (made?.kind === 'client' && madeName) instances.set(madeName, madeBy(ctx, made, node));
      const options = node.arguments[0];
      if (isMember(callee) && INSTANCE_FACTORIES.includes(propertyName(callee) ?? '') && options?.type === 'ObjectExpression') {
        const baseProperty = options.properties.find((property) => BASE_OPTIONS.includes(keyName(property) ?? ''));
        const name = assignedName(ancestors);
        const library = callee.object.type === 'Identifier' ? libraryOf(ctx, callee.object.name) : undefined;
        const module = library && callee.object.type === 'Identifier' ? ctx.imports.get(callee.object.name)?.specifier : undefined;
        const answers = module === 'got' || module === 'ky' ? { answerOptions: answerOptions(node.arguments, { urlFirst: false }) } : {};
        if (baseProperty?.type === 'ObjectProperty' && name)
          instances.set(name, {
            base: evaluate(baseProperty.value, ctx),
            ...(library ? { library } : {}),
            ...(module ? { module } : {}),
            ...answers,
          });
      }
    } else if (node.type === 'TSTypeReference' && node.typeName.type === 'Identifier' && !V1_TYPES.includes(node.typeName.name)) {
      // `http: AxiosInstance`, `http: ReturnType<typeof createHttp>` on a variable, a parameter or a (parameter) property.
      const library = typedInstance(ctx, node);
      if (library) for (const name of annotatedNames(ancestors)) instances.set(name, { library });
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
  // `const { http } = require('./config')`, `import { http } from './config'`: the instance that module makes.
  const interceptedElsewhere = new Map<string, Interception>();
  const redirectedElsewhere = new Map<string, string>();
  for (const [name, binding] of ctx.imports) {
    const imported = ctx.imported(name);
    if (imported?.kind !== 'instance' || instances.has(name)) continue;
    const library = libraryStyle(imported.library);
    instances.set(name, {
      ...(imported.base ? { base: imported.base } : {}),
      ...(library ? { library, module: imported.library } : {}),
      ...(imported.answerOptions ? { answerOptions: imported.answerOptions } : {}),
    });
    if (imported.intercepted)
      interceptedElsewhere.set(name, {
        problem: `its interceptors are used in ${binding.specifier}, where the codemod does not follow them`,
      });
    if (imported.redirected) redirectedElsewhere.set(name, imported.redirected);
  }
  const axiosNames = [...instances].filter(([, instance]) => instance.library === 'axios').map(([name]) => name);
  for (const name of ctx.imports.keys()) if (libraryOf(ctx, name) === 'axios') axiosNames.push(name);
  const interceptors = findResponseInterceptors(ctx, new Set(axiosNames));
  for (const [name, interception] of interceptedElsewhere) if (!interceptors.has(name)) interceptors.set(name, interception);
  // A file that never names interceptors registers none: most are spared the walk.
  const redirecting = ctx.source.includes('interceptors') ? findRedirectingRequestInterceptors(ctx.ast.program, ctx.file) : new Map();
  const redirected = new Map([...redirectedElsewhere, ...[...redirecting].filter(([name]) => axiosNames.includes(name))]);
  return { instances, v1Api, v1Factories, v1Types, interceptors, redirected };
}

/** The instance a client factory of the project makes at this call: its base from the argument that carries it, else the factory's. */
export function madeBy(ctx: FileContext, factory: ClientFactory, call: CallExpression): Instance {
  const argument = factory.baseParam === undefined ? undefined : call.arguments[factory.baseParam];
  const base =
    argument && argument.type !== 'SpreadElement' && argument.type !== 'ArgumentPlaceholder' ? evaluate(argument, ctx) : factory.base;
  const library = libraryStyle(factory.library);
  return {
    ...(base ? { base } : {}),
    ...(library ? { library, module: factory.library } : {}),
    ...(factory.answerOptions ? { answerOptions: factory.answerOptions } : {}),
  };
}

/** The instance types of the HTTP libraries, by the module that exports them. */
const INSTANCE_TYPES: Readonly<Record<string, readonly string[]>> = { axios: ['AxiosInstance', 'AxiosStatic'], ky: ['KyInstance'] };

/** The style of an instance a type names: a library's instance type, or `ReturnType<typeof f>` of a client factory. */
function typedInstance(ctx: FileContext, type: TSTypeReference): CallStyle | undefined {
  if (type.typeName.type !== 'Identifier') return undefined;
  const { name } = type.typeName;
  const binding = ctx.imports.get(name);
  if (binding && INSTANCE_TYPES[binding.specifier]?.includes(binding.imported)) return libraryStyle(binding.specifier);
  const query = type.typeParameters?.params[0];
  if (name !== 'ReturnType' || query?.type !== 'TSTypeQuery' || query.exprName.type !== 'Identifier') return undefined;
  const made = evaluate(query.exprName, ctx);
  return made.kind === 'client' ? libraryStyle(made.library) : undefined;
}

/** The receiver texts a type annotation (the last of `ancestors` its `TSTypeAnnotation`) is written on. */
function annotatedNames(ancestors: readonly Node[]): string[] {
  const annotated = ancestors[ancestors.length - 2];
  if (annotated?.type === 'Identifier') {
    const holder = ancestors[ancestors.length - 3];
    return holder?.type === 'TSParameterProperty' ? [annotated.name, `this.${annotated.name}`] : [annotated.name];
  }
  if (annotated?.type === 'ClassProperty' && annotated.key.type === 'Identifier') return [`this.${annotated.key.name}`];
  return [];
}
