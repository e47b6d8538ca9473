import type { Class, Expression, File, FunctionDeclaration, MemberExpression, Node, TSEnumDeclaration } from '@babel/types';
import type { EvaluationScope } from '../analysis/evaluate.js';
import { type ImportedConstants, importKey } from '../analysis/imported-constants.js';
import { ModuleScope, returningOnly } from '../analysis/module-scope.js';
import type { ReturningFunction } from '../analysis/side-effects.js';
import type { StaticValue } from '../analysis/static-value.js';
import { type ImportBinding, importBindings, requireSpecifier } from '../parse/import-bindings.js';
import { LineIndex } from '../parse/line-index.js';
import { isMember, propertyName, walk } from '../parse/walk.js';
import { isWrittenMarker } from './marked.js';
import type { MarkerAnchor } from './types.js';

export const MARKER_PREFIX = 'journey-codemod:';
export const IGNORE_COMMENT = 'journey-codemod-ignore';

/** Everything the steps of a file's plan share: its text, style, bindings, and how to place text in it. */
export class FileContext implements EvaluationScope {
  readonly eol: string;
  readonly quote: string;
  /** The module syntax the file's own code uses: `import`/`export` (`esm`), or `require`/`module.exports`/`exports.x` (`cjs`). */
  readonly moduleSyntax: 'esm' | 'cjs' | undefined;
  /** Whether type annotations may be written. */
  readonly isTypeScript: boolean;
  /** The names the file binds to imports (see `importBindings`). */
  readonly imports: ReadonlyMap<string, ImportBinding>;
  private readonly constants = new Map<string, Expression | TSEnumDeclaration | null>();
  private readonly lines: LineIndex;
  private classes: Class[] | undefined;
  private thisBinders: Node[] | undefined;
  private readonly module: ModuleScope;
  private writtenMembers: { readonly onThis: ReadonlySet<string>; readonly anyObject: ReadonlySet<string> } | undefined;

  constructor(
    readonly file: string,
    readonly source: string,
    readonly ast: File,
    private readonly analysis: ImportedConstants,
  ) {
    this.eol = source.includes('\r\n') ? '\r\n' : '\n';
    this.isTypeScript = /\.[cm]?tsx?$/.test(file);
    this.lines = new LineIndex(source);
    this.module = new ModuleScope(ast);
    let single = 0;
    let double = 0;
    let hasImport = false;
    let commonJs = false;
    walk(ast.program, (node, ancestors) => {
      if (node.type === 'StringLiteral') source[node.start ?? 0] === '"' ? double++ : single++;
      else if (/^Export(Named|Default|All)Declaration$/.test(node.type)) hasImport = true;
      // An enum declared twice merges its members: not a table to trust.
      else if (node.type === 'TSEnumDeclaration') this.constants.set(node.id.name, this.constants.has(node.id.name) ? null : node);
      else if (node.type === 'MemberExpression' && isCommonJsExports(node)) commonJs = true;
      else if (node.type === 'CallExpression' && requireSpecifier(node) !== undefined) commonJs = true;
      else if (node.type === 'ImportDeclaration') hasImport = true;
      else if (node.type === 'VariableDeclarator' && node.init && requireSpecifier(node.init) === undefined) {
        if (node.id.type === 'Identifier' && isConst(ancestors)) {
          // A name declared twice (shadowing, reassignment in another scope) is not a constant we can trust.
          this.constants.set(node.id.name, this.constants.has(node.id.name) ? null : node.init);
        }
      }
    });
    this.imports = importBindings(ast.program);
    this.quote = double > single ? '"' : "'";
    this.moduleSyntax = hasImport ? 'esm' : commonJs ? 'cjs' : undefined;
  }

  constant(name: string): Expression | TSEnumDeclaration | undefined {
    return this.constants.get(name) ?? undefined;
  }

  declaredFunction(name: string): FunctionDeclaration | undefined {
    return this.module.declaredFunction(name);
  }

  specifier(name: string): string | undefined {
    return this.imports.get(name)?.specifier;
  }

  getter(member: Node): Expression | undefined {
    return this.returnedByMember(member, 'get')?.returned;
  }

