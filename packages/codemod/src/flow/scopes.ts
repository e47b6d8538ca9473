import { type File, type Function as FunctionNode, type Identifier, isFunction, type Node, VISITOR_KEYS } from '@babel/types';

/** A name declared in a file: where, how, and every identifier that reads or assigns it. */
export interface Binding {
  readonly name: string;
  /** The identifier that declares it. */
  readonly id: Identifier;
  readonly kind: 'var' | 'let' | 'const' | 'param' | 'function' | 'class' | 'import' | 'catch';
  /** The node that declares it: a `VariableDeclarator`, the function of a parameter, a declaration, an import specifier. */
  readonly declaration: Node;
  /** The node whose extent is its scope. */
  readonly scope: Node;
  readonly references: Identifier[];
  /** Where it names a type (`api: JourneyApi`): how an instance of a class is found through annotations. */
  readonly typeReferences: Identifier[];
}

/** Keys under which TypeScript type syntax hangs: names there are types, not values. */
const TYPE_KEYS = new Set([
  'typeAnnotation',
  'returnType',
  'typeParameters',
  'superTypeParameters',
  'implements',
  'typeArguments',
  'predicate',
]);

const isTypeOnly = (node: Node): boolean =>
  node.type.startsWith('TS') &&
  ![
    'TSAsExpression',
    'TSSatisfiesExpression',
    'TSNonNullExpression',
    'TSTypeAssertion',
    'TSParameterProperty',
    'TSInstantiationExpression',
    'TSModuleBlock',
  ].includes(node.type) &&
  // A namespace that is not `declare`d holds code that runs: its calls and names are values like any block's.
  !(node.type === 'TSModuleDeclaration' && node.declare !== true);

/** The identifiers a binding pattern declares. */
function patternIdentifiers(pattern: Node | null | undefined): Identifier[] {
  if (!pattern) return [];
  switch (pattern.type) {
    case 'Identifier':
      return [pattern];
    case 'ObjectPattern':
      return pattern.properties.flatMap((property) =>
        property.type === 'RestElement' ? patternIdentifiers(property.argument) : patternIdentifiers(property.value),
      );
    case 'ArrayPattern':
      return pattern.elements.flatMap((element) => patternIdentifiers(element));
    case 'AssignmentPattern':
      return patternIdentifiers(pattern.left);
    case 'RestElement':
      return patternIdentifiers(pattern.argument);
    case 'TSParameterProperty':
      return patternIdentifiers(pattern.parameter);
    default:
      return [];
  }
}

/**
 * Which declaration each identifier of a file refers to, in JavaScript's scoping: `var` and parameters by
 * function, `let`, `const`, classes and functions by block, imports by module. Type positions are left out.
 */
export class Scopes {
  private readonly declared = new Map<Node, Map<string, Binding>>();
  private readonly byIdentifier = new Map<Identifier, Binding>();

  constructor(
    ast: File,
    private readonly parentOf: (node: Node) => Node | undefined,
  ) {
    this.declare(ast.program, []);
    this.resolve(ast.program, []);
  }

  /** The binding an identifier declares or refers to. */
  bindingOf(id: Identifier): Binding | undefined {
    return this.byIdentifier.get(id);
  }

  /** The binding `name` has at `node`, looking outwards from it. */
  lookup(name: string, node: Node): Binding | undefined {
    for (let current: Node | undefined = node; current; current = this.parentOf(current)) {
      const binding = this.declared.get(current)?.get(name);
      if (binding) return binding;
    }
    return undefined;
  }

  private add(scope: Node, id: Identifier, kind: Binding['kind'], declaration: Node): void {
    const names = this.declared.get(scope) ?? new Map<string, Binding>();
    this.declared.set(scope, names);
    const known = names.get(id.name);
    if (known) {
      this.byIdentifier.set(id, known);
      return;
    }
    const binding: Binding = { name: id.name, id, kind, declaration, scope, references: [], typeReferences: [] };
    names.set(id.name, binding);
    this.byIdentifier.set(id, binding);
  }

  /** The scope a `var` lands in: the nearest function, or the program. */
  private functionScope(ancestors: readonly Node[]): Node {
    return [...ancestors].reverse().find((node) => isFunction(node) || node.type === 'Program') ?? (ancestors[0] as Node);
  }

