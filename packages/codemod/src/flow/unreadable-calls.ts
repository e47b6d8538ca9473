import { readFileSync } from 'node:fs';
import type { CallExpression, Function as FunctionNode, NewExpression, Node } from '@babel/types';
import { ENDPOINT_MAP } from '@journey-bridge/contract';
import { evaluate } from '../analysis/evaluate.js';
import { ModuleGraph } from '../analysis/module-graph.js';
import { mentionsV1, mentionsV2, V1_MARKERS } from '../files/prefilter.js';
import type { ImportBinding } from '../parse/import-bindings.js';
import { isMember, propertyName, walk } from '../parse/walk.js';
import { sendsHttp } from '../plan/http-libraries.js';
import { dynamicImportOf } from './dynamic-imports.js';
import type { Source, Sources } from './sources.js';

type AnyCall = CallExpression | Extract<Node, { type: 'OptionalCallExpression' }> | NewExpression;

/**
 * Text that names a v1 path in an argument: the prefilter's markers, and the operations' paths as a wrapper's
 * caller writes them after its base (`this.call('task/list', …)`). A bare `start` is left out: it names too much else.
 */
const V1_PATH_TEXT: readonly string[] = [
  ...V1_MARKERS,
  ...Object.keys(ENDPOINT_MAP).map((path) => (path === 'journey/start' ? path : path.replace(/^journey\//, ''))),
];

/** What a callee is called on, under its members and calls: `axios` of `axios.create().post`. */
function rootOf(callee: Node): Node {
  let root = callee;
  while (isMember(root) || root.type === 'CallExpression' || root.type === 'OptionalCallExpression') {
    root = isMember(root) ? root.object : root.callee;
  }
  return root;
}

const FUNCTION_VALUE = /^(FunctionExpression|ArrowFunctionExpression)$/;

/**
 * Which calls the codemod resolves to no function of the project can take the id of a journey to a v1 call, so
 * the flow it belongs to cannot be shown whole:
 * - an HTTP request it did not resolve (`fetch`, axios, ky, got, superagent with a URL it cannot read), or made
 *   with a client it does not plan (undici, ofetch, wretch, needle, …: see `sendsHttp`);
 * - a call one of whose arguments names a v1 path (`this.call('task/list', { instanceId })`);
 * - project code that may reach v1: a function imported from a relative module among the run's candidate files
 *   (those with v1 or v2 journey text, or importing names from them) or that the run does not hold and may call
 *   v1 (a declaration file whose implementation it did not read, or a file outside it with v1 or v2 journey text,
 *   read from disk), a method whose name a candidate file
 *   declares as a function or method (`client.listTasks(id)` on an untyped receiver), or `this.m()` in a class of
 *   a candidate file whose method `m` the codemod cannot find (inherited from a class it cannot see).
 *
 * Every other call is a boundary, as a library's is: `res.json`, `logger.info`, `ids.push`, `map.set`, `db.save`
 * take the id nowhere near v1 unless a candidate file declares a function of that name.
 *
 * An imported function is judged by the module that declares it, through re-exports (`export { f } from
 * '../lib/journey'` in a file of the run): that is the code that runs. A name bound by a dynamic import
 * (`const { f } = await import('./x')`, the callback of `import('./x').then`) is imported from `./x`.
 */
export class UnreadableCalls {
  private declaredFunctions: ReadonlyMap<string, readonly DeclaredFunction[]> | undefined;
  /** Files outside the run, by whether they may call v1 (see `unseen`), each read once. */
  private readonly outside = new Map<string, boolean>();

  constructor(
    private readonly sources: Sources,
    private readonly candidates: ReadonlySet<string>,
  ) {}

  /** Whether `call`, which the codemod resolved to no function of the project, may send an id it is given to v1. */
  blocks(source: Source, call: AnyCall): boolean {
    const { callee } = call;
    if (this.namesV1Path(source, call)) return true;
    const root = rootOf(callee);
    if (root.type === 'Identifier') {
      if (sendsHttp(source.ctx, root.name)) return true;
      const binding = source.scopes.lookup(root.name, root);
      if (!binding) return root.name === 'fetch';
      // `import x from './x'`, `const x = require('./x')` or `const { x } = await import('./x')` of a candidate file.
      const imported =
        (binding.kind === 'param' || binding.kind === 'catch' ? undefined : source.ctx.imports.get(root.name)) ??
        dynamicImportOf(source, binding);
      if (imported?.specifier.startsWith('.')) {
        const file = this.declaringModule(source.file, imported);
        if (file !== undefined && (this.candidates.has(file) || this.unseen(file))) return true;
      }
    }
    if (!isMember(callee)) return false;
    // `this.m()` of a class of a candidate file: `m` is inherited from a class the codemod cannot see.
    if (callee.object.type === 'ThisExpression') return this.candidates.has(source.file);
    const name = propertyName(callee);
    return name !== undefined && this.declared().has(name);
  }

  /**
   * Whether `file`, imported by a relative path, is project code the run does not hold that may call v1: only the
   * types of code it did not read (a `.d.ts` whose `.js` it did not read, the import leads to the `.js` when it
   * did), or a file outside the run whose text, read from disk, has v1 or v2 journey text as a candidate has (or
   * cannot be read). A logger outside the run (`../lib/log`) is a boundary, as a library's is.
   */
  private unseen(file: string): boolean {
    if (ModuleGraph.isDeclarationFile(file)) return true;
    if (this.sources.text(file) !== undefined) return false;
    let unseen = this.outside.get(file);
    if (unseen === undefined) {
      let text: string | undefined;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = undefined;
      }
      unseen = text === undefined || mentionsV1(text) || mentionsV2(text);
      this.outside.set(file, unseen);
    }
    return unseen;
  }

  /**
   * The functions and methods candidate files declare under the name `call` calls on a receiver the codemod cannot
   * resolve (`tasks.listTasks(id)` and every `listTasks` a candidate declares): any of them may be the one called.
   */
  mayBeCalled(source: Source, call: AnyCall): readonly DeclaredFunction[] {
    const { callee } = call;
    if (!isMember(callee) || callee.object.type === 'ThisExpression') return [];
    // `axios.post(url, { instanceId })` is the library's own method, never a `post` the project declares.
    const root = rootOf(callee);
    if (root.type === 'Identifier' && sendsHttp(source.ctx, root.name)) return [];
    const name = propertyName(callee);
    return (name !== undefined && this.declared().get(name)) || [];
  }

  /**
   * The module that declares what `imported` names: a re-export (`export { f } from '../lib/journey'`, or of a
   * whole namespace, `export * as journey from '../lib/journey'`) leads on to the code that runs, which may lie
   * outside the run. The module imported when the name is not found there.
   */
  private declaringModule(from: string, imported: ImportBinding): string | undefined {
    const { modules } = this.sources;
    const file = modules.resolve(from, imported.specifier);
    if (file === undefined || imported.imported === '*') return file;
    return modules.exported(file, imported.imported)?.file ?? modules.exportedNamespace(file, imported.imported) ?? file;
  }

  /** Whether an argument is, or holds, v1 path text: written in it, or in a constant it names. */
  private namesV1Path(source: Source, call: AnyCall): boolean {
    return call.arguments.some((argument) => {
      const written = source.ctx.text(argument);
      if (V1_PATH_TEXT.some((text) => written.includes(text))) return true;
      const known = evaluate(argument, source.ctx);
      if (known.kind !== 'string') return false;
      const value = known.parts.map((part) => (part.kind === 'text' ? part.value : '')).join('');
      return V1_PATH_TEXT.some((text) => value.includes(text));
    });
  }

  /** The functions and methods candidate files declare, by name, read once. */
  private declared(): ReadonlyMap<string, readonly DeclaredFunction[]> {
    if (this.declaredFunctions) return this.declaredFunctions;
    const byName = new Map<string, DeclaredFunction[]>();
    for (const file of this.candidates) {
      const source = this.sources.get(file);
      if (!source) continue;
      walk(source.ctx.ast.program, (node) => {
        const declared = declaredFunction(node);
        if (declared) byName.set(declared.name, [...(byName.get(declared.name) ?? []), { source, fn: declared.fn }]);
      });
    }
    this.declaredFunctions = byName;
    return byName;
  }
}

/** A function or method a candidate file declares. */
export interface DeclaredFunction {
  readonly source: Source;
  readonly fn: FunctionNode;
}

/** The function `node` declares, and its name: `function f`, `const f = () => …`, `f() {}`, `f: function () {}`. */
function declaredFunction(node: Node): { name: string; fn: FunctionNode } | undefined {
  const named = (name: string | undefined, fn: FunctionNode) => (name === undefined ? undefined : { name, fn });
  switch (node.type) {
    case 'FunctionDeclaration':
      return named(node.id?.name, node);
    case 'VariableDeclarator':
      return node.id.type === 'Identifier' && node.init && isFunctionValue(node.init) ? named(node.id.name, node.init) : undefined;
    case 'ClassMethod':
    case 'ObjectMethod':
      return node.kind === 'constructor' ? undefined : named(memberKey(node.key, node.computed), node);
    case 'ClassPrivateMethod':
      return named(node.key.id.name, node);
    case 'ObjectProperty':
    case 'ClassProperty':
      return node.value && isFunctionValue(node.value) ? named(memberKey(node.key, node.computed), node.value) : undefined;
    default:
      return undefined;
  }
}

const isFunctionValue = (node: Node): node is Extract<FunctionNode, { type: 'FunctionExpression' | 'ArrowFunctionExpression' }> =>
  FUNCTION_VALUE.test(node.type);

const memberKey = (key: Node, computed: boolean): string | undefined =>
  key.type === 'Identifier' && !computed ? key.name : key.type === 'StringLiteral' ? key.value : undefined;
