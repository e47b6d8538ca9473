import type { CallExpression, Class, Function as FunctionNode, Identifier, NewExpression, Node, ObjectExpression } from '@babel/types';
import { bindsName } from '../parse/binds-name.js';
import { isMember, keyName, propertyName, walk } from '../parse/walk.js';
import { memberName, objectOfBinding, objectOfMember, propertyFunction, wholeExport } from './object-literals.js';
import type { Binding } from './scopes.js';
import { functionOfBinding } from './scopes.js';
import type { Source, Sources } from './sources.js';

/** A function of the project: its node and the file it is in. */
export interface FunctionRef {
  readonly source: Source;
  readonly fn: FunctionNode;
}

/**
 * A binding another file gives what a module exports: the name itself, or a namespace that holds it (`import * as
 * ns`); `path`, the properties read on a namespace to reach the module's (`results` of `lib.results.name()`).
 */
interface ImportedLocal {
  readonly kind: 'name' | 'namespace';
  readonly binding: Binding;
  readonly path?: readonly string[];
}

/** A call found in the project, with the file it is in. */
export interface CallRef {
  readonly source: Source;
  readonly call: CallExpression | NewExpression;
}

/**
 * Whether `reference`, a function's (or class's) name under `at`, is used as a value: not called, extended, tested
 * with `instanceof`, exported or named in a type.
 */
function valueUse(at: Node | undefined, reference: Identifier): boolean {
  // An optional call (`isFinished?.(id)`) is no caller `callersOf` lists: it counts as handing the function on.
  const called = (at?.type === 'CallExpression' || at?.type === 'NewExpression') && at.callee === reference;
  const extended = (at?.type === 'ClassDeclaration' || at?.type === 'ClassExpression') && at.superClass === reference;
  const tested = at?.type === 'BinaryExpression' && at.operator === 'instanceof' && at.right === reference;
  return !called && !extended && !tested && !at?.type.startsWith('Export') && !at?.type.startsWith('TS');
}

/**
 * Whether `read`, a namespace import in `from`, hands its `name` on: the namespace itself used as a value (passed,
 * destructured, awaited), a computed member, or `name` read off it and not called (`const f = T.isFinished`).
 */
function namespaceHandsOn(from: Source, read: Node, name: string): boolean {
  const at = from.parent(read);
  if (!isMember(at) || at.object !== read) return !at?.type.startsWith('Export') && !at?.type.startsWith('TS');
  if (at.computed && at.property.type !== 'StringLiteral') return true;
  if (propertyName(at) !== name) return false;
  const use = from.parent(at);
  return !(at.type === 'MemberExpression' && use?.type === 'CallExpression' && use.callee === at);
}

/** Whether `reference`, an object's name in `from`, hands its method `member` on: read and not called, or destructured. */
function memberHandedOn(from: Source, reference: Identifier, member: string): boolean {
  const at = from.parent(reference);
  if ((at?.type === 'MemberExpression' || at?.type === 'OptionalMemberExpression') && at.object === reference) {
    const named =
      !at.computed && at.property.type === 'Identifier'
        ? at.property.name
        : at.property.type === 'StringLiteral'
          ? at.property.value
          : undefined;
    const use = from.parent(at);
    // Only a plain call is one `callersOf` lists (`api.isFinished?.(id)`, `api?.isFinished(id)` are not).
    const called = at.type === 'MemberExpression' && use?.type === 'CallExpression' && use.callee === at;
    return named === member && !called;
  }
  return at?.type === 'VariableDeclarator' && at.init === reference && at.id.type === 'ObjectPattern';
}

const isFunctionNode = (node: Node | null | undefined): node is FunctionNode =>
  node !== null &&
  node !== undefined &&
  /^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression|ClassMethod|ClassPrivateMethod|ObjectMethod)$/.test(node.type);

/**
 * Which function a call reaches and which calls reach a function, across the files of the run: bindings by
 * scope within a file, imports and exports through the module graph (ts-morph), methods through the class of
 * the instance they are called on (made with `new`, typed by an annotation, or passed by every call of a local
 * function to its untyped parameter) and up its `extends` chain to the
 * nearest class that defines them (in the same module or imported), down to their overrides in the classes that
 * extend it (the instance may be one of those), `super.f()` to the method above, or through the object literal
 * they are written in (`const api = { list: function () {} }`, exported or `module.exports` itself).
 */
export class Functions {
  constructor(private readonly sources: Sources) {}

  /** The function `call` calls, when it is declared in the project. */
  calleeOf(source: Source, call: CallExpression | NewExpression): FunctionRef | undefined {
    const { callee } = call;
    if (call.type === 'NewExpression') {
      const cls = callee.type === 'Identifier' ? this.classOf(source, callee) : undefined;
      const init = cls?.cls.body.body.find((member) => member.type === 'ClassMethod' && member.kind === 'constructor');
      return cls && isFunctionNode(init) ? { source: cls.source, fn: init } : undefined;
    }
    if (callee.type === 'Identifier') return this.functionBound(source, callee);
    if (!isMember(callee)) return undefined;
    const name = propertyName(callee);
    if (name === undefined) return undefined;
    if (callee.object.type === 'Super') {
      // `super.name()` calls the method the parent class defines or inherits, never an override.
      const own = source.ancestors(call).reverse().find(isClass);
      const parent = own && this.parentOf(source, own);
      return parent && this.methodIn(parent.source, parent.cls, name);
    }
    const cls = this.instanceClass(source, callee.object);
    if (cls) return this.methodIn(cls.source, cls.cls, name);
    if (callee.object.type === 'ThisExpression') {
      // `this.f()` in a function of an object literal (no class around it) calls a property of that object.
      const holder = source
        .ancestors(call)
        .reverse()
        .find((node): node is FunctionNode => isFunctionNode(node) && node.type !== 'ArrowFunctionExpression');
      const object = holder && objectOfMember(source, holder);
      return object ? inObject(source, object, name) : undefined;
    }
    // `ns.f()` of `import * as ns` (or `require`), of a namespace a module re-exports (`export * as ns from`), or `lib.ns.f()`.
    const namespace = this.namespaceOf(source, callee.object);
    if (namespace !== undefined) return this.exportedFunction(namespace, name);
    // `api.f()` of an object literal, or `Class.staticMethod()`.
    if (callee.object.type === 'Identifier') {
      const binding = source.scopes.bindingOf(callee.object);
      const object = binding && objectOfBinding(source, binding);
      if (object) return inObject(source, object, name);
      const imported = binding ? this.importedFrom(source, binding) : undefined;
      const held = imported && this.exportedObject(imported.file, imported.imported);
      if (held) return inObject(held.source, held.object, name);
      const klass = this.classOf(source, callee.object);
      if (klass) return this.methodIn(klass.source, klass.cls, name);
    }
    return undefined;
  }

  /**
   * The functions `call` may run: the one it calls and, for a method called on an instance (`api.complete()`,
   * `this.complete()`), every override of it in the run's subclasses, since the instance may be one of theirs
   * (`const api: JourneyClient = keep ? new DraftingClient() : new JourneyClient()`). `super.complete()` runs one.
   */
  calleesOf(source: Source, call: CallExpression | NewExpression): FunctionRef[] {
    const target = this.calleeOf(source, call);
    if (!target) return [];
    const onSuper = isMember(call.callee) && call.callee.object.type === 'Super';
    return onSuper ? [target] : [target, ...this.overridesOf(target)];
  }

