import { ERROR_KINDS, type V1ErrorBody, V2ErrorBody, v1ErrorIdForStatus } from '../errors.js';

/**
 * Moves a v2 error answer back to the v1 body: `message` joins the problems, `error` is v1's identifier for the
 * kind (or the status). Anything that is not a v2 error body still yields a v1 body for the same status.
 */
export function toV1ErrorBody(status: number, body: unknown): V1ErrorBody {
  const parsed = V2ErrorBody.safeParse(body);
  if (!parsed.success) return { status, message: `upstream answered ${status}`, error: v1ErrorIdForStatus(status) };
  const [first] = parsed.data.errors;
  const kind = Object.values(ERROR_KINDS).find((entry) => entry.status === status && entry.name === first?.name);
  return {
    status,
    message: parsed.data.errors.map((error) => error.problem).join('; '),
    error: kind?.v1 ?? v1ErrorIdForStatus(status),
  };
}
