import { MalformedTaskIdError, TranslationError } from './translation-errors.js';

/** cyrb53: a fast 53-bit string hash. Not for security: it only tells one interactionId from another. */
function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0');
}

/**
 * The largest tag `digest` gives (53 bits, `2gosa7pa2gv`). Tags are 11 base-36 digits, which sort as text in the
 * order of their values: a tag above this one was never issued, so its task never existed (404), where a tag that
 * could have been issued may name an interaction that moved on (409).
 */
const LARGEST_TAG = Number.MAX_SAFE_INTEGER.toString(36);
const SEPARATOR = '.';
const MAX_LENGTH = 64;
/** Marks an instanceId packed from lowercase hex into base64url, for ids too long to carry as they are. */
const PACKED = '~';

/** The instanceId as the taskId carries it: as it is, or packed when it would not fit in v1's 64 characters. */
function packInstanceId(instanceId: string): string {
  if (instanceId.length + 1 + 11 <= MAX_LENGTH) return instanceId;
  if (/^(?:[0-9a-f]{2})+$/.test(instanceId)) {
    const packed = `${PACKED}${Buffer.from(instanceId, 'hex').toString('base64url')}`;
    if (packed.length + 1 + 11 <= MAX_LENGTH) return packed;
  }
  throw new TranslationError(
    `instanceId of ${instanceId.length} characters cannot be carried in a v1 taskId of at most ${MAX_LENGTH}`,
    500,
    'response.task-id',
  );
}

const unpackInstanceId = (carried: string): string =>
  carried.startsWith(PACKED) ? Buffer.from(carried.slice(1), 'base64url').toString('hex') : carried;

/**
 * The v1 taskId of a v2 interaction: `<instanceId>.<digest of interactionId>` (a long hex instanceId is packed
 * as `~<base64url>`). It carries everything `task/schema` needs (it receives nothing else) and lets any replica
 * tell a stale task from the active one.
 */
export function encodeTaskId(instanceId: string, interactionId: string): string {
  return `${packInstanceId(instanceId)}${SEPARATOR}${digest(interactionId)}`;
}

/** Splits a taskId made by `encodeTaskId`. */
export function decodeTaskId(taskId: string): { instanceId: string; matches(interactionId: string): boolean } {
  const at = taskId.lastIndexOf(SEPARATOR);
  const tag = taskId.slice(at + 1);
  if (at <= 0 || taskId.length > MAX_LENGTH || !/^[0-9a-z]{11}$/.test(tag) || tag > LARGEST_TAG) throw new MalformedTaskIdError(taskId);
  return { instanceId: unpackInstanceId(taskId.slice(0, at)), matches: (interactionId) => digest(interactionId) === tag };
}