  /**
   * What the callee `node` of a call holds where the codemod sees no function, such as a function another call made
   * (`fp.get('status')`): the value a `const` is given, in its file or in the module of the project an import of it
   * leads to (by name, as the default export, through a namespace), or under a key of an object literal (`G.status`
   * of `const G = { status: fp.get('status') }`, here or imported). `unread` where it leads into a module of the
   * project that holds it in a variable the codemod does not read (a `let`, a spread); undefined where it leads to a
   * package, to a module's whole CommonJS export, or to a value no call made (an alias such as `JSON.stringify`).
   */
  heldBy(source: Source, node: Node): Held | 'unread' | undefined {
    if (node.type === 'Identifier') {
      const binding = source.scopes.bindingOf(node);
      if (!binding) return undefined;
      const local = constValue(binding);
      if (local) return { source, node: local };
      const imported = this.importedFrom(source, binding);
      if (!imported || !this.sources.get(imported.file)) return undefined;
      return imported.imported === '*'
        ? this.wholeExportValue(imported.file)
        : readable(this.exportedValue(imported.file, imported.imported));
    }
    if (!isMember(node)) return undefined;
    const name = propertyName(node);
    if (name === undefined) return undefined;
    const namespace = this.namespaceOf(source, node.object);
    if (namespace !== undefined) return this.sources.get(namespace) ? readable(this.exportedValue(namespace, name)) : undefined;
    if (node.object.type !== 'Identifier') return undefined;
    const binding = source.scopes.bindingOf(node.object);
    const object = binding && objectOfBinding(source, binding);
    if (object) {
      const value = propertyValue(source, object, name);
      // A spread of this file's may hold a package's: only a call written here is one the codemod knows made it.
      return value !== 'unread' && isCallValue(value?.node) ? value : undefined;
    }
    const imported = binding ? this.importedFrom(source, binding) : undefined;
    const held = imported && this.exportedObject(imported.file, imported.imported);
    return held ? readable(propertyValue(held.source, held.object, name)) : undefined;
  }

  /** What a CommonJS module assigns to `module.exports` whole, as a callee: a function of it, a made one, or `unread`. */
  private wholeExportValue(file: string): Held | 'unread' | undefined {
    const source = this.sources.get(file);
    if (!source) return undefined;
    for (const statement of source.ctx.ast.program.body) {
      if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
      const { left, right } = statement.expression;
      if (source.ctx.text(left) === 'module.exports') return readable({ source, node: right });
    }
    return 'unread';
  }

  /**
   * The value `file` exports as `name`: what a `const` it exports is given, a function or class it declares, or an
   * expression it exports as the default; `unread` for a `let` or `var`, which may hold anything by the time it is called.
   */
  private exportedValue(file: string, name: string): Held | 'unread' | undefined {
    const source = this.sources.get(file);
    const whole =
      name === 'default' ? source?.ctx.ast.program.body.find((statement) => statement.type === 'ExportDefaultDeclaration') : undefined;
    if (source && whole?.declaration.type === 'Identifier') {
      const binding = source.scopes.lookup(whole.declaration.name, source.ctx.ast.program);
      return binding && valueOfBinding(source, binding);
    }
    const target = this.declarationOf(file, name);
    if (target?.node.type !== 'VariableDeclarator') return target;
    const binding = target.node.id.type === 'Identifier' ? target.source.scopes.bindingOf(target.node.id) : undefined;
    return binding && valueOfBinding(target.source, binding);
  }

  /** The methods that override `ref` (a class method) in the classes that extend its class, at any depth in the run. */
  overridesOf(ref: FunctionRef): FunctionRef[] {
    const method = classMethodOf(ref);
    if (!method) return [];
    return this.descendantsOf(ref.source, method.cls).flatMap((subclass) => methodOf(subclass.source, subclass.cls, method.name) ?? []);
  }

  /** Every call of `ref` in the run: by its name in its file, through imports elsewhere, on instances of its class. */
  callersOf(ref: FunctionRef): CallRef[] {
    const { source, fn } = ref;
    const parent = source.parent(fn);
    if (fn.type === 'ClassMethod' || fn.type === 'ClassPrivateMethod') {
      const cls = parent && source.parent(parent);
      const name =
        fn.key.type === 'Identifier' || fn.key.type === 'PrivateName'
          ? fn.key.type === 'PrivateName'
            ? fn.key.id.name
            : fn.key.name
          : undefined;
      if (!cls || !isClass(cls) || name === undefined) return [];
      // A constructor is called by `new` of its class, wherever the class's name goes, by `new` of a subclass that
      // leaves it in place (no constructor of its own between them), and by its subclasses' `super()`.
      if (fn.type === 'ClassMethod' && fn.kind === 'constructor') {
        const made = (at: { source: Source; cls: Class }) => {
          const binding = at.cls.id ? at.source.scopes.bindingOf(at.cls.id) : undefined;
          return binding ? this.callsOfBinding(at.source, binding).filter(({ call }) => call.type === 'NewExpression') : [];
        };
        const inherited = this.descendantsOf(source, cls).filter((below) => this.inheritsConstructor(below, cls));
        return [...made({ source, cls }), ...inherited.flatMap(made), ...this.superCalls(ref, source, cls)];
      }
      const calls = [...this.methodCalls(source, cls, name), ...this.superCalls(ref, source, cls)];
      // A static method is called on the class itself (`Tracker.isFinished(id)`), wherever its name goes.
      if (fn.type === 'ClassMethod' && fn.static) {
        const binding = cls.id ? source.scopes.bindingOf(cls.id) : undefined;
        if (binding) {
          calls.push(...memberCalls(source, binding.references, name));
          for (const exported of this.exportedNames(source, binding))
            for (const { importer, local } of this.importsOf(source.file, exported))
              if (local.kind === 'name') calls.push(...memberCalls(importer, local.binding.references, name));
        }
      }
      // An override also runs where the method it overrides is called on an instance (or `this`) of a class above
      // it: that instance may be one of this class.
      for (let above = this.parentOf(source, cls), seen = new Set<Class>([cls]); above && !seen.has(above.cls); ) {
        seen.add(above.cls);
        if (methodOf(above.source, above.cls, name)) calls.push(...this.methodCalls(above.source, above.cls, name));
        above = this.parentOf(above.source, above.cls);
      }
      return [...new Map(calls.map((caller) => [caller.call, caller])).values()];
    }
    const object = objectOfMember(source, fn);
    const member = object && memberName(source, fn);
    if (object && member !== undefined) return this.objectMemberCalls(source, object, member, fn);
    const commonjsName =
      parent?.type === 'AssignmentExpression' && parent.right === fn ? commonjsExportName(source, parent.left) : undefined;
    if (commonjsName !== undefined) return this.commonjsExportCalls(source, commonjsName);
    const id =
      fn.type === 'FunctionDeclaration' ? fn.id : parent?.type === 'VariableDeclarator' && parent.init === fn ? parent.id : undefined;
    // `export default (o) => …`, `export default function (o) {…}`: no name in its file, called where it is imported.
    if (!id && parent?.type === 'ExportDefaultDeclaration' && parent.declaration === fn) return this.importedCalls(source.file, 'default');
    if (id?.type !== 'Identifier') return [];
    const binding = source.scopes.bindingOf(id);
    return binding ? this.callsOfBinding(source, binding) : [];
  }

