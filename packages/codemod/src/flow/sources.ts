import type { Node } from '@babel/types';
import type { ImportedConstants } from '../analysis/imported-constants.js';
import { ModuleGraph } from '../analysis/module-graph.js';
import { parseSource } from '../parse/parse-source.js';
import { walk } from '../parse/walk.js';
import { FileContext } from '../plan/file-context.js';
import { Scopes } from './scopes.js';

/** One parsed file as the flow analysis sees it: its context, the parent of every node, and its scopes. */
export class Source {
  private readonly parents = new Map<Node, Node>();
  private readonly byStart = new Map<number, Node[]>();
  private scopeIndex: Scopes | undefined;

  constructor(readonly ctx: FileContext) {
    walk(ctx.ast.program, (node, ancestors) => {
      const parent = ancestors[ancestors.length - 1];
      if (parent) this.parents.set(node, parent);
      const start = node.start ?? 0;
      const list = this.byStart.get(start);
      if (list) list.push(node);
      else this.byStart.set(start, [node]);
    });
  }

  get file(): string {
    return this.ctx.file;
  }

  parent(node: Node): Node | undefined {
    return this.parents.get(node);
  }

  /** The nodes around `node`, outermost first, as the planning steps receive them. */
  ancestors(node: Node): Node[] {
    const chain: Node[] = [];
    for (let current = this.parents.get(node); current; current = this.parents.get(current)) chain.push(current);
    return chain.reverse();
  }

  /** The node of `type` starting at `start` (and ending at `end`, when given). */
  nodeAt<T extends Node['type']>(start: number, type: T, end?: number): Extract<Node, { type: T }> | undefined {
    return this.byStart
      .get(start)
      ?.find((node): node is Extract<Node, { type: T }> => node.type === type && (end === undefined || node.end === end));
  }

  /** Whether a `journey-codemod-ignore` comment opts out the statement that holds `node`, or `node`'s own line. */
  optedOut(node: Node): boolean {
    const statement = this.ctx.statementOf(node, this.ancestors(node));
    return this.ctx.ignored(this.ctx.anchor(statement), statement) || this.ctx.ignoredAtLine(node.start ?? 0);
  }

  get scopes(): Scopes {
    this.scopeIndex ??= new Scopes(this.ctx.ast, (node) => this.parents.get(node));
    return this.scopeIndex;
  }
}

/**
 * Every file of the run, parsed when the analysis first reaches it (the planned ones come parsed already), and
 * the module graph between them. A file outside the run (not read) or that does not parse is `undefined`.
 */
export class Sources {
  private readonly sources = new Map<string, Source | undefined>();
  constructor(
    private readonly texts: ReadonlyMap<string, string>,
    private readonly analysis: ImportedConstants,
    parsed: Iterable<FileContext> = [],
    readonly modules: ModuleGraph = new ModuleGraph(texts),
  ) {
    for (const ctx of parsed) this.sources.set(ctx.file, new Source(ctx));
  }

  /** The text the run read for `file`, unparsed. */
  text(file: string): string | undefined {
    return this.texts.get(file);
  }

  /** Every file of the run. */
  files(): string[] {
    return [...this.texts.keys()];
  }

  get(file: string): Source | undefined {
    if (!this.sources.has(file)) {
      const text = this.texts.get(file);
      const parsed = text === undefined ? undefined : parseSource(file, text);
      this.sources.set(
        file,
        parsed?.ok && text !== undefined ? new Source(new FileContext(file, text, parsed.ast, this.analysis)) : undefined,
      );
    }
    return this.sources.get(file);
  }
}
