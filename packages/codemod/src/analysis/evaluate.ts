import type { Expression, FunctionDeclaration, Function as FunctionNode, Node, TSEnumDeclaration } from '@babel/types';
import { type AnswerOptions, answerOptions } from './answer-options.js';
import { concat, flatten, hole, type StaticValue, text } from './static-value.js';

/** What an evaluation may look up outside the expression: same-file constants and imported ones. */
export interface EvaluationScope {
  readonly file: string;
  readonly source: string;
  /** The initializer of a `const` declared once in the file, or an `enum` declared once (a table of its members). */
  constant(name: string): Expression | TSEnumDeclaration | undefined;
  /** The value of an imported binding, from the project analysis. */
  imported(name: string): StaticValue | undefined;
  /** A function declared once in the file under that name. */
  declaredFunction?(name: string): FunctionDeclaration | undefined;
  /** The module a name is imported from (`axios`), for any specifier. */
  specifier?(name: string): string | undefined;
  /**
   * What `this.name` returns when it is a getter of the class around it that only returns an expression, or a field
   * of that class set only by its initializer (`readonly base = '…'`).
   */
  getter?(member: Node): Expression | undefined;
}

const sourceText = (node: Node, scope: EvaluationScope): string => scope.source.slice(node.start ?? 0, node.end ?? 0);

/** A string literal's text is editable in place only when it is written without escapes. */
function literal(value: string, node: Node, scope: EvaluationScope): StaticValue {
  const start = (node.start ?? 0) + 1;
  const raw = scope.source.slice(start, (node.end ?? 0) - 1);
  return text(value, raw === value ? { file: scope.file, start } : undefined);
}

/**
 * Evaluates `node` as far as it is known before run time: literals, templates, concatenation, constants of the
 * file and imported ones, object maps of constants and string enums, `new URL(path, base)`. Anything else is a hole.
 */
export function evaluate(node: Node, scope: EvaluationScope, seen: ReadonlySet<string> = new Set()): StaticValue {
  switch (node.type) {
    case 'StringLiteral':
      return literal(node.value, node, scope);
    case 'TemplateLiteral': {
      const values: StaticValue[] = [];
      node.quasis.forEach((quasi, index) => {
        const cooked = quasi.value.cooked ?? quasi.value.raw;
        values.push(text(cooked, cooked === quasi.value.raw ? { file: scope.file, start: quasi.start ?? 0 } : undefined));
        const expression = node.expressions[index];
        if (expression) values.push(evaluate(expression, scope, seen));
      });
      return concat(values, sourceText(node, scope));
    }
    case 'BinaryExpression':
      if (node.operator !== '+' || node.left.type === 'PrivateName') return hole(sourceText(node, scope));
      return concat([evaluate(node.left, scope, seen), evaluate(node.right, scope, seen)], sourceText(node, scope));
    case 'LogicalExpression': {
      // `process.env.BASE ?? '…/captain/api/'`: known only at run time, but the text it falls back to is kept.
      if (node.operator === '&&') return hole(sourceText(node, scope));
      const known = [evaluate(node.left, scope, seen), evaluate(node.right, scope, seen)]
        .filter((value) => value.kind === 'string' && value.parts.some((part) => part.kind === 'text' && part.value !== ''))
        .map((value) => flatten(value).text);
      const fallback = known.join('\0');
      return { kind: 'string', parts: [{ kind: 'hole', text: sourceText(node, scope), ...(fallback ? { fallback } : {}) }] };
    }
    case 'Identifier': {
      if (seen.has(node.name)) return hole(node.name);
      const init = scope.constant(node.name) ?? scope.declaredFunction?.(node.name);
      if (init) return evaluate(init, scope, new Set([...seen, node.name]));
      return scope.imported(node.name) ?? hole(node.name);
    }
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      const key = node.computed
        ? node.property.type === 'StringLiteral'
          ? node.property.value
          : undefined
        : node.property.type === 'Identifier'
          ? node.property.name
          : undefined;
      if (node.object.type === 'ThisExpression' && key !== undefined) {
        const returned = seen.has(`this.${key}`) ? undefined : scope.getter?.(node);
        if (returned) return throughGetter(evaluate(returned, scope, new Set([...seen, `this.${key}`])), `this.${key}`);
      }
      const object = evaluate(node.object, scope, seen);
      if (key === 'href' && object.kind === 'string') return object;
      // `api.defaults.baseURL` of an axios instance: the base it was made with.
      if (key === 'defaults' && object.kind === 'instance' && object.library === 'axios' && object.base)
        return { kind: 'object', props: { baseURL: object.base } };
      if (key !== undefined && object.kind === 'object') return object.props[key] ?? hole(sourceText(node, scope));
      return hole(sourceText(node, scope));
    }
    case 'CallExpression': {
      // `url.toString()` and `String(url)` keep the value.
      const { callee, arguments: args } = node;
      if (
        callee.type === 'MemberExpression' &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'toString' &&
        args.length === 0
      ) {
        return evaluate(callee.object, scope, seen);
      }
      if (callee.type === 'Identifier' && callee.name === 'String' && args[0]) return evaluate(args[0], scope, seen);
      const made = instanceCreation(node, scope);
      if (made)
        return {
          kind: 'instance',
          library: made.library,
          ...(made.base ? { base: evaluate(made.base, scope, seen) } : {}),
          ...(made.answerOptions ? { answerOptions: made.answerOptions } : {}),
        };
      return hole(sourceText(node, scope));
    }
    case 'NewExpression': {
      const [path, base] = node.arguments;
      if (node.callee.type !== 'Identifier' || node.callee.name !== 'URL' || !path) return hole(sourceText(node, scope));
      const pathValue = evaluate(path, scope, seen);
      if (!base) return pathValue;
      // A relative path resolves against a base that ends in `/`; an absolute path keeps only the base's origin.
      const first = pathValue.kind === 'string' ? pathValue.parts[0] : undefined;
      if (first?.kind === 'text' && first.value.startsWith('/'))
        return concat([hole(`new URL(${sourceText(base, scope)}).origin`), pathValue], sourceText(node, scope));
      return concat([evaluate(base, scope, seen), pathValue], sourceText(node, scope));
    }
    case 'TSEnumDeclaration': {
      // A string enum is a table of paths like an `as const` object; a member with no initializer is a number.
      const props: Record<string, StaticValue> = {};
      for (const member of node.members) {
        const key = member.id.type === 'Identifier' ? member.id.name : member.id.value;
        props[key] = member.initializer ? evaluate(member.initializer, scope, seen) : hole(sourceText(member, scope));
      }
      return { kind: 'object', props };
    }
    case 'ObjectExpression': {
      const props: Record<string, StaticValue> = {};
      for (const property of node.properties) {
        if (property.type !== 'ObjectProperty') continue;
        const key =
          property.key.type === 'Identifier' && !property.computed
            ? property.key.name
            : property.key.type === 'StringLiteral'
              ? property.key.value
              : undefined;
        if (key !== undefined) props[key] = evaluate(property.value, scope, seen);
      }
      return { kind: 'object', props };
    }
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
    case 'ParenthesizedExpression':
      return evaluate(node.expression, scope, seen);
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return clientFactory(node, scope, seen) ?? hole(sourceText(node, scope));
    default:
      return hole(sourceText(node, scope));
  }
}