  /**
   * Whether `ref` is handed on as a value somewhere in the run, so that whoever is given it may call it with anything:
   * a function or class by name (`ids.map(isFinished)`, `{ finished: isFinished }`, `isFinished.call(…)`), an object's
   * method read and not called, a CommonJS export, a module's namespace or a barrel passing it on.
   */
  handedOn(ref: FunctionRef): boolean {
    const { source, fn } = ref;
    const parent = source.parent(fn);
    // A constructor goes wherever its class does (`{ plain: Tracker }`, a container's registry).
    const cls = fn.type === 'ClassMethod' && fn.kind === 'constructor' ? parent && source.parent(parent) : undefined;
    const id =
      cls && isClass(cls)
        ? cls.id
        : fn.type === 'FunctionDeclaration'
          ? fn.id
          : parent?.type === 'VariableDeclarator' && parent.init === fn
            ? parent.id
            : undefined;
    const binding = id?.type === 'Identifier' ? source.scopes.bindingOf(id) : undefined;
    if (binding) return this.referencedAsValue(source, binding, (from, reference) => valueUse(from.parent(reference), reference));
    // A method of an object literal goes wherever `api.name` is read and not called (`const f = api.isFinished`,
    // `bus.on('x', api.isFinished)`, `const { isFinished } = api`).
    const object = objectOfMember(source, fn);
    const member = object && memberName(source, fn);
    const holder = object && source.parent(object);
    if (member !== undefined && holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier') {
      const objectBinding = source.scopes.bindingOf(holder.id);
      return (
        objectBinding !== undefined &&
        this.referencedAsValue(source, objectBinding, (from, reference) => memberHandedOn(from, reference, member))
      );
    }
    // An object that is the module (`export default {…}`, `module.exports = {…}`): by the name it is imported as, and
    // a method taken from it by name where it is required (`const { isFinished } = require(…)`).
    if (
      member !== undefined &&
      object &&
      (holder?.type === 'ExportDefaultDeclaration' || wholeExport(source, 'commonjs')?.object === object)
    ) {
      return (
        this.handedOnWhereImported(source.file, 'default', (from, reference) => memberHandedOn(from, reference, member)) ||
        this.handedOnWhereImported(source.file, member, (from, reference) => valueUse(from.parent(reference), reference))
      );
    }
    // `exports.isFinished = function …`: wherever it is required, by the name it has there.
    const commonjsName =
      parent?.type === 'AssignmentExpression' && parent.right === fn ? commonjsExportName(source, parent.left) : undefined;
    return (
      commonjsName !== undefined &&
      this.handedOnWhereImported(source.file, commonjsName, (from, reference) => valueUse(from.parent(reference), reference))
    );
  }

  /** Whether a name `file` exports, where a file imports it by name, is used there as `handsOn` says hands it on. */
  private handedOnWhereImported(file: string, name: string, handsOn: (from: Source, reference: Identifier) => boolean): boolean {
    return this.importsOf(file, name).some(
      ({ importer, local }) => local.kind !== 'namespace' && local.binding.references.some((reference) => handsOn(importer, reference)),
    );
  }

  /** Whether a reference of `binding`, in its file or where it is imported by name, is a use `handsOn` says hands it on. */
  private referencedAsValue(source: Source, binding: Binding, handsOn: (from: Source, reference: Identifier) => boolean): boolean {
    if (binding.references.some((reference) => handsOn(source, reference))) return true;
    // Exported again from a file that imports it (`import { f } …; export { f as done }`, `export default f`), or
    // under another name from it (`export { f as done } from './tracker'`): its callers there are not listed.
    const reexported = (from: Source, reference: Identifier) => from.parent(reference)?.type.startsWith('Export') === true;
    return this.exportedNames(source, binding).some(
      (name) =>
        this.importsOf(source.file, name).some(({ importer, local }) =>
          local.kind === 'namespace'
            ? namespaceReads(importer, local).some((read) => namespaceHandsOn(importer, read, name))
            : local.binding.references.some((reference) => handsOn(importer, reference) || reexported(importer, reference)),
        ) || this.renamedReexport(source.file, name),
    );
  }

  /** Whether a file of the run exports `name` of `file` under another name (`export { name as other } from './file'`). */
  private renamedReexport(file: string, name: string): boolean {
    return this.sources.files().some((from) => {
      const text = this.sources.text(from) ?? '';
      if (from === file || !text.includes(name) || !text.includes('export')) return false;
      const program = this.sources.get(from)?.ctx.ast.program;
      return (program?.body ?? []).some(
        (statement) =>
          statement.type === 'ExportNamedDeclaration' &&
          statement.source != null &&
          this.sources.modules.resolve(from, statement.source.value) === file &&
          statement.specifiers.some(
            (specifier) =>
              specifier.type === 'ExportSpecifier' &&
              specifier.local.name === name &&
              (specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value) !== name,
          ),
      );
    });
  }

  /** The calls of a binding (a function's name): in its file, and through every import of it. */
  private callsOfBinding(source: Source, binding: Binding): CallRef[] {
    const calls: CallRef[] = [];
    const collect = (from: Source, references: readonly Identifier[]) => {
      for (const reference of references) {
        const parent = from.parent(reference);
        if ((parent?.type === 'CallExpression' || parent?.type === 'NewExpression') && parent.callee === reference)
          calls.push({ source: from, call: parent });
      }
    };
    collect(source, binding.references);
    for (const name of this.exportedNames(source, binding)) calls.push(...this.importedCalls(source.file, name));
    return calls;
  }

  /** Calls of the function `exports.name = …` assigns: `exports.name()` in its file, and through every `require` or import of it. */
  private commonjsExportCalls(source: Source, name: string): CallRef[] {
    const calls = this.importedCalls(source.file, name);
    walk(source.ctx.ast.program, (node) => {
      if (node.type === 'CallExpression' && commonjsExportName(source, node.callee) === name) calls.push({ source, call: node });
    });
    return calls;
  }

  /** The calls of what `file` exports as `name`, in the files that import it: by its name, or as `ns.name()`. */
  private importedCalls(file: string, name: string): CallRef[] {
    const calls: CallRef[] = [];
    for (const { importer, local } of this.importsOf(file, name)) {
      if (local.kind === 'namespace') calls.push(...memberCalls(importer, namespaceReads(importer, local), name));
      else {
        for (const reference of local.binding.references) {
          const parent = importer.parent(reference);
          if ((parent?.type === 'CallExpression' || parent?.type === 'NewExpression') && parent.callee === reference)
            calls.push({ source: importer, call: parent });
        }
      }
    }
    return calls;
  }

  /**
   * Calls of `fn`, the function under key `name` of an object literal: `this.name()` inside it, `api.name()` on the
   * name that holds it, in its file and where that name is imported, and, when the object is what the module
   * exports as a whole (`module.exports = api`, `export default api`), through every `require` or import of it.
   */
  private objectMemberCalls(source: Source, object: ObjectExpression, name: string, fn: FunctionNode): CallRef[] {
    const calls: CallRef[] = [];
    // A key written twice: only the last one is ever called.
    if (propertyFunction(source, object, name) !== fn) return calls;
    walk(object, (node) => {
      // Only where `this` is this object: not in a function of an object written inside it.
      if (
        node.type === 'CallExpression' &&
        isMember(node.callee) &&
        node.callee.object.type === 'ThisExpression' &&
        this.calleeOf(source, node)?.fn === fn
      )
        calls.push({ source, call: node });
    });
    const holder = source.parent(object);
    if (holder?.type === 'VariableDeclarator' && holder.init === object && holder.id.type === 'Identifier') {
      const binding = source.scopes.bindingOf(holder.id);
      if (!binding || objectOfBinding(source, binding) !== object) return calls;
      calls.push(...memberCalls(source, binding.references, name));
      for (const exported of this.exportedNames(source, binding))
        for (const { importer, local } of this.importsOf(source.file, exported))
          if (local.kind === 'name') calls.push(...memberCalls(importer, local.binding.references, name));
    }
    const commonjs = wholeExport(source, 'commonjs')?.object === object;
    // What `require` answers: its properties are the module's names (`const { name } = require(…)` too).
    if (commonjs) calls.push(...this.importedCalls(source.file, name));
    if (commonjs || wholeExport(source, 'default')?.object === object)
      for (const { importer, local } of this.importsOf(source.file, 'default'))
        if (local.kind === 'name') calls.push(...memberCalls(importer, local.binding.references, name));
    return calls;
  }

