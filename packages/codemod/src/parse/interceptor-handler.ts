import type { Node, Program } from '@babel/types';

/** A handler left out: `use(undefined, onError)`, `use(null, onError)` leave what it would handle alone. */
export const isAbsent = (node: Node | undefined): boolean =>
  node === undefined || node.type === 'NullLiteral' || (node.type === 'Identifier' && node.name === 'undefined');

/** An interceptor's handler, as a function the codemod can read. */
export type FunctionNode = Extract<Node, { type: 'ArrowFunctionExpression' | 'FunctionExpression' | 'FunctionDeclaration' }>;

/** The handler as a function: written in the call, or a top-level function or `const` of the file it names. */
export function resolveHandler(program: Program, node: Node): FunctionNode | undefined {
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return node;
  if (node.type !== 'Identifier') return undefined;
  for (const statement of program.body) {
    if (statement.type === 'FunctionDeclaration' && statement.id?.name === node.name) return statement;
    if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
    for (const declarator of statement.declarations) {
      if (declarator.id.type !== 'Identifier' || declarator.id.name !== node.name) continue;
      const init = declarator.init;
      return init?.type === 'ArrowFunctionExpression' || init?.type === 'FunctionExpression' ? init : undefined;
    }
  }
  return undefined;
}