  /** The scope a `let`, `const`, class or function declaration lands in: the nearest block (a function's body is the function). */
  private blockScope(ancestors: readonly Node[]): Node {
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const node = ancestors[i] as Node;
      const parent = ancestors[i - 1];
      if (node.type === 'BlockStatement') return parent && isFunction(parent) && parent.body === node ? parent : node;
      if (/^(Program|For|ForIn|ForOf|Switch|Catch|StaticBlock|TSModuleBlock)/.test(node.type) || isFunction(node)) return node;
    }
    return ancestors[0] as Node;
  }

  private declare(node: Node, ancestors: Node[]): void {
    if (isTypeOnly(node)) return;
    switch (node.type) {
      case 'VariableDeclaration': {
        const scope = node.kind === 'var' ? this.functionScope(ancestors) : this.blockScope(ancestors);
        const kind = node.kind === 'var' ? 'var' : node.kind === 'let' ? 'let' : 'const';
        for (const declarator of node.declarations)
          for (const id of patternIdentifiers(declarator.id)) this.add(scope, id, kind, declarator);
        break;
      }
      case 'FunctionDeclaration':
        if (node.id) this.add(this.blockScope(ancestors), node.id, 'function', node);
        break;
      case 'ClassDeclaration':
        if (node.id) this.add(this.blockScope(ancestors), node.id, 'class', node);
        break;
      case 'ImportDeclaration':
        for (const specifier of node.specifiers) this.add(ancestors[0] as Node, specifier.local, 'import', specifier);
        break;
      case 'CatchClause':
        for (const id of patternIdentifiers(node.param)) this.add(node, id, 'catch', node);
        break;
      default:
        break;
    }
    if (isFunction(node)) {
      if (node.type === 'FunctionExpression' && node.id) this.add(node, node.id, 'function', node);
      for (const param of node.params) for (const id of patternIdentifiers(param)) this.add(node, id, 'param', node);
    }
    if (node.type === 'ClassExpression' && node.id) this.add(node, node.id, 'class', node);
    ancestors.push(node);
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      if (TYPE_KEYS.has(key)) continue;
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const item of Array.isArray(child) ? child : [child]) if (isNode(item)) this.declare(item, ancestors);
    }
    ancestors.pop();
  }

  private resolve(node: Node, ancestors: Node[]): void {
    if (isTypeOnly(node)) {
      this.resolveTypes(node);
      return;
    }
    if (node.type === 'Identifier' && !this.byIdentifier.has(node) && isReference(node, ancestors[ancestors.length - 1])) {
      const binding = this.lookup(node.name, ancestors[ancestors.length - 1] ?? node);
      if (binding) {
        binding.references.push(node);
        this.byIdentifier.set(node, binding);
      }
    }
    ancestors.push(node);
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (!isNode(item)) continue;
        if (TYPE_KEYS.has(key)) this.resolveTypes(item);
        else this.resolve(item, ancestors);
      }
    }
    ancestors.pop();
  }

  /** Type positions: only the names of types are resolved, as type references of their bindings. */
  private resolveTypes(root: Node): void {
    const visit = (node: Node): void => {
      if (node.type === 'TSTypeReference' && node.typeName.type === 'Identifier')
        this.lookup(node.typeName.name, node)?.typeReferences.push(node.typeName);
      for (const key of VISITOR_KEYS[node.type] ?? []) {
        const child = (node as unknown as Record<string, unknown>)[key];
        for (const item of Array.isArray(child) ? child : [child]) if (isNode(item)) visit(item);
      }
    };
    visit(root);
  }
}

/** Whether an identifier under `parent` names a value (not a property, a key, a label or an exported alias). */
function isReference(id: Identifier, parent: Node | undefined): boolean {
  if (!parent) return true;
  switch (parent.type) {
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return parent.object === id || parent.computed;
    case 'ObjectProperty':
      return parent.value === id || (parent.computed && parent.key === id);
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassPrivateMethod':
    case 'ClassProperty':
    case 'ClassAccessorProperty':
      return Boolean(parent.computed) && parent.key === id;
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'MetaProperty':
      return false;
    case 'ExportSpecifier':
      return parent.local === id;
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
      return false;
    default:
      return true;
  }
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The function a binding names: a function declaration, or a variable holding a function expression or arrow. */
export function functionOfBinding(binding: Binding): FunctionNode | undefined {
  const { declaration } = binding;
  // A parameter's declaration is its function: `cb(…)` in `function run(t, cb)` calls what a caller passed, not `run`.
  if (binding.kind === 'param') return undefined;
  if (declaration.type === 'FunctionDeclaration') return declaration;
  if (declaration.type === 'VariableDeclarator' && isFunctionValue(declaration.init)) return declaration.init;
  return undefined;
}

/** A function written as a value: an expression or an arrow. */
export const isFunctionValue = (node: Node | null | undefined): node is FunctionNode =>
  node?.type === 'FunctionExpression' || node?.type === 'ArrowFunctionExpression';