  /**
   * Calls of method `name` of `cls`: `this.name()` inside it, and on every instance of it in the run; and the same
   * in the classes that inherit it (`extends`, in any module), down to one that defines `name` again.
   */
  private methodCalls(source: Source, cls: Class, name: string, seen: Set<Class> = new Set()): CallRef[] {
    const calls: CallRef[] = [];
    if (seen.has(cls)) return calls;
    seen.add(cls);
    walk(cls.body, (node) => {
      if (
        node.type === 'CallExpression' &&
        isMember(node.callee) &&
        node.callee.object.type === 'ThisExpression' &&
        propertyName(node.callee) === name
      )
        calls.push({ source, call: node });
    });
    for (const { source: where, node } of this.instancesOf(source, cls)) {
      const call = memberCallOn(where, node, name);
      if (call) calls.push({ source: where, call });
    }
    for (const subclass of this.subclassesOf(source, cls))
      if (!methodOf(subclass.source, subclass.cls, name)) calls.push(...this.methodCalls(subclass.source, subclass.cls, name, seen));
    return calls;
  }

  /** The calls `super.name()` in the classes below `cls` that reach `ref`, its method `name`. */
  private superCalls(ref: FunctionRef, source: Source, cls: Class): CallRef[] {
    const calls: CallRef[] = [];
    for (const subclass of this.descendantsOf(source, cls))
      walk(subclass.cls.body, (node) => {
        if (node.type === 'CallExpression' && isMember(node.callee) && node.callee.object.type === 'Super')
          if (this.calleeOf(subclass.source, node)?.fn === ref.fn) calls.push({ source: subclass.source, call: node });
      });
    return calls;
  }

  /** Whether `new` of `below`, a class extending `cls`, runs `cls`'s constructor: none of its own, nor between them. */
  private inheritsConstructor(below: { source: Source; cls: Class }, cls: Class): boolean {
    const seen = new Set<Class>();
    for (let at: { source: Source; cls: Class } | undefined = below; at && at.cls !== cls && !seen.has(at.cls); ) {
      seen.add(at.cls);
      if (methodOf(at.source, at.cls, 'constructor')) return false;
      at = this.parentOf(at.source, at.cls);
    }
    return true;
  }

  /** The classes that extend `cls` in the run, at any depth (a cycle of `extends` is walked once). */
  private descendantsOf(source: Source, cls: Class): { source: Source; cls: Class }[] {
    const found: { source: Source; cls: Class }[] = [];
    const seen = new Set<Class>([cls]);
    for (const pending = this.subclassesOf(source, cls); pending.length > 0; ) {
      const subclass = pending.pop() as { source: Source; cls: Class };
      if (seen.has(subclass.cls)) continue;
      seen.add(subclass.cls);
      found.push(subclass);
      pending.push(...this.subclassesOf(subclass.source, subclass.cls));
    }
    return found;
  }

  /** The class `cls` names in its `extends`, when the run declares it. */
  private parentOf(source: Source, cls: Class): { source: Source; cls: Class } | undefined {
    return cls.superClass?.type === 'Identifier' ? this.classOf(source, cls.superClass) : undefined;
  }

  /** A method of `cls`, or of the nearest class up its `extends` chain that defines it. */
  private methodIn(source: Source, cls: Class, name: string, seen: Set<Class> = new Set()): FunctionRef | undefined {
    const own = methodOf(source, cls, name);
    if (own || seen.has(cls)) return own;
    seen.add(cls);
    const parent = this.parentOf(source, cls);
    return parent && this.methodIn(parent.source, parent.cls, name, seen);
  }

  /** The classes that name `cls` in their `extends`: in its module, and where it is imported. */
  private subclassesOf(source: Source, cls: Class): { source: Source; cls: Class }[] {
    const binding = cls.id ? source.scopes.bindingOf(cls.id) : undefined;
    if (!binding) return [];
    const names: { source: Source; references: readonly Identifier[] }[] = [{ source, references: binding.references }];
    for (const exported of this.exportedNames(source, binding))
      for (const { importer, local } of this.importsOf(source.file, exported))
        if (local.kind === 'name') names.push({ source: importer, references: local.binding.references });
    for (const { importer, binding: local } of this.wholeClassImports(source, cls))
      names.push({ source: importer, references: local.references });
    const found: { source: Source; cls: Class }[] = [];
    for (const { source: where, references } of names) {
      for (const reference of references) {
        const parent = where.parent(reference);
        if (isClass(parent) && parent.superClass === reference) found.push({ source: where, cls: parent });
      }
    }
    return found;
  }

  /** Expressions that hold an instance of `cls`: names bound to `new Cls()`, parameters and properties typed `Cls`. */
  private instancesOf(source: Source, cls: Class): { source: Source; node: Node }[] {
    const binding = cls.id ? source.scopes.bindingOf(cls.id) : undefined;
    const uses = (bound: Binding) => [...bound.references, ...bound.typeReferences];
    const names: { source: Source; references: readonly Identifier[] }[] = [];
    if (binding) {
      names.push({ source, references: uses(binding) });
      for (const exported of this.exportedNames(source, binding)) {
        for (const { importer, local } of this.importsOf(source.file, exported)) {
          if (local.kind !== 'namespace') names.push({ source: importer, references: uses(local.binding) });
        }
      }
    }
    for (const { importer, binding: local } of this.wholeClassImports(source, cls))
      names.push({ source: importer, references: uses(local) });
    const found: { source: Source; node: Node }[] = [];
    for (const { source: where, references } of names) {
      for (const reference of references) found.push(...this.holdersOf(where, reference));
    }
    // An instance passed to a parameter that only ever holds instances of `cls` is read through it too.
    const params = new Set<Binding>();
    for (const { source: where, node } of found) {
      for (const param of this.parametersHolding(where, node, cls)) {
        if (params.has(param)) continue;
        params.add(param);
        for (const reference of param.references) found.push({ source: where, node: reference });
      }
    }
    return found;
  }

  /**
   * Where an instance made or typed with the class name `reference` is read: the names and `this.x` bound to it, and
   * where a module exports such a name (`export const service = new Service()`), the names it is imported as.
   */
  private holdersOf(source: Source, reference: Identifier): { source: Source; node: Node }[] {
    const parent = source.parent(reference);
    const here: Node[] = [];
    const holders: { source: Source; node: Node }[] = [];
    const boundTo = (node: Node) => {
      const outer = source.parent(node);
      if (outer?.type === 'VariableDeclarator' && outer.init === node && outer.id.type === 'Identifier') {
        const bound = source.scopes.bindingOf(outer.id);
        if (bound) here.push(...bound.references);
        for (const exported of bound ? this.exportedNames(source, bound) : [])
          for (const { importer, local } of this.importsOf(source.file, exported))
            if (local.kind === 'name') holders.push(...local.binding.references.map((node) => ({ source: importer, node })));
      } else if (outer?.type === 'AssignmentExpression' && outer.right === node && isThisMember(outer.left)) {
        here.push(...thisReads(source, outer.left));
      } else if (outer?.type === 'ClassProperty' && outer.value === node && outer.key.type === 'Identifier') {
        here.push(...thisReadsByName(source, outer, outer.key.name));
      }
    };
    if (parent?.type === 'NewExpression' && parent.callee === reference) boundTo(parent);
    // `api: JourneyApi` on a parameter, a variable or a class property.
    if (parent?.type === 'TSTypeReference') {
      const annotation = source.parent(parent);
      const annotated = annotation && source.parent(annotation);
      if (annotated?.type === 'Identifier') {
        const bound = source.scopes.bindingOf(annotated);
        if (bound) here.push(...bound.references);
        const property = source.parent(annotated);
        if (property?.type === 'TSParameterProperty') here.push(...thisReadsByName(source, property, annotated.name));
      } else if (annotated?.type === 'ClassProperty' && annotated.key.type === 'Identifier') {
        here.push(...thisReadsByName(source, annotated, annotated.key.name));
      }
    }
    return [...here.map((node) => ({ source, node })), ...holders];
  }

