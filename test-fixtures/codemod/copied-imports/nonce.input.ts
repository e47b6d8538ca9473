let nonce = 0;
export const nextNonce = (): string => `n-${nonce++}`;
