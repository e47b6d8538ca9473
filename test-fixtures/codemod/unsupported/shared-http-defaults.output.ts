import type { ExtendOptions } from 'got';

/** The HTTP options every client of the service shares, the journey API's among them. */
export const httpDefaults: ExtendOptions = { timeout: { request: 10_000 }, retry: { limit: 2 } };