  /** The class an instance expression belongs to: `x` bound to `new C()` or typed `C`, `this.x` likewise. */
  private instanceClass(source: Source, node: Node, seen: Set<Binding> = new Set()): { source: Source; cls: Class } | undefined {
    if (node.type === 'ThisExpression') {
      const cls = source.ancestors(node).reverse().find(isClass);
      return cls ? { source, cls } : undefined;
    }
    if (node.type === 'Identifier') {
      const binding = source.scopes.bindingOf(node);
      const declaration = binding?.declaration;
      if (
        declaration?.type === 'VariableDeclarator' &&
        declaration.init?.type === 'NewExpression' &&
        declaration.init.callee.type === 'Identifier'
      )
        return this.classOf(source, declaration.init.callee);
      const typed = binding ? annotationName(binding.id) : undefined;
      if (typed) return this.classOf(source, typed);
      if (binding?.kind === 'param') return this.passedClass(source, binding, seen);
      return binding ? this.importedInstanceClass(source, binding) : undefined;
    }
    if (isThisMember(node)) {
      const cls = source.ancestors(node).reverse().find(isClass);
      const name = propertyName(node);
      if (!cls || name === undefined) return undefined;
      for (const member of cls.body.body) {
        if (member.type === 'ClassProperty' && member.key.type === 'Identifier' && member.key.name === name) {
          if (member.value?.type === 'NewExpression' && member.value.callee.type === 'Identifier')
            return this.classOf(source, member.value.callee);
          const typed = member.typeAnnotation?.type === 'TSTypeAnnotation' ? member.typeAnnotation.typeAnnotation : undefined;
          if (typed?.type === 'TSTypeReference' && typed.typeName.type === 'Identifier') return this.classOf(source, typed.typeName);
        }
        if (member.type === 'ClassMethod' && member.kind === 'constructor') {
          for (const param of member.params) {
            if (param.type === 'TSParameterProperty' && param.parameter.type === 'Identifier' && param.parameter.name === name) {
              const typed = annotationName(param.parameter);
              if (typed) return this.classOf(source, typed);
            }
          }
          let found: { source: Source; cls: Class } | undefined;
          walk(member, (inner) => {
            if (found || inner.type !== 'AssignmentExpression' || !isThisMember(inner.left) || propertyName(inner.left) !== name) return;
            if (inner.right.type === 'NewExpression' && inner.right.callee.type === 'Identifier')
              found = this.classOf(source, inner.right.callee);
          });
          if (found) return found;
        }
      }
    }
    return undefined;
  }

  /**
   * The class of an untyped parameter (`client` of `waitForTask(client, id)`) that is never assigned, of a function
   * the run sees every call of (by its name, in its file only), when each call passes there an instance of one class.
   */
  private passedClass(source: Source, param: Binding, seen: Set<Binding>): { source: Source; cls: Class } | undefined {
    const fn = param.declaration;
    if (!isFunctionNode(fn) || seen.has(param) || param.id.typeAnnotation) return undefined;
    const index = fn.params.indexOf(param.id);
    if (index === -1 || param.references.some((reference) => isAssigned(source, reference))) return undefined;
    // Written without a reference to it: declared again in the body (`var client = …`), or through `arguments`.
    if (bindsName(fn.body, param.name) || mentionsArguments(fn)) return undefined;
    // Only the parameters being resolved are excluded: a name passed down twice is resolved twice.
    seen.add(param);
    let found: { source: Source; cls: Class } | undefined;
    for (const call of this.onlyCallsOf(source, fn) ?? []) {
      // An argument spread before the parameter's position moves it.
      const spread = call.arguments.slice(0, index).some((argument) => argument.type === 'SpreadElement');
      const argument = call.arguments[index];
      const cls = !spread && argument?.type === 'Identifier' ? this.instanceClass(source, argument, seen) : undefined;
      if (!cls || (found && found.cls !== cls.cls)) {
        found = undefined;
        break;
      }
      found = cls;
    }
    seen.delete(param);
    return found;
  }

  /** The calls of a function declared by name, when its name is only ever called in its file: not exported, passed or assigned. */
  private onlyCallsOf(source: Source, fn: FunctionNode): CallExpression[] | undefined {
    const parent = source.parent(fn);
    const id =
      fn.type === 'FunctionDeclaration' ? fn.id : parent?.type === 'VariableDeclarator' && parent.init === fn ? parent.id : undefined;
    const binding = id?.type === 'Identifier' ? source.scopes.bindingOf(id) : undefined;
    if (!binding || functionOfBinding(binding) !== fn || this.exportedNames(source, binding).length > 0) return undefined;
    const calls: CallExpression[] = [];
    for (const reference of binding.references) {
      const call = source.parent(reference);
      if (call?.type !== 'CallExpression' || call.callee !== reference) return undefined;
      calls.push(call);
    }
    return calls;
  }

  /** The untyped parameters an instance `holder` is passed to, by the calls `passedClass` follows, that hold only instances of `cls`. */
  private parametersHolding(source: Source, holder: Node, cls: Class): Binding[] {
    const call = source.parent(holder);
    if (call?.type !== 'CallExpression' || call.callee.type !== 'Identifier') return [];
    const index = call.arguments.indexOf(holder as CallExpression['arguments'][number]);
    const callee = source.scopes.bindingOf(call.callee);
    const param = callee && index !== -1 ? functionOfBinding(callee)?.params[index] : undefined;
    const binding = param?.type === 'Identifier' ? source.scopes.bindingOf(param) : undefined;
    return binding && this.passedClass(source, binding, new Set())?.cls === cls ? [binding] : [];
  }

  /**
   * The class of an instance another module of the run makes once and exports (`export const kyc = new KycClient(…)`,
   * imported as `import { kyc } from './kyc'`): a `const`, so nothing can put another instance under its name.
   */
  private importedInstanceClass(source: Source, binding: Binding): { source: Source; cls: Class } | undefined {
    const imported = this.importedFrom(source, binding);
    const target = imported && this.declarationOf(imported.file, imported.imported);
    if (target?.node.type !== 'VariableDeclarator' || target.node.id.type !== 'Identifier') return undefined;
    const { init } = target.node;
    if (init?.type !== 'NewExpression' || init.callee.type !== 'Identifier') return undefined;
    return target.source.scopes.bindingOf(target.node.id)?.kind === 'const' ? this.classOf(target.source, init.callee) : undefined;
  }

