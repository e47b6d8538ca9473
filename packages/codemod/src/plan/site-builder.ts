import type { Node } from '@babel/types';
import { type FileContext, IGNORE_COMMENT } from './file-context.js';
import type { RuleId } from './rules.js';
import type { MarkerAnchor, Site, SiteStatus, TextEdit } from './types.js';

/** Collects the edits of one site; the site is migrated unless something refuses it. */
export class SiteBuilder {
  readonly edits: TextEdit[] = [];
  readonly pieces: string[] = [];
  private refusal: { rule: string; reason: string; suggestion?: string } | undefined;
  private readonly reviews: { rule: string; reason: string; suggestion?: string }[] = [];
  readonly anchor: MarkerAnchor;
  private readonly statement: Node;

  constructor(
    private readonly ctx: FileContext,
    readonly node: Node,
    ancestors: readonly Node[],
    private readonly ruleId: RuleId,
    private readonly reason: string,
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

  /** The site is migrated but a person must check something the code does not show; one marker says all of it. */
  needsReview(ruleId: RuleId, reason: string, suggestion?: string): this {
    this.reviews.push({ rule: ruleId, reason, ...(suggestion ? { suggestion } : {}) });
    return this;
  }

  get id(): string {
    return `${this.ctx.file}:${this.node.start ?? 0}`;
  }

  build(dependsOn?: readonly string[]): Site {
    const ignored = this.ctx.ignored(this.anchor, this.statement);
    const review = this.reviews[0] && {
      rule: this.reviews[0].rule,
      // Further concerns name their own rule.
      reason: this.reviews
        .map((item, index) => (index > 0 && item.rule !== this.reviews[0]?.rule ? `[${item.rule}] ${item.reason}` : item.reason))
        .join('; '),
      suggestion: this.reviews.flatMap((item) => item.suggestion ?? []).join('; '),
    };
    const outcome = this.refusal ?? review;
    const status: SiteStatus = ignored ? 'ignored' : this.refusal ? 'unsupported' : review ? 'needs-review' : 'migrated';
    return {
      id: this.id,
      file: this.ctx.file,
      line: this.ctx.line(this.node.start ?? 0),
      rule: outcome?.rule ?? this.ruleId,
      status,
      reason: ignored ? `opted out with a ${IGNORE_COMMENT} comment` : (outcome?.reason ?? this.reason),
      ...(outcome?.suggestion ? { suggestion: outcome.suggestion } : {}),
      edits: this.edits,
      markerAt: this.anchor,
      pieces: this.pieces,
      ...(dependsOn ? { dependsOn } : {}),
    };
  }
}
