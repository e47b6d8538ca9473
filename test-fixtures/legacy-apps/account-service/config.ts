// Where the verification platform is and what the service runs on it. The host comes from the environment;
// everything after it is the platform's.
const host = process.env.JOURNEY_HOST ?? 'https://eu.platform.go.gbgplc.com';

export const PLATFORM = {
  host,
  /** Every journey endpoint is this base and a suffix: `start`, `task/list`, `task/update`, `state/fetch`. */
  journeyBase: `${host}/eu/captain/api/journey/`,
  tokenUrl: `${host}/as/token.oauth2`,
  timeoutMs: 10_000,
  pollMs: 25,
} as const;

export const JOURNEYS = {
  accountOpening: 'a7c1e3f5account-opening-v1@latest',
  identityCheck: 'a1d7c3f0data-check-v1@latest',
} as const;