  /** The class declaration a name refers to, in its file or through an import. */
  private classOf(source: Source, name: Identifier): { source: Source; cls: Class } | undefined {
    const binding = source.scopes.lookup(name.name, name);
    if (!binding) return undefined;
    if (binding.kind === 'class' && isClass(binding.declaration)) return { source, cls: binding.declaration };
    const whole = this.wholeModuleOf(source, binding);
    const wholeSource = whole === undefined ? undefined : this.sources.get(whole);
    const wholeClass = wholeSource && commonjsWholeClass(wholeSource);
    if (wholeSource && wholeClass) return { source: wholeSource, cls: wholeClass };
    const imported = this.importedFrom(source, binding);
    if (!imported) return undefined;
    const target = this.declarationOf(imported.file, imported.imported);
    return target && isClass(target.node) ? { source: target.source, cls: target.node } : undefined;
  }

  /** The file whose whole value a binding holds: `const X = require('./m')`, or `import X from './m'` (a CommonJS module's `module.exports`). */
  private wholeModuleOf(source: Source, binding: Binding): string | undefined {
    const imported = this.importedFrom(source, binding);
    const entry = source.ctx.imports.get(binding.name);
    if (!imported || !entry) return undefined;
    const whole = entry.node.type === 'VariableDeclarator' ? entry.imported === '*' : entry.imported === 'default';
    return whole ? imported.file : undefined;
  }

  /** The bindings other files give `cls` when it is their whole `module.exports`: `const X = require(…)`, `import X from …`. */
  private wholeClassImports(source: Source, cls: Class): { importer: Source; binding: Binding }[] {
    const found: { importer: Source; binding: Binding }[] = [];
    if (commonjsWholeClass(source) !== cls) return found;
    for (const importerFile of this.sources.modules.importersOf(source.file)) {
      const importer = this.sources.get(importerFile);
      if (!importer) continue;
      for (const local of importer.ctx.imports.keys()) {
        const binding = importer.scopes.lookup(local, importer.ctx.ast.program);
        if (binding && this.wholeModuleOf(importer, binding) === source.file) found.push({ importer, binding });
      }
    }
    return found;
  }

  /** The function a name is bound to: a declaration, a `const` holding one, or an imported function. */
  private functionBound(source: Source, name: Identifier): FunctionRef | undefined {
    const binding = source.scopes.bindingOf(name);
    if (!binding) return undefined;
    const local = functionOfBinding(binding);
    if (local) return { source, fn: local };
    const imported = this.importedFrom(source, binding);
    return imported ? this.exportedFunction(imported.file, imported.imported) : undefined;
  }

  /** The object literal `file` exports as `name` (`default`: `export default api`, or `module.exports = api`). */
  private exportedObject(file: string, name: string): { source: Source; object: ObjectExpression } | undefined {
    const source = this.sources.get(file);
    if (!source) return undefined;
    if (name === 'default') {
      const whole = wholeExport(source, 'default') ?? wholeExport(source, 'commonjs');
      return whole && { source, object: whole.object };
    }
    const target = this.declarationOf(file, name);
    if (target?.node.type === 'ObjectExpression') return { source: target.source, object: target.node };
    if (target?.node.type !== 'VariableDeclarator' || target.node.id.type !== 'Identifier') return undefined;
    const binding = target.source.scopes.bindingOf(target.node.id);
    const object = binding && objectOfBinding(target.source, binding);
    return object && { source: target.source, object };
  }

  private exportedFunction(file: string, name: string): FunctionRef | undefined {
    const target = this.declarationOf(file, name);
    if (!target) return undefined;
    return isFunctionNode(target.node) ? { source: target.source, fn: target.node } : undefined;
  }

  /** What `name` exported by `file` declares: a function, a class, or a `const` holding a function. */
  private declarationOf(file: string, name: string): { source: Source; node: Node } | undefined {
    const local = this.sources.get(file);
    const declared = local && name !== 'default' ? declaredExport(local, name) : undefined;
    if (declared) return { source: local as Source, node: declared };
    // What the file does not declare itself it re-exports: ts-morph follows `export … from` and `export *`.
    const site = name === 'default' || !reexports(local) ? undefined : this.sources.modules.exported(file, name);
    const source = this.sources.get(site?.file ?? file);
    if (!source) return undefined;
    if (site) {
      const id = source.nodeAt(site.start, 'Identifier');
      const binding = id && source.scopes.bindingOf(id);
      if (!binding) return undefined;
      return { source, node: functionOfBinding(binding) ?? binding.declaration };
    }
    // A default export, or a CommonJS module (`module.exports = { name }`, `exports.name = …`).
    for (const statement of source.ctx.ast.program.body) {
      if (name === 'default' && statement.type === 'ExportDefaultDeclaration') {
        const declaration = statement.declaration;
        if (declaration.type === 'Identifier') return this.declarationOf(file, declaration.name);
        return { source, node: declaration };
      }
      if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
      const { left, right } = statement.expression;
      const target = this.sources.get(file)?.ctx.text(left);
      let value: Node | undefined;
      if (target === 'module.exports' && right.type === 'ObjectExpression') {
        const property = right.properties.find((entry) => keyName(entry) === name);
        value = property?.type === 'ObjectProperty' ? property.value : property;
      } else if (target === 'module.exports' && right.type === 'Identifier') {
        // `module.exports = api` of `const api = { name: function () {} }`.
        const whole = wholeExport(source, 'commonjs');
        const fn = whole && propertyFunction(source, whole.object, name);
        if (fn) return { source, node: fn };
      } else if (target === `module.exports.${name}` || target === `exports.${name}`) value = right;
      if (!value) continue;
      if (value.type === 'Identifier') {
        const binding = source.scopes.bindingOf(value);
        return binding ? { source, node: functionOfBinding(binding) ?? binding.declaration } : undefined;
      }
      return { source, node: value };
    }
    return undefined;
  }

  /**
   * The module whose namespace `node` holds: `ns` of `import * as ns` (or `require`); `ns` imported by name from a
   * module that re-exports it (`export * as ns from './m'`: a barrel's namespace leads to `./m`, where its functions
   * are declared); `lib.ns` of such a namespace read from another.
   */
  private namespaceOf(source: Source, node: Node): string | undefined {
    if (isMember(node)) {
      const outer = this.namespaceOf(source, node.object);
      const name = propertyName(node);
      return outer === undefined || name === undefined ? undefined : this.sources.modules.exportedNamespace(outer, name);
    }
    const binding = node.type === 'Identifier' ? source.scopes.bindingOf(node) : undefined;
    // A name that holds an object literal holds that object, not a module.
    const imported = binding && !objectOfBinding(source, binding) ? this.importedFrom(source, binding) : undefined;
    if (!imported) return undefined;
    return imported.imported === '*' ? imported.file : this.sources.modules.exportedNamespace(imported.file, imported.imported);
  }

  /** The module and the name an import binding (or `require`) brings in; `*` for a namespace. */
  private importedFrom(source: Source, binding: Binding): { file: string; imported: string } | undefined {
    const entry = source.ctx.imports.get(binding.name);
    if (!entry || (binding.kind !== 'import' && binding.kind !== 'const' && binding.kind !== 'let' && binding.kind !== 'var'))
      return undefined;
    const file = this.sources.modules.resolve(source.file, entry.specifier);
    return file ? { file, imported: this.importedName(entry, file) } : undefined;
  }

  /**
   * The name an import takes from `file`, with Node's view of a CommonJS module: its default import
   * (`import client from './client.cjs'`) is its `module.exports`, whose members are its `exports.x`, as a
   * namespace import's are.
   */
  private importedName(entry: { imported: string; node: Node }, file: string): string {
    const commonjs =
      entry.node.type === 'ImportDeclaration' && entry.imported === 'default' && this.sources.get(file)?.ctx.moduleSyntax === 'cjs';
    return commonjs ? '*' : entry.imported;
  }

