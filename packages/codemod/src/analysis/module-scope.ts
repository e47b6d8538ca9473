import type { ArrowFunctionExpression, ClassMethod, Expression, File, FunctionDeclaration, FunctionExpression } from '@babel/types';
import { nameWrites } from '../parse/name-writes.js';
import type { ReturningFunction } from './side-effects.js';

/**
 * The top-level names of one module as the effect analysis reads them: how often each is written, the plain
 * functions it declares and the constants it holds. Used for a file being migrated and for a module it imports.
 */
export class ModuleScope {
  private writes: { get(name: string): number } | undefined;
  private functions: Map<string, FunctionDeclaration | null> | undefined;

  constructor(private readonly ast: File) {}

  /** How many times the module binds or assigns `name` (see `nameWrites`). */
  timesWritten(name: string): number {
    this.writes ??= nameWrites(this.ast.program);
    return this.writes.get(name);
  }

  /**
   * The function `name` when the module declares it once at its top level and never assigns it, as a plain function
   * (a declaration, or a `const` arrow or function) whose body only returns an expression. At the top level, so every
   * call in the module is in its scope.
   */
  returnedByFunction(name: string): ReturningFunction | undefined {
    if (this.timesWritten(name) !== 1) return undefined;
    const fn = this.declaredFunction(name) ?? this.topLevelConstant(name);
    if (fn?.type !== 'FunctionDeclaration' && fn?.type !== 'FunctionExpression' && fn?.type !== 'ArrowFunctionExpression') return undefined;
    return returningOnly(fn);
  }

  /** The value a name holds when the module declares it once, as a top-level `const`. */
  heldValue(name: string): Expression | undefined {
    return this.timesWritten(name) === 1 ? this.topLevelConstant(name) : undefined;
  }

  /** The function declaration `name` among the module's top-level statements; none when it is declared more than once (overloads). */
  declaredFunction(name: string): FunctionDeclaration | undefined {
    if (!this.functions) {
      const functions = new Map<string, FunctionDeclaration | null>();
      for (const statement of this.ast.program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'FunctionDeclaration' || !declaration.id) continue;
        functions.set(declaration.id.name, functions.has(declaration.id.name) ? null : declaration);
      }
      this.functions = functions;
    }
    return this.functions.get(name) ?? undefined;
  }

  /** The initializer of `const name = …` among the module's top-level statements (exported or not). */
  private topLevelConstant(name: string): Expression | undefined {
    for (const statement of this.ast.program.body) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
      for (const declarator of declaration.declarations)
        if (declarator.id.type === 'Identifier' && declarator.id.name === name && declarator.init) return declarator.init;
    }
    return undefined;
  }
}

/** A function (or method) whose body only returns an expression: its parameters, whose defaults a call may run, and that expression. */
export function returningOnly(
  fn: FunctionDeclaration | FunctionExpression | ArrowFunctionExpression | ClassMethod,
): ReturningFunction | undefined {
  if (fn.async || fn.generator) return undefined;
  if (fn.body.type !== 'BlockStatement') return { params: fn.params, returned: fn.body };
  const [statement] = fn.body.body;
  return fn.body.body.length === 1 && statement?.type === 'ReturnStatement' && statement.argument
    ? { params: fn.params, returned: statement.argument }
    : undefined;
}
