import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { types } from 'node:util';
import { CutoverOptionsError } from '../errors/cutover-options-error.js';
import { SealedSubjectError } from '../errors/sealed-subject-error.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals and opens what a shared store holds of a subject (held submissions, Save drafts) with AES-256-GCM: never in the clear. */
export interface Sealer {
  /** `plaintext` encrypted and authenticated for `context` (an instance id, or a save store's key), as base64. */
  seal(plaintext: string, context: string): string;
  /** The plaintext, or `SealedSubjectError` when another key or another context sealed it, or it was altered. */
  open(sealed: string, context: string): string;
  /**
   * A check of the key (an HMAC-SHA-256 under it of a fixed text, as base64), the same for every sealer of the same
   * key: kept in the store to find a replica given another key. It says nothing of the key.
   */
  readonly keyCheck: string;
}

/** A sealer over a 32-byte key. The context is bound as additional data: a sealed value moved to another instance does not open. */
export function createSealer(key: Uint8Array): Sealer {
  // Checked at run time too: JavaScript callers, and keys read from the environment as strings, reach here untyped.
  // isUint8Array, not instanceof: a Buffer made in another realm (a vm context, a test environment) is one too.
  const given: unknown = key;
  if (!types.isUint8Array(given) || given.byteLength !== 32)
    throw new CutoverOptionsError(
      `the store key must be 32 bytes (a Uint8Array or Buffer) for AES-256-GCM, got ${types.isUint8Array(given) ? `${given.byteLength} bytes` : given === undefined ? 'none' : `a ${typeof given}`}`,
    );
  const secret = Buffer.from(key);
  return {
    keyCheck: createHmac('sha256', secret).update('journey-bridge cutover store key check').digest('base64'),
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed, 'base64');
      try {
        const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SealedSubjectError('a sealed value did not open: sealed with another key or for another place, or altered');
      }
    },
  };
}
