import { type CallOptions, statusSpellingOf, type V1Api, type V1Client } from '@journey-bridge/client';

/**
 * What one served request carries into the calls made for it: the shape of the adapter's `CallContext`, so the
 * adapter is a `ContextualV1Api` as it is.
 */
export interface CallContext {
  /** The caller's bearer token, sent instead of the API's own auth. */
  readonly token?: string;
  /** The caller's `X-Request-ID`, forwarded. */
  readonly requestId?: string;
  /** Aborts the calls when the caller goes away. */
  readonly signal?: AbortSignal;
  /** Set by the API: the `X-Request-ID` of the last answer, to return to the caller. */
  upstreamRequestId?: string;
  /** Set by the API: how the answer's journey spells its status on the wire, where the typed answer reads it otherwise. */
  statusSpelling?: string;
}

/** A `V1Api` whose calls can carry one request's token, request id and signal. */
export interface ContextualV1Api extends V1Api {
  withContext(context: CallContext): V1Api;
}

/** The API for `context`: bound when the API can carry it, the API itself otherwise. */
export const bound = (api: V1Api | ContextualV1Api, context: CallContext | undefined): V1Api =>
  context && 'withContext' in api ? api.withContext(context) : api;

/**
 * The v1 client as a `ContextualV1Api`: each call of a bound API carries the context as call options, and the
 * answer's `X-Request-ID` is written back to `context.upstreamRequestId` and the tenant's spelling of its status
 * (`Error`, read as `Failed`) to `context.statusSpelling`, as the adapter does: the shim answers v1's callers with
 * the status v1 gave.
 */
export function contextualV1Client(client: V1Client): ContextualV1Api {
  const withContext = (context: CallContext): V1Api => {
    const options: CallOptions = {
      ...(context.signal && { signal: context.signal }),
      ...(context.requestId && { requestId: context.requestId }),
      ...(context.token && { token: context.token }),
    };
    const noted = async <T extends { readonly requestId: string | undefined }>(answer: Promise<T>): Promise<T> => {
      const value = await answer;
      if (value.requestId) context.upstreamRequestId = value.requestId;
      // Only an answer with a status says how it is spelled; the last one says, so an earlier call's is not kept.
      if (typeof (value as { status?: unknown }).status === 'string') {
        const spelling = statusSpellingOf(value);
        if (spelling === undefined) delete context.statusSpelling;
        else context.statusSpelling = spelling;
      }
      return value;
    };
    return {
      startJourney: (request) => noted(client.startJourney(request, options)),
      listTasks: (request) => noted(client.listTasks(request, options)),
      listTasksWithSchema: (request) => noted(client.listTasksWithSchema(request, options)),
      getTaskSchema: (request) => noted(client.getTaskSchema(request, options)),
      updateTask: (request) => noted(client.updateTask(request, options)),
      fetchState: (request) => noted(client.fetchState(request, options)),
    };
  };
  return { ...client, withContext };
}
