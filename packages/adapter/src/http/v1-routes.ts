import type { V1Api } from '@journey-bridge/client';
import type { V1JourneyPath } from '@journey-bridge/contract';

/** The v1 journey operations by path (relative to `/captain/api/`): every path of the change register's endpoint map. */
export const V1_OPERATIONS = {
  'journey/start': 'startJourney',
  'journey/task/list': 'listTasks',
  'journey/task/list/schema': 'listTasksWithSchema',
  'journey/task/schema': 'getTaskSchema',
  'journey/task/update': 'updateTask',
  'journey/state/fetch': 'fetchState',
} as const satisfies Record<V1JourneyPath, keyof V1Api>;
export type V1Operation = (typeof V1_OPERATIONS)[keyof typeof V1_OPERATIONS];

// Repeated slashes count as one, as proxies such as nginx merge them by default: a legacy base URL ending in `/`,
// joined to a path starting with `/`, is a v1 call all the same.
const V1_PATH = /\/captain\/api\/+(journey(?:\/+[a-z]+)+)\/*$/;

/**
 * Whether a path is under a v1 base (`…/captain/api/`): the shim, whose own origin is the v1 base its callers use,
 * answers every such path in the v1 shape (404 for one that names no operation). The fetch interceptor, which has
 * a real host behind each call, answers only the paths `v1OperationOf` names.
 */
export const isV1Path = (pathname: string): boolean => pathname.includes('/captain/api/');

/**
 * The path with its percent-encoded unreserved characters decoded: RFC 3986 (6.2.2.2) makes `state/%66etch` the
 * same path as `state/fetch`, and a client or proxy that encodes more than it must still names the operation.
 */
const decodeUnreserved = (pathname: string): string =>
  pathname.replace(/%([0-9a-f]{2})/gi, (encoded, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return /[\w.~-]/.test(character) ? character : encoded;
  });

/** The operation a v1 path names, or `undefined` for a path under the v1 base that names none. */
export function v1OperationOf(pathname: string): V1Operation | undefined {
  const path = V1_PATH.exec(decodeUnreserved(pathname))?.[1]?.replace(/\/+/g, '/');
  return path !== undefined && Object.hasOwn(V1_OPERATIONS, path) ? V1_OPERATIONS[path as keyof typeof V1_OPERATIONS] : undefined;
}
