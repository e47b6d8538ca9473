/** Everything this process writes to stderr (the simulator's only log) while it runs, still written through. */
export function captureStderr(): { readonly lines: string[]; stop(): void } {
  const lines: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(String(chunk));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  return { lines, stop: () => (process.stderr.write = write) };
}

/** A value that must never be logged, and what it is (the report names the kind, never the value). */
export interface Secret {
  readonly kind: string;
  readonly value: string;
}

/** How many log lines hold each kind of secret. */
export function scan(lines: readonly string[], secrets: readonly Secret[]): Map<string, number> {
  const hits = new Map<string, number>(secrets.map((secret) => [secret.kind, 0]));
  for (const line of lines) {
    for (const { kind, value } of secrets) if (line.includes(value)) hits.set(kind, (hits.get(kind) ?? 0) + 1);
  }
  return hits;
}
