import { z } from 'zod';

export const Region = z.enum(['eu', 'us', 'au']);
export type Region = z.infer<typeof Region>;

/** The platform's public host suffix; region hosts are `https://{region}.<PLATFORM_HOST>`. */
export const PLATFORM_HOST = 'platform.go.gbgplc.com';

/** Path prefixes of the two API versions, relative to a region host. */
export const V2_BASE_PATH = '/v2/captain/';
export const V1_BASE_PATH = '/captain/api/';

/** Paths of every journey endpoint, relative to their version's base. */
export const V2_PATHS = {
  start: 'journey/start',
  interactionFetch: 'journey/interaction/fetch',
  interactionSubmit: 'journey/interaction/submit',
  stateFetch: 'journey/state/fetch',
  /** Customer token → a one-time connect token for one instance (tenants that need end-user tokens). */
  deviceStart: 'journey/device/start',
  /** Connect token → the end-user token for that instance. */
  deviceConnect: 'journey/device/connect',
  /** Whether the service answers (vendor SDK). */
  health: 'journey/health',
  /** Erases an instance and its data (vendor SDK); later calls naming it answer 404. */
  stateDelete: 'journey/state/delete',
} as const;

export const V1_PATHS = {
  start: 'journey/start',
  taskList: 'journey/task/list',
  taskListSchema: 'journey/task/list/schema',
  taskSchema: 'journey/task/schema',
  taskUpdate: 'journey/task/update',
  stateFetch: 'journey/state/fetch',
} as const;

export const TOKEN_PATHS = {
  oauth: '/as/token.oauth2',
  /** The Keycloak path some tenants issue tokens on (SDK, vendor CLI); it answers as `oauth` does. */
  keycloak: '/auth/realms/go/protocol/openid-connect/token',
  idAuth: '/authenticate/v1/connect/token',
} as const;

export const regionHost = (region: Region): string => `https://${region}.${PLATFORM_HOST}`;
