import type { Node } from '@babel/types';
import type { V1JourneyPath } from '@journey-bridge/contract';
import type { FileContext } from './file-context.js';
import type { RuleId } from './rules.js';
import {
  type CallFacts,
  type Concern,
  type Deferred,
  type MarkerAnchor,
  type Site,
  type SiteRole,
  settle,
  type TextEdit,
} from './types.js';

/** Collects the edits of one site; the site is migrated unless something refuses it. */
export class SiteBuilder {
  readonly edits: TextEdit[] = [];
  readonly pieces: string[] = [];
  readonly helpers: string[] = [];
  private refusal: Concern | undefined;
  private readonly reviews: Concern[] = [];
  readonly anchor: MarkerAnchor;
  private readonly statement: Node;
  deferred: Deferred | undefined;
  call: CallFacts | undefined;

  constructor(
    private readonly ctx: FileContext,
    readonly node: Node,
    ancestors: readonly Node[],
    private readonly ruleId: RuleId,
    private readonly reason: string,
    private readonly role: SiteRole = 'other',
    private readonly operation?: V1JourneyPath,
    /** Tells sites at one place apart (a read beside the call that starts there). */
    private readonly idSuffix?: string,
  ) {
    this.statement = ctx.statementOf(node, ancestors);
    this.anchor = ctx.anchor(this.statement);
  }

  edit(start: number, end: number, text: string): this {
    this.edits.push({ file: this.ctx.file, start, end, text });
    return this;
  }

  replace(node: Node, text: string): this {
    return this.edit(node.start ?? 0, node.end ?? 0, text);
  }

  /** The site cannot be migrated: it stays as it is, with a marker. The first refusal is the one reported. */
  refuse(ruleId: RuleId, reason: string, suggestion?: string): this {
    this.refusal ??= { rule: ruleId, reason, ...(suggestion ? { suggestion } : {}) };
    return this;
  }

  get refused(): boolean {
    return this.refusal !== undefined;
  }

  /** The site is migrated but a person must check something the code does not show; one marker says all of it. */
  needsReview(ruleId: RuleId, reason: string, suggestion?: string): this {
    this.reviews.push({ rule: ruleId, reason, ...(suggestion ? { suggestion } : {}) });
    return this;
  }

  /** Whether a `journey-codemod-ignore` comment opts the statement out. */
  get optedOut(): boolean {
    return this.ctx.ignored(this.anchor, this.statement);
  }

  get id(): string {
    return `${this.ctx.file}:${this.node.start ?? 0}${this.idSuffix === undefined ? '' : `#${this.idSuffix}`}`;
  }

  /** The site; `optedOut` when what it reads comes only from calls a `journey-codemod-ignore` comment left alone. */
  build(dependsOn?: readonly string[], optedOut = false): Site {
    const site: Site = {
      id: this.id,
      file: this.ctx.file,
      line: this.ctx.line(this.node.start ?? 0),
      span: { start: this.node.start ?? 0, end: this.node.end ?? 0 },
      role: this.role,
      ...(this.operation ? { operation: this.operation } : {}),
      ...(this.call ? { call: this.call } : {}),
      rule: this.ruleId,
      status: 'migrated',
      reason: this.reason,
      planned: { rule: this.ruleId, reason: this.reason },
      ...(this.refusal ? { refusal: this.refusal } : {}),
      reviews: [...this.reviews],
      ignored: optedOut || this.optedOut,
      edits: [...this.edits],
      markerAt: this.anchor,
      pieces: [...this.pieces],
      ...(dependsOn ? { dependsOn: [...dependsOn] } : {}),
      ...(this.deferred ? { deferred: this.deferred } : {}),
      helpers: [...this.helpers],
    };
    settle(site);
    return site;
  }
}
