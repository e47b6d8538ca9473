import { nextNonce } from './nonce';

let issued = 0;

/** Counts what it signs: a copy would sign once more. */
export function signedHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-sequence': String(issued++) };
}

/** Only returns, but what it returns comes from another module: unknown here. */
export function nonceHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-nonce': nextNonce() };
}

export let rotatingHeaders = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
export function rotate(next: typeof rotatingHeaders): void {
  rotatingHeaders = next;
}
