import { ERROR_KINDS, type ErrorKindName, type ErrorLocation } from '@journey-bridge/contract';
import type { z } from 'zod';
import { SimulatorError } from './errors/simulator-error.js';

interface Problem {
  readonly kind: ErrorKindName;
  readonly problem: string;
  readonly location?: ErrorLocation;
  readonly action?: string;
}

const DEFAULT_ACTIONS: Record<ErrorKindName, string> = {
  INVALID_REQUEST: 'Fix the request body; do not retry it unchanged.',
  MISSING_FIELD: 'Add the missing field and send the request again.',
  INVALID_FIELD: 'Correct the field and send the request again.',
  INVALID_FIELD_CONFLICT: 'Correct the data and submit it again.',
  UNAUTHORIZED: 'Obtain a new access token; do not retry with the same token.',
  FORBIDDEN: 'Grant the API client the journey permissions it needs.',
  NOT_FOUND: 'Verify the URL, the region and the identifiers.',
  METHOD_NOT_ALLOWED: 'Use POST.',
  JOURNEY_NOT_ACTIVE: 'The journey has ended: start a new one; never retry.',
  PAYLOAD_TOO_LARGE: 'Send a smaller body.',
  UNSUPPORTED_MEDIA_TYPE: 'Send Content-Type: application/json.',
  TOO_MANY_REQUESTS: 'Retry after the time given in Retry-After.',
  INTERNAL_ERROR: 'Retry with exponential backoff.',
  SERVICE_UNAVAILABLE: 'Retry after a short delay.',
  BAD_GATEWAY: 'Do not retry blindly: the request may have been acted on.',
  GATEWAY_TIMEOUT: 'Do not retry blindly: the request may have been acted on.',
  CLIENT_CLOSED_REQUEST: 'None: nobody reads this answer.',
};

/**
 * A request the simulator refuses, with one or more problems of the same HTTP status. Rendered as the v2
 * `errors[]` body or the v1 `{status, message, error}` body by the surface it reached.
 */
export class SimError extends SimulatorError {
  override name = 'SimError';
  readonly status: number;
  readonly problems: readonly Required<Problem>[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(problems: Problem | readonly Problem[], headers: Record<string, string> = {}) {
    const list = (Array.isArray(problems) ? problems : [problems]) as readonly Problem[];
    const first = list[0];
    if (!first) throw new TypeError('SimError needs at least one problem');
    super(first.problem);
    this.status = ERROR_KINDS[first.kind].status;
    this.problems = list.map((entry) => ({
      location: 'Body',
      action: DEFAULT_ACTIONS[entry.kind],
      ...entry,
    }));
    this.headers = headers;
  }
}

/** Identifiers are echoed in problems, never beyond a sane length. */
export const quote = (value: string): string => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

const SUBJECT_KEYS = new Set(['identity', 'documents', 'biometrics', 'uid']);

/**
 * Turns a failed strict parse of a request body into a 400 whose problems name each offending field, never its
 * value. Parse with `{ reportInput: true }` so a missing field can be told from a wrong one.
 */
export function invalidBody(error: z.ZodError, prefix = ''): SimError {
  return new SimError(
    error.issues.map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(body)';
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((key) => (path === '(body)' ? key : `${path}.${key}`));
        const subjectData = issue.keys.some((key) => SUBJECT_KEYS.has(key));
        return {
          kind: 'INVALID_FIELD' as const,
          problem: `unexpected field ${keys.join(', ')}${subjectData ? ': subject data must be inside context.subject' : ''}`,
        };
      }
      const missing = issue.code === 'custom' ? issue.params?.missing === true : issue.input === undefined;
      return {
        kind: missing ? ('MISSING_FIELD' as const) : ('INVALID_FIELD' as const),
        problem: missing && issue.code !== 'custom' ? `${path} is required` : `${path}: ${issue.message}`,
      };
    }),
  );
}
