import {
  DeviceConnectResponse,
  DeviceStartResponse,
  type InstanceRequest,
  Interaction,
  resultOf,
  type SubmitRequest,
  SubmitResponse,
  V2_BASE_PATH,
  V2_PATHS,
  type V2StartRequest,
  V2StartResponse,
  V2State,
} from '@journey-bridge/contract';
import { EndUserTokens, endUserExpiry, type InteractionAuth } from './auth/end-user-tokens.js';
import { type ClientOptions, createClientCore } from './client-options.js';
import { AuthenticationError } from './errors/authentication-error.js';
import { BadRequestError } from './errors/bad-request-error.js';
import { ConflictError } from './errors/conflict-error.js';
import { newCallState } from './http/call-state.js';
import type { CallOptions } from './http/transport.js';
import { type PollOptions, poll } from './polling.js';
import { ENDPOINT_RETRY } from './retry-policy.js';
import { checkedSubmitAnswer, unheldBySubmit } from './submit-evidence.js';
import { type WithRequestId, withRequestId } from './with-request-id.js';

/** Options of `createJourneyClient`. */
export interface JourneyClientOptions extends ClientOptions {
  /**
   * How interaction fetch and submit are authorised: the customer token, an end-user token for the instance
   * (bootstrapped through `journey/device/start` and `journey/device/connect`, one bootstrap per instance, kept
   * until shortly before it expires), or `auto`: the customer token until a tenant refuses it (401). @default 'customer'
   */
  interactionAuth?: InteractionAuth;
  /** End-user tokens kept at most, the oldest dropped first. @default 10000 */
  maxEndUserTokens?: number;
}

/** The v2 journey API. Every result carries the exchange's `requestId` (non-enumerable). */
export interface JourneyClient {
  /** Starts a journey. Retried only on 429/503; never replayed after a lost connection or a timeout. */
  startJourney(request: V2StartRequest, options?: CallOptions): Promise<WithRequestId<V2StartResponse>>;
  /** The current interaction, `processing: true` while modules run, or the end interaction. */
  fetchInteraction(request: InstanceRequest, options?: CallOptions): Promise<WithRequestId<Interaction>>;
  /**
   * Submits domain elements. Replayed after a lost connection, a timeout or a 500/502/504; a 409 on such a replay
   * is `{ status: 'success' }` only when the journey's state shows it holding every element submitted, with the
   * values sent (the lost attempt took them). A 2xx whose `status` is not `success` raises `ResponseValidationError`.
   */
  submitInteraction(request: SubmitRequest, options?: CallOptions): Promise<WithRequestId<SubmitResponse>>;
  /** The journey's state; read the outcome with `resultOf` and `stepsOf` from the contract. */
  fetchState(request: InstanceRequest, options?: CallOptions): Promise<WithRequestId<V2State>>;
  /**
   * Polls state fetch until the status leaves `InProgress` or the result is no longer `pending` (`result.status` is
   * authoritative: some tenants decide without the status ever reaching `Completed`), and returns that state (also
   * when it failed).
   */
  waitForResult(instanceId: string, options?: PollOptions<V2State> & CallOptions): Promise<WithRequestId<V2State>>;
  /** Polls interaction fetch while modules run, until an interaction (or the end interaction) is there. */
  waitForInteraction(instanceId: string, options?: PollOptions<Interaction> & CallOptions): Promise<WithRequestId<Interaction>>;
}

/** Each poll is a call with the poller's call options; its signal also cancels the request in flight. */
const callOf = ({ signal, timeoutMs, requestId, token }: CallOptions): CallOptions => ({
  ...(signal && { signal }),
  ...(timeoutMs !== undefined && { timeoutMs }),
  ...(requestId !== undefined && { requestId }),
  ...(token !== undefined && { token }),
});

