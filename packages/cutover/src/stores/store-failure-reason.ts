/**
 * A store failure in a few words fit for a log line: the Redis error code (`NOAUTH`, `READONLY`, `ERR`), the
 * socket's (`ECONNREFUSED`), `connection closed` or `command timed out`, else the error's name. Never the
 * message of a reply, which may echo a command's arguments, nor anything of the URL.
 */
export function storeFailureReason(error: unknown): string {
  if (!(error instanceof Error)) return 'Error';
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,39}$/.test(code)) return code;
  if (error.name === 'ReplyError') return /^[A-Z]{2,40}(?=\s|$)/.exec(error.message)?.[0] ?? 'ReplyError';
  // ioredis's own failures are plain `Error`s told apart only by their messages.
  if (error.message === 'Connection is closed.') return 'connection closed';
  if (error.message === 'Command timed out') return 'command timed out';
  if (error.message.startsWith("Stream isn't writeable")) return 'not connected';
  return /^\w{1,64}$/.test(error.name) ? error.name : 'Error';
}
