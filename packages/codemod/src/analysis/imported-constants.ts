import { Node, Project, type SourceFile, ts } from 'ts-morph';
import { concat, hole, type StaticValue, text } from './static-value.js';

/** A relative import of a file being migrated. */
export interface ImportRequest {
  readonly from: string;
  readonly specifier: string;
}

/** What the project analysis knows before any edit: where imports lead, and the values modules export. */
export interface ImportedConstants {
  /** `from\0specifier` → the resolved file. */
  readonly resolved: Readonly<Record<string, string>>;
  /** File → export name → value (`default` for the default export). */
  readonly exports: Readonly<Record<string, Readonly<Record<string, StaticValue>>>>;
}

export const importKey = (from: string, specifier: string): string => `${from}\0${specifier}`;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  noEmit: true,
  // Only constants are read: the default libraries would cost most of the pass.
  noLib: true,
  types: [],
};

/**
 * The ts-morph pass run before any edit: resolves relative imports of the files to migrate and evaluates the
 * constants their targets export, following re-exports, so `ENDPOINTS.TASK_UPDATE` imported from another file
 * is known at the call site. Only the imported modules are loaded, not the whole program.
 */
export function analyseImportedConstants(requests: readonly ImportRequest[]): ImportedConstants {
  const project = new Project({ compilerOptions: COMPILER_OPTIONS, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
  const resolved: Record<string, string> = {};
  const exports: Record<string, Record<string, StaticValue>> = {};
  for (const { from, specifier } of requests) {
    const target = ts.resolveModuleName(specifier, from, COMPILER_OPTIONS, ts.sys).resolvedModule?.resolvedFileName;
    if (!target || target.includes('/node_modules/')) continue;
    resolved[importKey(from, specifier)] = target;
    if (exports[target]) continue;
    const sourceFile = project.addSourceFileAtPathIfExists(target);
    if (!sourceFile) continue;
    const values: Record<string, StaticValue> = commonJsExports(sourceFile);
    for (const [name, declarations] of sourceFile.getExportedDeclarations()) {
      const declaration = declarations[0];
      if (declaration && Node.isVariableDeclaration(declaration)) {
        const initializer = declaration.getInitializer();
        if (initializer) values[name] = evaluateNode(initializer, new Set());
      }
    }
    exports[target] = values;
  }
  return { resolved, exports };
}

/** `module.exports = { … }`, `module.exports.X = …` and `exports.X = …`, which the compiler does not list for `.cjs`. */
function commonJsExports(sourceFile: SourceFile): Record<string, StaticValue> {
  const values: Record<string, StaticValue> = {};
  for (const statement of sourceFile.getStatements()) {
    if (!Node.isExpressionStatement(statement)) continue;
    const expression = statement.getExpression();
    if (!Node.isBinaryExpression(expression) || expression.getOperatorToken().getKind() !== ts.SyntaxKind.EqualsToken) continue;
    const target = expression.getLeft().getText();
    const value = evaluateNode(expression.getRight(), new Set());
    if (target === 'module.exports' && value.kind === 'object') Object.assign(values, value.props);
    const named = /^(?:module\.)?exports\.([\w$]+)$/.exec(target)?.[1];
    if (named) values[named] = value;
  }
  return values;
}

/** A literal's text is editable in place only when it is written without escapes. */
function literal(value: string, node: Node, start: number): StaticValue {
  const raw = node
    .getSourceFile()
    .getFullText()
    .slice(start, start + value.length);
  return text(value, raw === value ? { file: node.getSourceFile().getFilePath(), start } : undefined);
}

function evaluateNode(node: Node, seen: Set<Node>): StaticValue {
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node))
    return literal(node.getLiteralValue(), node, node.getStart() + 1);
  if (Node.isTemplateExpression(node)) {
    const head = node.getHead();
    const values: StaticValue[] = [literal(head.getLiteralText(), head, head.getStart() + 1)];
    for (const span of node.getTemplateSpans()) {
      values.push(evaluateNode(span.getExpression(), seen));
      const tail = span.getLiteral();
      values.push(literal(tail.getLiteralText(), tail, tail.getStart() + 1));
    }
    return concat(values, node.getText());
  }
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === ts.SyntaxKind.PlusToken) {
    return concat([evaluateNode(node.getLeft(), seen), evaluateNode(node.getRight(), seen)], node.getText());
  }
  if (Node.isAsExpression(node) || Node.isSatisfiesExpression(node) || Node.isParenthesizedExpression(node))
    return evaluateNode(node.getExpression(), seen);
  if (Node.isObjectLiteralExpression(node)) {
    const props: Record<string, StaticValue> = {};
    for (const property of node.getProperties()) {
      if (Node.isPropertyAssignment(property))
        props[property.getName().replace(/^['"]|['"]$/g, '')] = evaluateNode(property.getInitializerOrThrow(), seen);
      else if (Node.isShorthandPropertyAssignment(property)) props[property.getName()] = evaluateNode(property.getNameNode(), seen);
    }
    return { kind: 'object', props };
  }
  if (Node.isIdentifier(node)) {
    const symbol = node.getSymbol();
    // Without a symbol (CommonJS files), a top-level `const` of the same file is the binding.
    const resolved = symbol?.getAliasedSymbol()?.getDeclarations()[0] ?? symbol?.getDeclarations()[0];
    const declaration =
      resolved && Node.isVariableDeclaration(resolved) ? resolved : node.getSourceFile().getVariableDeclaration(node.getText());
    if (declaration && !seen.has(declaration)) {
      const initializer = declaration.getInitializer();
      if (initializer) return evaluateNode(initializer, new Set([...seen, declaration]));
    }
    return hole(node.getText());
  }
  if (Node.isPropertyAccessExpression(node)) {
    const object = evaluateNode(node.getExpression(), seen);
    return object.kind === 'object' ? (object.props[node.getName()] ?? hole(node.getText())) : hole(node.getText());
  }
  return hole(node.getText());
}