  /**
   * Whether a module of the run may read `binding` from its file: it imports it under a name it is exported as, or
   * reaches the file where no ES import names what it reads (`import('./x')`, `require('./x')`, `import x = require`).
   */
  importedElsewhere(source: Source, binding: Binding): boolean {
    const names = this.exportedNames(source, binding);
    if (names.length === 0) return false;
    if (names.some((name) => this.importsOf(source.file, name).length > 0)) return true;
    return this.sources.modules.importersOf(source.file).some((file) => {
      const importer = this.sources.get(file);
      // Only an ES import names what it takes; `require` and `import x = require` may hand on the whole module.
      const named = [...(importer?.ctx.imports.values() ?? [])].some(
        (entry) => entry.node.type === 'ImportDeclaration' && this.sources.modules.resolve(file, entry.specifier) === source.file,
      );
      const passed = importer?.ctx.ast.program.body.some(
        (statement) =>
          (statement.type === 'ExportAllDeclaration' || statement.type === 'ExportNamedDeclaration') &&
          statement.source &&
          this.sources.modules.resolve(file, statement.source.value) === source.file,
      );
      return !named && !passed;
    });
  }

  /** The names under which a binding leaves its file: `export`, `export { x as y }`, `export default x`, `module.exports`. */
  private exportedNames(source: Source, binding: Binding): string[] {
    const names: string[] = [];
    const declaration = binding.declaration;
    const holder = declaration.type === 'VariableDeclarator' ? source.parent(declaration) : declaration;
    const outer = holder && source.parent(holder);
    if (outer?.type === 'ExportNamedDeclaration') names.push(binding.name);
    if (outer?.type === 'ExportDefaultDeclaration') names.push('default');
    for (const statement of source.ctx.ast.program.body) {
      if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
        for (const specifier of statement.specifiers) {
          if (specifier.type === 'ExportSpecifier' && specifier.local.name === binding.name)
            names.push(specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value);
        }
      }
      if (
        statement.type === 'ExportDefaultDeclaration' &&
        statement.declaration.type === 'Identifier' &&
        statement.declaration.name === binding.name
      )
        names.push('default');
      if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
        const { left, right } = statement.expression;
        const target = source.ctx.text(left);
        if (target === 'module.exports' && right.type === 'ObjectExpression') {
          for (const property of right.properties) {
            if (property.type === 'ObjectProperty' && property.value.type === 'Identifier' && property.value.name === binding.name) {
              const key = keyName(property);
              if (key) names.push(key);
            }
          }
        }
        const named = /^(?:module\.)?exports\.([\w$]+)$/.exec(target)?.[1];
        if (named && right.type === 'Identifier' && right.name === binding.name) names.push(named);
      }
    }
    return names;
  }

  /** The bindings other files give `name` exported by `file`: named and default imports, namespaces, `require`. */
  private importsOf(file: string, name: string, seen: Set<string> = new Set()): { importer: Source; local: ImportedLocal }[] {
    const found: { importer: Source; local: ImportedLocal }[] = [];
    if (seen.has(`${file}\0${name}`)) return found;
    seen.add(`${file}\0${name}`);
    for (const importerFile of this.sources.modules.importersOf(file)) {
      const importer = this.sources.get(importerFile);
      if (!importer) continue;
      // A module that passes the name on (`export * from`, `export { name } from`): its importers import it too.
      for (const statement of importer.ctx.ast.program.body) {
        if ((statement.type !== 'ExportAllDeclaration' && statement.type !== 'ExportNamedDeclaration') || !statement.source) continue;
        if (this.sources.modules.resolve(importerFile, statement.source.value) !== file) continue;
        if (statement.type === 'ExportAllDeclaration') found.push(...this.importsOf(importerFile, name, seen));
        for (const specifier of statement.type === 'ExportNamedDeclaration' ? statement.specifiers : []) {
          if (specifier.type === 'ExportNamespaceSpecifier') {
            // `export * as ns from` passes on the whole module: `ns.name()` where `ns` is imported by name, and
            // `lib.ns.name()` where the passing module is imported as a namespace.
            const passed = specifier.exported.name;
            for (const { importer: holder, local } of this.importsOf(importerFile, passed, seen)) {
              const path = local.kind === 'name' ? [] : [...(local.path ?? []), passed];
              found.push({ importer: holder, local: { kind: 'namespace', binding: local.binding, path } });
            }
          }
          if (specifier.type !== 'ExportSpecifier' || specifier.local.name !== name) continue;
          const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value;
          found.push(...this.importsOf(importerFile, exported, seen));
        }
      }
      for (const [local, entry] of importer.ctx.imports) {
        if (this.sources.modules.resolve(importerFile, entry.specifier) !== file) continue;
        const imported = this.importedName(entry, file);
        if (imported !== name && imported !== '*') continue;
        const binding = importer.scopes.lookup(local, importer.ctx.ast.program);
        if (binding) found.push({ importer, local: { kind: imported === '*' ? 'namespace' : 'name', binding } });
      }
    }
    return found;
  }
}

/** A value of the project and the file it is in. */
export interface Held {
  readonly source: Source;
  readonly node: Node;
}

/** What a `const` binding is given where it is declared by name (`const statusOf = fp.get('status')`). */
function constValue(binding: Binding): Node | undefined {
  const { declaration } = binding;
  if (binding.kind !== 'const' || declaration.type !== 'VariableDeclarator' || declaration.id !== binding.id) return undefined;
  return declaration.init ?? undefined;
}

const isCallValue = (node: Node | undefined): boolean => node?.type === 'CallExpression' || node?.type === 'OptionalCallExpression';

