import type { z } from 'zod';
import {
  DeviceConnectResponse,
  DeviceStartResponse,
  ErrorResponse,
  FetchResponse,
  HealthResponse,
  StartResponse,
  StateResponse,
  SuccessResponse,
  TokenResponse,
} from './sdk-models.js';

/** Options of a client written in the style of the vendor's TypeScript SDK. */
export interface SdkOptions {
  /** The region's origin, e.g. `http://sim.test/eu`: the v2 base is `${regionUrl}/v2/captain/`. */
  regionUrl: string;
  /** The token host's origin. */
  authUrl: string;
  username: string;
  password: string;
  clientId: string;
  fetch: typeof globalThis.fetch;
}

/** A refused call: its HTTP status and the platform's error items, parsed as strictly as any answer. */
export class SdkApiError extends Error {
  override name = 'SdkApiError';
  constructor(
    readonly status: number,
    readonly body: z.infer<typeof ErrorResponse>,
  ) {
    super(`${status}: ${body.errors.map((error) => error.name).join(', ')}`);
  }
}

export interface Participant {
  domainElementId: string;
  instruction?: string;
}

/**
 * The SDK's surface: the Keycloak password grant, the journey endpoints with typed, strictly validated answers,
 * and the device endpoints for tenants whose interactions need an end user's token.
 */
export class SdkClient {
  readonly #options: SdkOptions;
  #accessToken: string | undefined;
  readonly #endUserTokens = new Map<string, string>();

  constructor(options: SdkOptions) {
    this.#options = options;
  }

  async authenticate(): Promise<void> {
    const { authUrl, username, password, clientId, fetch } = this.#options;
    const response = await fetch(`${authUrl}/auth/realms/go/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: clientId, username, password }),
    });
    if (!response.ok) throw new Error(`token request refused with ${response.status}`);
    this.#accessToken = TokenResponse.parse(await response.json()).access_token;
  }

  startJourney(resourceId: string, subject: object = {}) {
    return this.#post('journey/start', { resourceId, context: { config: { delivery: 'api' }, subject } }, StartResponse);
  }

  fetchInteraction(instanceId: string) {
    return this.#post('journey/interaction/fetch', { instanceId }, FetchResponse, this.#endUserTokens.get(instanceId));
  }

  submitInteraction(instanceId: string, interactionId: string, participants: Participant[], subject: object) {
    return this.#post(
      'journey/interaction/submit',
      { instanceId, interactionId, participants, context: { subject } },
      SuccessResponse,
      this.#endUserTokens.get(instanceId),
    );
  }

  fetchState(instanceId: string) {
    return this.#post('journey/state/fetch', { instanceId }, StateResponse);
  }

  deleteState(instanceId: string) {
    return this.#post('journey/state/delete', { instanceId }, SuccessResponse);
  }

  health() {
    return this.#post('journey/health', {}, HealthResponse);
  }

  /** Connects an end user to the instance: later interaction calls for it carry the end-user token. */
  async connectEndUser(instanceId: string): Promise<void> {
    const { connectToken } = await this.#post('journey/device/start', { instanceId }, DeviceStartResponse);
    const { endUserToken } = await this.#post('journey/device/connect', {}, DeviceConnectResponse, connectToken);
    this.#endUserTokens.set(instanceId, endUserToken);
  }

  async #post<T>(path: string, body: object, model: z.ZodType<T>, bearer = this.#accessToken): Promise<T> {
    const { regionUrl, fetch } = this.#options;
    const response = await fetch(`${regionUrl}/v2/captain/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json: unknown = await response.json();
    if (!response.ok) throw new SdkApiError(response.status, ErrorResponse.parse(json));
    return model.parse(json);
  }
}