/** Creates a v2 client. */
export function createJourneyClient(options: JourneyClientOptions): JourneyClient {
  const { transport, log, now } = createClientCore(options, V2_BASE_PATH);
  const { interactionAuth = 'customer', maxEndUserTokens = 10_000 } = options;

  // Shared by every call that waits for it, so it carries none of their signals or request ids.
  const endUsers = new EndUserTokens(
    async (instanceId, customerToken) => {
      const asCustomer = customerToken === undefined ? {} : { token: customerToken };
      const { connectToken } = await transport.post(
        V2_PATHS.deviceStart,
        { json: { instanceId } },
        DeviceStartResponse,
        ENDPOINT_RETRY.read,
        asCustomer,
      );
      // The connect token works once: a connect whose answer was lost is not replayed.
      const { endUserToken } = await transport.post(V2_PATHS.deviceConnect, { json: {} }, DeviceConnectResponse, ENDPOINT_RETRY.start, {
        token: connectToken,
      });
      return { token: endUserToken, expiresAt: endUserExpiry(endUserToken, now()) };
    },
    now,
    maxEndUserTokens,
  );

  /**
   * Sends an interaction call with the token `interactionAuth` asks for. An end-user token the platform refuses
   * is replaced once; a second refusal is final, so a tenant that refuses every token never makes a loop.
   */
  async function asInteractionCall<T>(
    instanceId: string,
    call: CallOptions | undefined,
    send: (call: CallOptions | undefined) => Promise<T>,
  ): Promise<T> {
    const customerToken = call?.token;
    const asEndUser = interactionAuth === 'end-user' || (interactionAuth === 'auto' && endUsers.has(instanceId, customerToken));
    let refused: AuthenticationError | undefined;
    if (!asEndUser) {
      if (interactionAuth === 'customer') return send(call);
      try {
        return await send(call);
      } catch (error) {
        if (!(error instanceof AuthenticationError)) throw error;
        refused = error;
        log.info('an interaction endpoint refused the customer token: bootstrapping an end-user token', {
          instanceId,
          requestId: error.requestId,
        });
      }
    }
    let token: string;
    try {
      token = await endUsers.get(instanceId, customerToken);
    } catch (error) {
      // The bootstrap refused the customer token too: it is the token that is bad (expired, revoked), not the
      // tenant that wants end users. The caller gets the first refusal, its own request id with it.
      if (refused && error instanceof AuthenticationError) throw refused;
      throw error;
    }
    try {
      return await send({ ...call, token });
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
      await endUsers.invalidate(instanceId, customerToken, token);
      return send({ ...call, token: await endUsers.get(instanceId, customerToken) });
    }
  }

  const fetchState = (request: InstanceRequest, call?: CallOptions) =>
    transport.post(V2_PATHS.stateFetch, { json: request }, V2State, ENDPOINT_RETRY.read, call);

  /**
   * A submit refused after an attempt whose answer was lost: success if the journey holds every element the request
   * submitted with the values sent (that attempt took them), else the refusal, also when the state cannot be read,
   * since nothing then shows the data taken.
   */
  async function takenBefore(request: SubmitRequest, refusal: ConflictError | BadRequestError, call: CallOptions | undefined) {
    let unheld: string[];
    try {
      unheld = unheldBySubmit(request, await fetchState({ instanceId: request.instanceId }, call));
    } catch (error) {
      log.warn(`submit replay answered ${refusal.status} and the state could not be read: the earlier attempt’s outcome is unknown`, {
        requestId: refusal.requestId,
        error: error instanceof Error ? error.message : String(error),
      });
      throw refusal;
    }
    if (unheld.length > 0) throw refusal;
    log.info(
      `submit replay answered ${refusal.status} and the journey holds what it sent: the attempt whose answer was lost had been taken`,
      {
        requestId: refusal.requestId,
      },
    );
    return withRequestId({ status: 'success' }, refusal.requestId);
  }

  const fetchInteraction = (request: InstanceRequest, call?: CallOptions) =>
    asInteractionCall(request.instanceId, call, (attempt) =>
      transport.post(V2_PATHS.interactionFetch, { json: request }, Interaction, ENDPOINT_RETRY.read, attempt),
    );

  return {
    startJourney: (request, call) => transport.post(V2_PATHS.start, { json: request }, V2StartResponse, ENDPOINT_RETRY.start, call),
    fetchInteraction,
    submitInteraction: async (request, call) => {
      let uncertain = false;
      try {
        return await asInteractionCall(request.instanceId, call, async (attempt) => {
          const body = { json: request };
          const state = newCallState(V2_PATHS.interactionSubmit, body);
          try {
            const answer = await transport.post(V2_PATHS.interactionSubmit, body, SubmitResponse, ENDPOINT_RETRY.submit, attempt, state);
            return checkedSubmitAnswer(answer, state.status, V2_PATHS.interactionSubmit);
          } finally {
            uncertain ||= state.uncertain;
          }
        });
      } catch (error) {
        // A refusal after an attempt whose outcome is unknown may refuse what that attempt took: a 409 (v2 has no
        // code of its own for "already submitted": 409 4003 says invalid data too; 4009 once that attempt ended the
        // journey), or a 400 "not the active interaction" once it completed the interaction. The state decides.
        const refused = error instanceof ConflictError || error instanceof BadRequestError;
        if (!refused || !uncertain) throw error;
        return takenBefore(request, error, call);
      }
    },
    fetchState,
    waitForResult: (instanceId, pollOptions = {}) =>
      poll(
        () => fetchState({ instanceId }, callOf(pollOptions)),
        (state) => state.status !== 'InProgress' || (resultOf(state)?.status ?? 'pending') !== 'pending',
        { ...pollOptions, what: `the result of ${instanceId}`, now, log },
      ),
    waitForInteraction: (instanceId, pollOptions = {}) =>
      poll(
        () => fetchInteraction({ instanceId }, callOf(pollOptions)),
        (interaction) =>
          interaction.interactionId !== undefined || (interaction.journey !== undefined && interaction.journey.status !== 'InProgress'),
        { ...pollOptions, what: `the next interaction of ${instanceId}`, now, log },
      ),
  };
}
