import type { Auth } from './token-provider.js';

/** A token obtained elsewhere. A 401 cannot be cured by a replay, so it is raised at once. */
export function staticToken(token: string): Auth {
  return {
    connect(environment) {
      environment.log.addSecret(token);
      return { getToken: () => Promise.resolve(token), invalidate: () => false };
    },
  };
}
