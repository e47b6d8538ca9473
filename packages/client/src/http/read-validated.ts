import type { z } from 'zod';
import { ResponseValidationError } from '../errors/response-validation-error.js';

/**
 * The text of a successful response, parsed and checked against its contract schema. A body that is not JSON, or
 * does not match, raises `ResponseValidationError` naming the first offending field (never its value, nor the body).
 */
export function parseValidated<T>(text: string, status: number, schema: z.ZodType<T>, endpoint: string, requestId: string | undefined): T {
  const fail = (path: string, problem: string, cause?: unknown) =>
    new ResponseValidationError({ status, requestId, endpoint, path, problem, cause });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // A cause of our own: JSON.parse's quotes the body, which may hold subject data.
    throw fail('(body)', 'the body is not valid JSON', new SyntaxError(`the body is not JSON (${Buffer.byteLength(text)} bytes)`));
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw fail(issue?.path.map(String).join('.') || '(body)', issue?.message ?? 'invalid', parsed.error);
}

/** An error response's body: JSON when it is, else its text, else `undefined`. Never throws. */
export async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return text || undefined;
    }
  } catch {
    return undefined;
  }
}
