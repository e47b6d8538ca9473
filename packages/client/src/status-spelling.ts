import { z } from 'zod';

/** Registered, so the ES-module and CommonJS builds of this package read what the other wrote. */
const SPELLING = Symbol.for('@journey-bridge/client.statusSpelling');

/**
 * `schema`, keeping the status as the answer spelled it where the v1 enumeration reads it otherwise (a tenant that
 * says `Error` is read as `Failed`). The spelling stays off the typed answer, out of `JSON.stringify` and spreads;
 * `statusSpellingOf` reads it, for a drop-in that answers the tenant's own callers on the wire.
 */
export function keepingStatusSpelling<T extends object>(schema: z.ZodType<T>): z.ZodType<T> {
  return z.unknown().transform((raw, ctx) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const { message, path } of parsed.error.issues) ctx.addIssue({ code: 'custom', message, path });
      return z.NEVER;
    }
    const spelled = (raw as { status?: unknown } | null)?.status;
    if (typeof spelled === 'string' && spelled !== (parsed.data as { status?: unknown }).status) {
      Object.defineProperty(parsed.data, SPELLING, { value: spelled, enumerable: false });
    }
    return parsed.data;
  });
}

/** The status as the v1 answer spelled it, when the typed answer reads it otherwise; `undefined` when they agree. */
export const statusSpellingOf = (answer: object): string | undefined => (answer as { [SPELLING]?: string })[SPELLING];
