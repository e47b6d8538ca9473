/** Where each line of a text starts, to name the 1-based line of an offset. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  /** 1-based line of an offset. */
  line(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  /** The offset where the line of `offset` starts. */
  lineStart(offset: number): number {
    return this.starts[this.line(offset) - 1] ?? 0;
  }
}
