export const JOURNEY_API = `${process.env.JOURNEY_HOST}/eu/captain/api`;
export const TOKEN_URL = `${process.env.JOURNEY_HOST}/as/token.oauth2`;

export const ENDPOINTS = {
  JOURNEY_START: '/journey/start',
  JOURNEY_TASK_LIST: '/journey/task/list',
  JOURNEY_TASK_UPDATE: '/journey/task/update',
  JOURNEY_STATE_FETCH: '/journey/state/fetch',
} as const;

export const DATA_CHECK_JOURNEY = 'a1d7c3f0data-check-v1@latest';
