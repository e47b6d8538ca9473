import type { CallExpression, NewExpression, Node } from '@babel/types';
import { ENDPOINT_MAP } from '@journey-bridge/contract';
import { evaluate } from '../analysis/evaluate.js';
import { V1_MARKERS } from '../files/prefilter.js';
import { isMember, propertyName, walk } from '../parse/walk.js';
import { libraryOf } from '../plan/http-libraries.js';
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

const FUNCTION_VALUE = /^(FunctionExpression|ArrowFunctionExpression)$/;

/**
 * Which calls the codemod resolves to no function of the project can take the id of a journey to a v1 call, so
 * the flow it belongs to cannot be shown whole:
 * - an HTTP request it did not resolve (`fetch`, axios, ky, got, superagent with a URL it cannot read);
 * - a call one of whose arguments names a v1 path (`this.call('task/list', { instanceId })`);
 * - project code that may reach v1: a function imported from a relative module among the run's candidate files
 *   (those with v1 or v2 journey text, or importing names from them), a method whose name a candidate file
 *   declares as a function or method (`client.listTasks(id)` on an untyped receiver), or `this.m()` in a class of
 *   a candidate file whose method `m` the codemod cannot find (inherited from a class it cannot see).
 *
 * Every other call is a boundary, as a library's is: `res.json`, `logger.info`, `ids.push`, `map.set`, `db.save`
 * take the id nowhere near v1 unless a candidate file declares a function of that name.
 */
export class UnreadableCalls {
  private declaredNames: ReadonlySet<string> | undefined;

  constructor(
    private readonly sources: Sources,
    private readonly candidates: ReadonlySet<string>,
  ) {}

  /** Whether `call`, which the codemod resolved to no function of the project, may send an id it is given to v1. */
  blocks(source: Source, call: AnyCall): boolean {
    const { callee } = call;
    if (this.namesV1Path(source, call)) return true;
    let root: Node = callee;
    while (isMember(root) || root.type === 'CallExpression' || root.type === 'OptionalCallExpression') {
      root = isMember(root) ? root.object : root.callee;
    }
    if (root.type === 'Identifier') {
      if (libraryOf(source.ctx, root.name)) return true;
      const binding = source.scopes.lookup(root.name, root);
      if (!binding) return root.name === 'fetch';
      // `import x from './x'` or `const x = require('./x')` of a candidate file.
      const imported = binding.kind === 'param' || binding.kind === 'catch' ? undefined : source.ctx.imports.get(root.name);
      if (imported?.specifier.startsWith('.')) {
        const file = this.sources.modules.resolve(source.file, imported.specifier);
        if (file !== undefined && this.candidates.has(file)) return true;
      }
    }
    if (!isMember(callee)) return false;
    // `this.m()` of a class of a candidate file: `m` is inherited from a class the codemod cannot see.
    if (callee.object.type === 'ThisExpression') return this.candidates.has(source.file);
    const name = propertyName(callee);
    return name !== undefined && this.declared().has(name);
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

  /** The names candidate files declare as functions or methods, read once. */
  private declared(): ReadonlySet<string> {
    if (this.declaredNames) return this.declaredNames;
    const names = new Set<string>();
    for (const file of this.candidates) {
      const source = this.sources.get(file);
      if (!source) continue;
      walk(source.ctx.ast.program, (node) => {
        const name = declaredFunctionName(node);
        if (name !== undefined) names.add(name);
      });
    }
    this.declaredNames = names;
    return names;
  }
}

/** The name `node` declares a function or method under: `function f`, `const f = () => …`, `f() {}`, `f: function () {}`. */
function declaredFunctionName(node: Node): string | undefined {
  switch (node.type) {
    case 'FunctionDeclaration':
      return node.id?.name;
    case 'VariableDeclarator':
      return node.id.type === 'Identifier' && node.init && FUNCTION_VALUE.test(node.init.type) ? node.id.name : undefined;
    case 'ClassMethod':
    case 'ObjectMethod':
      return node.kind === 'constructor' ? undefined : memberKey(node.key, node.computed);
    case 'ClassPrivateMethod':
      return node.key.id.name;
    case 'ObjectProperty':
    case 'ClassProperty':
      return node.value && FUNCTION_VALUE.test(node.value.type) ? memberKey(node.key, node.computed) : undefined;
    default:
      return undefined;
  }
}

const memberKey = (key: Node, computed: boolean): string | undefined =>
  key.type === 'Identifier' && !computed ? key.name : key.type === 'StringLiteral' ? key.value : undefined;