  /**
   * `this.name` when `name` is a plain method of the class around the call that only returns an expression: the only
   * member of that name in the file's classes (no static twin, no override), never assigned (`this.name = …`), and
   * `this` there is an instance of that class (the call is in one of its instance methods or fields).
   */
  returnedBy(callee: Node): ReturningFunction | undefined {
    if (!isMember(callee) || callee.object.type !== 'ThisExpression') return undefined;
    const name = propertyName(callee);
    if (name === undefined || this.memberWritten(name) || this.classMembersNamed(name) !== 1) return undefined;
    if (!this.thisIsInstanceAt(callee.start ?? 0) || !this.notOverridable(callee, name)) return undefined;
    return this.returnedByMember(callee, 'method');
  }

  /**
   * Whether `node` is a call of a method of the class (`this.headers()`) that only returns an expression, yet is not
   * trusted to be the one that runs (see `returnedBy`): what a marker names as its cause.
   */
  mayBeReplaced(node: Node): boolean {
    if (node.type !== 'CallExpression' || !isMember(node.callee) || node.callee.object.type !== 'ThisExpression') return false;
    return this.returnedByMember(node.callee, 'method') !== undefined && this.returnedBy(node.callee) === undefined;
  }

  /**
   * What reading a member runs: for `this.name`, the getter of that name the class around it or a class it extends
   * in the file declares, when it only returns an expression, `'opaque'` when its body does more; for any member,
   * `'opaque'` when some file of the run declares a getter of that name elsewhere (a base class of another module,
   * an object written with `get name()`); `undefined` when none shows a getter (a plain field, or one the code does
   * not show at all: taken as a read).
   */
  getterRun(member: Node): ReturningFunction | 'opaque' | undefined {
    if (!isMember(member)) return undefined;
    const name = propertyName(member);
    const at = member.start ?? 0;
    const classes = this.classList();
    let cls =
      member.object.type === 'ThisExpression' ? classes.findLast((node) => (node.start ?? 0) <= at && at < (node.end ?? 0)) : undefined;
    // Up the chain of classes the file declares: one named once, and never one already seen.
    const seen = new Set<Class>();
    while (cls && !seen.has(cls)) {
      seen.add(cls);
      const getter = cls.body.body.find(
        (entry) => entry.type === 'ClassMethod' && entry.kind === 'get' && !entry.static && keyText(entry.key) === name,
      );
      if (getter?.type === 'ClassMethod') return returningOnly(getter) ?? 'opaque';
      // A field of the instance (declared, a constructor's parameter property, or set in the constructor) is a value
      // of its own: no getter of that name, on a subclass or anywhere else, runs when it is read.
      if (name !== undefined && declaresField(cls, name)) return undefined;
      const base = cls.superClass;
      const declared = base?.type === 'Identifier' ? classes.filter((other) => other.id?.name === base.name) : [];
      cls = declared.length === 1 ? declared[0] : undefined;
    }
    return name !== undefined && this.analysis.gettersAnywhere?.includes(name) ? 'opaque' : undefined;
  }

  /**
   * Whether no subclass or other file can replace the method `name` of the class around `member`: neither it nor its
   * class is decorated, and it is private (`private` in TypeScript, which refuses an override and a write from
   * outside), or the class does not escape (see `escapes`) and no other file of the run writes a member of that name
   * on any object (`client.headers = …`).
   */
  private notOverridable(member: Node, name: string): boolean {
    const at = member.start ?? 0;
    const cls = this.classList().findLast((node) => (node.start ?? 0) <= at && at < (node.end ?? 0));
    if (!cls) return false;
    const method = cls.body.body.find((entry) => entry.type === 'ClassMethod' && keyText(entry.key) === name);
    // A decorator may replace the method, or every method of the class, with anything; a framework's that only
    // registers the class (NestJS's `@Injectable()`) does not.
    if (method?.type === 'ClassMethod' && (method.decorators?.length ?? 0) > 0) return false;
    if (cls.decorators?.some((decorator) => !this.registersOnly(decorator.expression))) return false;
    if (method?.type === 'ClassMethod' && method.accessibility === 'private') return true;
    const writtenElsewhere = this.analysis.membersWrittenElsewhere;
    if (writtenElsewhere?.includes(name) || writtenElsewhere?.includes('*')) return false;
    return cls.id !== null && cls.id !== undefined && this.timesWritten(cls.id.name) === 1 && !this.escapes(cls);
  }