/** The methods of an HTTP library that make an instance. */
export const INSTANCE_FACTORIES = ['create', 'extend'];
/** The options that carry an instance's base: axios `baseURL`, ky and got `prefixUrl`, `prefix`, `baseUrl`. */
export const BASE_OPTIONS = ['baseURL', 'prefixUrl', 'prefix', 'baseUrl'];

/**
 * `X.create({ … })` or `X.extend({ … })` of an imported library: the library, the expression of the base option,
 * and for got and ky what its options say of the answers.
 */
function instanceCreation(
  call: Node,
  scope: EvaluationScope,
): { readonly library: string; readonly base?: Node; readonly answerOptions?: AnswerOptions } | undefined {
  if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || call.callee.object.type !== 'Identifier')
    return undefined;
  const method = call.callee.property.type === 'Identifier' ? call.callee.property.name : '';
  const library = scope.specifier?.(call.callee.object.name);
  if (!INSTANCE_FACTORIES.includes(method) || library === undefined || library.startsWith('.')) return undefined;
  const options = call.arguments[0];
  const property =
    options?.type === 'ObjectExpression'
      ? options.properties.find(
          (entry) => entry.type === 'ObjectProperty' && entry.key.type === 'Identifier' && BASE_OPTIONS.includes(entry.key.name),
        )
      : undefined;
  const base = property?.type === 'ObjectProperty' ? property.value : undefined;
  return {
    library,
    ...(base ? { base } : {}),
    ...(library === 'got' || library === 'ky' ? { answerOptions: answerOptions(call.arguments, { urlFirst: false }) } : {}),
  };
}

/** The client a function makes, when its one return is `X.create({ … })` of a library it imports. */
function clientFactory(fn: FunctionNode, scope: EvaluationScope, seen: ReadonlySet<string>): StaticValue | undefined {
  const returns = fn.body.type === 'BlockStatement' ? fn.body.body.filter((statement) => statement.type === 'ReturnStatement') : [];
  const returned = fn.body.type === 'BlockStatement' ? (returns.length === 1 ? returns[0]?.argument : undefined) : fn.body;
  const made = returned ? instanceCreation(returned, scope) : undefined;
  if (!made) return undefined;
  const { library, base: value, answerOptions: answers } = made;
  const options = answers ? { answerOptions: answers } : {};
  if (!value) return { kind: 'client', library, ...options };
  const baseParam =
    value.type === 'Identifier'
      ? fn.params.findIndex((param) => {
          const target = param.type === 'AssignmentPattern' ? param.left : param;
          return target.type === 'Identifier' && target.name === value.name;
        })
      : -1;
  if (baseParam === -1) return { kind: 'client', library, base: evaluate(value, scope, seen), ...options };
  const param = fn.params[baseParam];
  const fallback = param?.type === 'AssignmentPattern' ? evaluate(param.right, scope, seen) : undefined;
  return { kind: 'client', library, baseParam, ...(fallback ? { base: fallback } : {}), ...options };
}

/** A getter's value, its holes that read the instance (`this.region`) marked as read through it. */
function throughGetter(value: StaticValue, getter: string): StaticValue {
  if (value.kind !== 'string') return value;
  const parts = value.parts.map((part) => (part.kind === 'hole' && /^this\b/.test(part.text) ? { ...part, getter } : part));
  return { kind: 'string', parts };
}
