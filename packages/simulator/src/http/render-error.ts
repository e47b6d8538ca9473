import { ERROR_KINDS, v1ErrorIdForStatus } from '@journey-bridge/contract';
import type { SimError } from '../sim-error.js';
import type { Surface } from './env.js';

/** The body of `error` as the surface that answered it spells errors. */
export function errorBody(error: SimError, surface: Surface): unknown {
  if (surface === 'v1') {
    const kind = ERROR_KINDS[error.problems[0]?.kind ?? 'INTERNAL_ERROR'];
    return {
      status: error.status,
      message: error.problems.map((problem) => problem.problem).join('; '),
      error: kind.status === error.status ? kind.v1 : v1ErrorIdForStatus(error.status),
    };
  }
  if (surface === 'token') {
    return {
      error: error.status === 401 ? 'invalid_client' : error.status >= 500 ? 'server_error' : 'invalid_request',
      error_description: error.problems.map((problem) => problem.problem).join('; '),
    };
  }
  return {
    errors: error.problems.map(({ kind, location, problem, action }) => ({
      code: ERROR_KINDS[kind].code,
      name: ERROR_KINDS[kind].name,
      location,
      problem,
      action,
    })),
  };
}