  /**
   * Whether a subclass may replace the class's methods: it is exported as an ES module exports (`export class`,
   * `export { Name }`, `export default Name`), extended in this file, or in a file another file of the run extends
   * or patches classes of. A CommonJS export alone is not counted: the legacy clients the field notes show export
   * their class so, and read as unknown their headers would keep them on v1.
   */
  private escapes(cls: Class): boolean {
    if (this.analysis.classesExtendedElsewhere?.includes(this.file)) return true;
    const name = cls.id?.name;
    const named = (node: Node | null | undefined) => node?.type === 'Identifier' && node.name === name;
    return (
      this.ast.program.body.some(
        (statement) =>
          ((statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') &&
            statement.declaration === cls) ||
          (statement.type === 'ExportNamedDeclaration' &&
            !statement.source &&
            statement.specifiers.some((specifier) => specifier.type === 'ExportSpecifier' && named(specifier.local))) ||
          (statement.type === 'ExportDefaultDeclaration' && named(statement.declaration)),
      ) || this.classList().some((other) => named(other.superClass))
    );
  }

  /** Whether a class decorator is one of NestJS's that only register the class (`@Injectable()`, `@Controller('x')`). */
  private registersOnly(decorator: Node): boolean {
    const callee = decorator.type === 'CallExpression' ? decorator.callee : decorator;
    if (callee.type !== 'Identifier' || !REGISTERING_DECORATORS.has(callee.name)) return false;
    return this.imports.get(callee.name)?.specifier.startsWith('@nestjs/') ?? false;
  }

  /**
   * Whether the file may give a member `name` a value anywhere: `x.name = …` on any object (an instance, a
   * prototype), or `Object.assign`/`Object.defineProperty` on `this` or a prototype, which may set any name.
   */
  private memberWritten(name: string): boolean {
    const { anyObject } = this.memberWrites();
    return anyObject.has(name) || anyObject.has('*');
  }

  /** The value a name holds when the file declares it once, as a top-level `const`. */
  heldValue(name: string): Expression | undefined {
    return this.module.heldValue(name);
  }

  /** How many members of the file's classes are named `name`, static or not, of any kind. */
  private classMembersNamed(name: string): number {
    return this.classList()
      .flatMap((cls) => cls.body.body)
      .filter((entry) => 'key' in entry && (isComputedKey(entry) || keyText(entry.key) === name)).length;
  }

  /** Whether `this` at `at` is an instance of the class around it: the innermost function or field there is its. */
  private thisIsInstanceAt(at: number): boolean {
    if (!this.thisBinders) {
      const binders: Node[] = [];
      walk(this.ast.program, (node) => {
        if (
          /^(FunctionDeclaration|FunctionExpression|ObjectMethod|ClassMethod|ClassPrivateMethod|ClassProperty|ClassPrivateProperty|StaticBlock)$/.test(
            node.type,
          )
        )
          binders.push(node);
      });
      this.thisBinders = binders;
    }
    const innermost = this.thisBinders.findLast((node) => (node.start ?? 0) <= at && at < (node.end ?? 0));
    return (
      (innermost?.type === 'ClassMethod' || innermost?.type === 'ClassPrivateMethod' || innermost?.type === 'ClassProperty') &&
      !innermost.static
    );
  }

  private classList(): Class[] {
    if (!this.classes) {
      const classes: Class[] = [];
      walk(this.ast.program, (node) => {
        if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') classes.push(node);
      });
      this.classes = classes;
    }
    return this.classes;
  }

  /** How many times the file binds or assigns `name` (see `nameWrites`). */
  timesWritten(name: string): number {
    return this.module.timesWritten(name);
  }

  /** See `ModuleScope.returnedByFunction`. */
  returnedByFunction(name: string): ReturningFunction | undefined {
    return this.module.returnedByFunction(name);
  }

  /**
   * Whether `name` is imported from a module of the project that exports it as a function that only computes a
   * value (see `analyseImportedConstants`), and the file binds it nowhere else.
   */
  importedComputing(name: string): boolean {
    const binding = this.imports.get(name);
    if (!binding || this.timesWritten(name) !== 1) return false;
    const target = this.analysis.resolved[importKey(this.file, binding.specifier)];
    // JavaScript never loads a TypeScript module: what it runs is a compiled or written file the analysis did not read.
    if (target === undefined || (!this.isTypeScript && /\.[cm]?tsx?$/.test(target))) return false;
    return this.analysis.computing?.[target]?.includes(binding.imported) ?? false;
  }

  private returnedByMember(member: Node, kind: 'get' | 'method'): ReturningFunction | undefined {
    if (!isMember(member) || member.object.type !== 'ThisExpression') return undefined;
    const name = propertyName(member);
    const at = member.start ?? 0;
    // The innermost class around the read: classes are listed outermost first.
    const cls = this.classList().findLast((node) => (node.start ?? 0) <= at && at < (node.end ?? 0));
    for (const entry of cls?.body.body ?? []) {
      if ((entry.type !== 'ClassProperty' && entry.type !== 'ClassMethod') || entry.computed) continue;
      if (entry.key.type !== 'Identifier' || entry.key.name !== name) continue;
      // A field set only where it is declared (`readonly base = '…'`) reads as a getter that returns its initializer.
      if (entry.type === 'ClassProperty') {
        if (kind === 'get' && !entry.static && !entry.declare && entry.value && name !== undefined && !this.assigned(name))
          return { params: [], returned: entry.value };
        continue;
      }
      if (entry.kind === kind) return returningOnly(entry);
    }
    return undefined;
  }

  /**
   * Whether the file writes `this.name` anywhere (`this.base = …`, `+=`, `++`): a field so written, even a `readonly`
   * one set in its constructor, holds a value its initializer does not tell.
   */
  private assigned(name: string): boolean {
    return this.memberWrites().onThis.has(name);
  }

  /**
   * The member names the file gives a value (`x.name = …`, `+=`, `++`): on `this`, and on any object (`*` for a
   * computed name, or `Object.assign`/`defineProperty` on `this` or a prototype, which may set any).
   */
  private memberWrites(): { readonly onThis: ReadonlySet<string>; readonly anyObject: ReadonlySet<string> } {
    if (this.writtenMembers) return this.writtenMembers;
    const onThis = new Set<string>();
    const anyObject = new Set<string>();
    walk(this.ast.program, (node) => {
      const target = node.type === 'AssignmentExpression' ? node.left : node.type === 'UpdateExpression' ? node.argument : undefined;
      if (target && isMember(target)) {
        const name = propertyName(target);
        anyObject.add(name ?? '*');
        if (target.object.type === 'ThisExpression' && name !== undefined) onThis.add(name);
      }
      if (
        node.type === 'CallExpression' &&
        isMember(node.callee) &&
        node.callee.object.type === 'Identifier' &&
        node.callee.object.name === 'Object'
      ) {
        const [first] = node.arguments;
        const onThisOrPrototype =
          first?.type === 'ThisExpression' || (first !== undefined && isMember(first) && propertyName(first) === 'prototype');
        if (onThisOrPrototype && /^(assign|defineProperty|defineProperties|setPrototypeOf)$/.test(propertyName(node.callee) ?? ''))
          anyObject.add('*');
      }
    });
    this.writtenMembers = { onThis, anyObject };
    return this.writtenMembers;
  }

  imported(name: string): StaticValue | undefined {
    const binding = this.imports.get(name);
    if (!binding) return undefined;
    const target = this.analysis.resolved[importKey(this.file, binding.specifier)];
    const values = target ? this.analysis.exports[target] : undefined;
    if (!values) return undefined;
    if (binding.imported === '*') return { kind: 'object', props: values };
    return values[binding.imported];
  }

  text(node: Node): string {
    return this.source.slice(node.start ?? 0, node.end ?? 0);
  }

  /** 1-based line of an offset in the file as read: for placing text, never for naming a line to a person (`lineRef`). */
  line(offset: number): number {
    return this.lines.line(offset);
  }

  lineStart(offset: number): number {
    return this.lines.lineStart(offset);
  }

  /** `'x'` in the file's quote style. */
  str(value: string): string {
    return `${this.quote}${value.replaceAll('\\', '\\\\').replaceAll(this.quote, `\\${this.quote}`)}${this.quote}`;
  }

  /** The statement (or class member) that holds `node`, where markers go. */
  statementOf(node: Node, ancestors: readonly Node[]): Node {
    const chain = [...ancestors, node];
    for (let i = chain.length - 1; i >= 0; i--) {
      const candidate = chain[i];
      if (!candidate) continue;
      if (/Statement$|Declaration$/.test(candidate.type) && candidate.type !== 'BlockStatement') {
        const parent = chain[i - 1];
        // A braceless body on its loop's or `if`'s line (`for (…) out.push(…)`) is marked above that statement, on a line of its own.
        if (parent && /Statement$/.test(parent.type) && !this.startsLine(candidate)) continue;
        // A declaration inside `export` is marked above the export.
        return parent && /^Export/.test(parent.type) ? parent : candidate;
      }
      if (candidate.type === 'ClassProperty' || candidate.type === 'ClassMethod') return candidate;
    }
    return node;
  }

  private startsLine(node: Node): boolean {
    const start = node.start ?? 0;
    return /^\s*$/.test(this.source.slice(this.lineStart(start), start));
  }

  anchor(statement: Node): MarkerAnchor {
    const start = statement.start ?? 0;
    const lineStart = this.lineStart(start);
    const before = this.source.slice(lineStart, start);
    const onOwnLine = /^\s*$/.test(before);
    const comments = statement.leadingComments?.map((comment) => comment.value) ?? [];
    const written: { start: number; end: number; rule: string }[] = [];
    const ruleOf = (comment: string) => /\[([\w.-]+)\]/.exec(comment)?.[1] ?? '';
    // One the codemod wrote in front of a statement that shares its line: `/* journey-codemod: … */ `.
    const inline = statement.leadingComments?.at(-1);
    if (!onOwnLine && inline?.type === 'CommentBlock' && this.source.slice(inline.end, start) === ' ') {
      const text = inline.value.trim();
      if (isWrittenMarker(text)) written.push({ start: inline.start ?? start, end: start, rule: ruleOf(text) });
    }
    // Comments right above the statement, even where the parser attached them elsewhere.
    for (let end = lineStart; end > 0 && lineStart - end < 2000; ) {
      const from = this.lineStart(end - 1);
      const line = this.source.slice(from, end).replace(/\r?\n$/, '');
      if (!/^\s*(\/\/|\/\*|\*)/.test(line)) break;
      comments.push(line);
      const own = /^\s*\/\/ (.*)$/.exec(line)?.[1];
      if (own !== undefined && isWrittenMarker(own)) written.push({ start: from, end, rule: ruleOf(own) });
      end = from;
    }
    const existing = comments.flatMap((comment) =>
      [...comment.matchAll(/journey-codemod:\s*[\w-]+\s*\[([\w.-]+)\]/g)].map((match) => match[1] ?? ''),
    );
    // A person's comment opts out; a marker this codemod wrote may name the comment in its advice, and does not.
    if (comments.some(optsOut)) existing.push(IGNORE_COMMENT);
    return onOwnLine
      ? { offset: lineStart, indent: before, onOwnLine, existing, written }
      : { offset: start, indent: '', onOwnLine, existing, written };
  }

  /**
   * Whether a person's `journey-codemod-ignore` comment sits on the line of `offset` or on the comment lines right
   * above it: a line inside a statement (`providers: [JourneyService],` of a module's decorator) opted out alone.
   */
  ignoredAtLine(offset: number): boolean {
    const start = this.lineStart(offset);
    const lineEnd = this.source.indexOf('\n', offset);
    if (optsOut(this.source.slice(offset, lineEnd === -1 ? undefined : lineEnd))) return true;
    for (let end = start; end > 0; ) {
      const from = this.lineStart(end - 1);
      const line = this.source.slice(from, end);
      if (!/^\s*(\/\/|\/\*|\*)/.test(line)) return false;
      if (optsOut(line)) return true;
      end = from;
    }
    return false;
  }

  /** Whether a `journey-codemod-ignore` comment opts the statement out (above it or at the end of its line). */
  ignored(anchor: MarkerAnchor, statement: Node): boolean {
    if (anchor.existing.includes(IGNORE_COMMENT)) return true;
    const end = statement.end ?? 0;
    const lineEnd = this.source.indexOf('\n', end);
    return optsOut(this.source.slice(end, lineEnd === -1 ? undefined : lineEnd));
  }
}

/**
 * Whether text holds a person's `journey-codemod-ignore` comment: the codemod's own markers (`// journey-codemod: …`,
 * `/* journey-codemod: … *\/`), whose advice may name the comment, are taken out first.
 */
function optsOut(text: string): boolean {
  // A comment's own text (what the parser keeps of `// …`) that is a marker, or markers written in a line of code.
  if (text.trimStart().startsWith(MARKER_PREFIX)) return false;
  const own = new RegExp(String.raw`\/\*\s*${MARKER_PREFIX}[\s\S]*?\*\/|\/\/\s*${MARKER_PREFIX}.*`, 'g');
  return text.replace(own, '').includes(IGNORE_COMMENT);
}

/** Only `const` bindings are constants: a `let` may be reassigned anywhere. */
/** A member whose key is computed from a value (`[key]`): it may be any name. */
const isComputedKey = (entry: Node): boolean =>
  'computed' in entry && entry.computed === true && 'key' in entry && entry.key.type !== 'StringLiteral';

/** NestJS's class decorators that register a class with the framework and leave its methods as written. */
const REGISTERING_DECORATORS: ReadonlySet<string> = new Set(['Injectable', 'Controller', 'Module', 'Global', 'Resolver', 'Catch']);

/** Whether a class gives its instances a field `name`: declared, a constructor's parameter property, or `this.name = …` in its constructor. */
function declaresField(cls: Class, name: string): boolean {
  return cls.body.body.some((entry) => {
    if ((entry.type === 'ClassProperty' || entry.type === 'ClassAccessorProperty') && !entry.static) return keyText(entry.key) === name;
    if (entry.type !== 'ClassMethod' || entry.kind !== 'constructor') return false;
    const property = entry.params.some(
      (param) =>
        param.type === 'TSParameterProperty' &&
        (param.parameter.type === 'Identifier'
          ? param.parameter.name
          : param.parameter.left.type === 'Identifier'
            ? param.parameter.left.name
            : '') === name,
    );
    return property || entry.body.body.some((statement) => isThisAssignment(statement, name));
  });
}

/** `this.name = …;` as a statement. */
function isThisAssignment(statement: Node, name: string): boolean {
  if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') return false;
  const target = statement.expression.left;
  return isMember(target) && target.object.type === 'ThisExpression' && propertyName(target) === name;
}

/** The name a member key spells (`name`, `'name'`, `#name`, `['name']`), if it spells one. */
function keyText(key: Node): string | undefined {
  if (key.type === 'Identifier' || key.type === 'StringLiteral') return key.type === 'Identifier' ? key.name : key.value;
  return key.type === 'PrivateName' ? `#${key.id.name}` : undefined;
}

function isConst(ancestors: readonly Node[]): boolean {
  const declaration = ancestors[ancestors.length - 1];
  return declaration?.type === 'VariableDeclaration' && declaration.kind === 'const';
}

/** `module.exports` or `exports.x`: the file is a CommonJS module even when it requires nothing. */
function isCommonJsExports(node: MemberExpression): boolean {
  const { object, property } = node;
  if (object.type !== 'Identifier') return false;
  if (object.name === 'exports') return true;
  return object.name === 'module' && property.type === 'Identifier' && property.name === 'exports' && !node.computed;
}