/** A value found in another module of the project: a call, a function or a class (through a cast); anything else, none. */
function readable(held: Held | 'unread' | undefined): Held | 'unread' | undefined {
  if (!held || held === 'unread') return held;
  let { node } = held;
  // `((s) => …) as Summarizer`: the function the cast holds.
  while (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression' || node.type === 'ParenthesizedExpression')
    node = node.expression;
  if (isCallValue(node) || isFunctionNode(node) || isClass(node)) return { source: held.source, node };
  // An alias of a library's function (`JSON.stringify`) is no made one; any other value (a name holding another's,
  // a conditional between two made getters) may be.
  return isMember(node) ? undefined : 'unread';
}

/** What a binding holds: a `const`'s value, a function or class it declares, or `unread` for a `let` or `var`. */
function valueOfBinding(source: Source, binding: Binding): Held | 'unread' | undefined {
  const value = constValue(binding);
  if (value) return { source, node: value };
  const { declaration } = binding;
  if (isFunctionNode(declaration) || isClass(declaration)) return { source, node: declaration };
  return declaration.type === 'VariableDeclarator' ? 'unread' : undefined;
}

/**
 * The value under key `name` of an object literal, the last one written winning, a `const` it names followed once;
 * `unread` where a spread written after may replace it, or where none is written and a spread may hold it.
 */
function propertyValue(source: Source, object: ObjectExpression, name: string): Held | 'unread' | undefined {
  for (const property of [...object.properties].reverse()) {
    if (property.type === 'SpreadElement') return 'unread';
    if (keyName(property) !== name) continue;
    if (property.type !== 'ObjectProperty') return { source, node: property };
    const { value } = property;
    const binding = value.type === 'Identifier' ? source.scopes.bindingOf(value) : undefined;
    const held = binding && constValue(binding);
    return { source, node: held ?? value };
  }
  return undefined;
}

/** The class a CommonJS module exports as a whole: `module.exports = Cls` of a class it declares, or `module.exports = class {…}`. */
function commonjsWholeClass(source: Source): Class | undefined {
  let found: Class | undefined;
  for (const statement of source.ctx.ast.program.body) {
    if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
    const { left, right } = statement.expression;
    if (source.ctx.text(left) !== 'module.exports') continue;
    // The last assignment is what `require` answers.
    const binding = right.type === 'Identifier' ? source.scopes.lookup(right.name, source.ctx.ast.program) : undefined;
    found = isClass(right) ? right : binding?.kind === 'class' && isClass(binding.declaration) ? binding.declaration : undefined;
  }
  return found;
}

/** Whether a function's body reads `arguments`, through which sloppy-mode code writes its parameters. */
function mentionsArguments(fn: FunctionNode): boolean {
  let found = false;
  walk(fn.body, (node) => {
    if (node.type === 'Identifier' && node.name === 'arguments') found = true;
  });
  return found;
}

/** Whether a name's reference is written to: `x = …`, `x++`, `[x] = …`, `for (x of …)`. */
function isAssigned(source: Source, reference: Identifier): boolean {
  let target: Node = reference;
  let parent = source.parent(reference);
  while (parent && /^(ObjectProperty|ObjectPattern|ArrayPattern|RestElement|AssignmentPattern)$/.test(parent.type)) {
    if (parent.type === 'ObjectProperty' && parent.value !== target) return false;
    target = parent;
    parent = source.parent(parent);
  }
  if (parent?.type === 'UpdateExpression') return true;
  if (parent?.type === 'AssignmentExpression') return parent.left === target;
  return (parent?.type === 'ForOfStatement' || parent?.type === 'ForInStatement') && parent.left === target;
}

/** `name` of `exports.name` or `module.exports.name`: a name a CommonJS module exports. */
function commonjsExportName(source: Source, node: Node): string | undefined {
  return isMember(node) ? /^(?:module\.)?exports\.([\w$]+)$/.exec(source.ctx.text(node))?.[1] : undefined;
}

/** The call `node.name()`, when `node` is the object of one. */
function memberCallOn(source: Source, node: Node, name: string): CallExpression | undefined {
  const member = source.parent(node);
  const call = member && source.parent(member);
  const calls = isMember(member) && member.object === node && propertyName(member) === name;
  return calls && call?.type === 'CallExpression' && call.callee === member ? call : undefined;
}

/** Calls `x.name()` on the expressions `references`. */
function memberCalls(source: Source, references: readonly Node[], name: string): CallRef[] {
  const calls: CallRef[] = [];
  for (const reference of references) {
    const call = memberCallOn(source, reference, name);
    if (call) calls.push({ source, call });
  }
  return calls;
}

/**
 * The reads of a namespace import that hold the namespace of the module imported from: its references, or for a
 * namespace reached through another (`lib.ns` of `import * as lib`), the reads of `ns` on them.
 */
function namespaceReads(source: Source, local: ImportedLocal): Node[] {
  const reads: Node[] = [];
  for (const reference of local.binding.references) {
    let node: Node | undefined = reference;
    for (const name of local.path ?? []) {
      const member: Node | undefined = source.parent(node);
      node = isMember(member) && member.object === node && propertyName(member) === name ? member : undefined;
      if (!node) break;
    }
    if (node) reads.push(node);
  }
  return reads;
}

/** The function under `name` of an object literal, as a function of the project. */
function inObject(source: Source, object: ObjectExpression, name: string): FunctionRef | undefined {
  const fn = propertyFunction(source, object, name);
  return fn && { source, fn };
}

const isClass = (node: Node | undefined): node is Class => node?.type === 'ClassDeclaration' || node?.type === 'ClassExpression';

const isThisMember = (node: Node): node is Extract<Node, { type: 'MemberExpression' }> =>
  node.type === 'MemberExpression' && node.object.type === 'ThisExpression' && !node.computed;

/** Whether a module re-exports from another (`export … from`, `export *`). */
const reexports = (source: Source | undefined): boolean =>
  source?.ctx.ast.program.body.some(
    (statement) => (statement.type === 'ExportNamedDeclaration' && statement.source) || statement.type === 'ExportAllDeclaration',
  ) ?? true;

/** What `export function|class|const name`, or `export { local as name }`, declares in the module itself. */
function declaredExport(source: Source, name: string): Node | undefined {
  for (const statement of source.ctx.ast.program.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.source) continue;
    const { declaration } = statement;
    if ((declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') && declaration.id?.name === name)
      return declaration;
    if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type !== 'Identifier' || declarator.id.name !== name) continue;
        return isFunctionNode(declarator.init) ? declarator.init : declarator;
      }
    }
    for (const specifier of statement.specifiers) {
      const exported = specifier.type === 'ExportSpecifier' ? specifier.exported : undefined;
      if (specifier.type !== 'ExportSpecifier' || (exported?.type === 'Identifier' ? exported.name : exported?.value) !== name) continue;
      const binding = source.scopes.lookup(specifier.local.name, source.ctx.ast.program);
      return binding ? (functionOfBinding(binding) ?? binding.declaration) : undefined;
    }
  }
  return undefined;
}

/** The class a method (`name() {}`, or an arrow-function property) is declared in, and its name. */
function classMethodOf({ source, fn }: FunctionRef): { cls: Class; name: string } | undefined {
  let member: Node | undefined = fn;
  if (fn.type !== 'ClassMethod' && fn.type !== 'ClassPrivateMethod') {
    member = source.parent(fn);
    if (member?.type !== 'ClassProperty' || member.value !== fn) return undefined;
  }
  const body = member && source.parent(member);
  const cls = body && source.parent(body);
  if (!isClass(cls) || !member || !('key' in member)) return undefined;
  const { key } = member;
  const name = key.type === 'PrivateName' ? key.id.name : key.type === 'Identifier' ? key.name : undefined;
  return name === undefined ? undefined : { cls, name };
}

/** A method (or an arrow-function property) of a class. */
function methodOf(source: Source, cls: Class, name: string): FunctionRef | undefined {
  for (const member of cls.body.body) {
    if ((member.type === 'ClassMethod' || member.type === 'ClassPrivateMethod') && member.kind === 'method') {
      const key = member.key.type === 'PrivateName' ? member.key.id.name : member.key.type === 'Identifier' ? member.key.name : undefined;
      if (key === name) return { source, fn: member };
    }
    if (member.type === 'ClassProperty' && member.key.type === 'Identifier' && member.key.name === name && isFunctionNode(member.value))
      return { source, fn: member.value };
  }
  return undefined;
}

/** The type name an identifier is annotated with (`api: JourneyApi`). */
function annotationName(id: Identifier): Identifier | undefined {
  const annotation = id.typeAnnotation?.type === 'TSTypeAnnotation' ? id.typeAnnotation.typeAnnotation : undefined;
  return annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier' ? annotation.typeName : undefined;
}

/** `this.name` read inside the class that holds `member`. */
function thisReadsByName(source: Source, member: Node, name: string): Node[] {
  const cls = source.ancestors(member).reverse().find(isClass);
  const reads: Node[] = [];
  if (!cls) return reads;
  walk(cls.body, (node) => {
    if (isThisMember(node) && propertyName(node) === name) {
      const parent = source.parent(node);
      if (!(parent?.type === 'AssignmentExpression' && parent.left === node)) reads.push(node);
    }
  });
  return reads;
}

/** Reads of the `this.x` that `target` assigns. */
const thisReads = (source: Source, target: Extract<Node, { type: 'MemberExpression' }>): Node[] =>
  thisReadsByName(source, target, propertyName(target) ?? '');
