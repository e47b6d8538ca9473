import { encodeBody, type RequestBody } from './request-body.js';

/** What the hooks of one call share across its attempts (passed as ky's `context`). */
export interface CallState {
  /** Endpoint path relative to the base, for logs. */
  readonly path: string;
  /** What the call sends, for debug logs (redacted there). */
  readonly body: RequestBody;
  /** `body` encoded once, sent by every attempt. */
  readonly payload: { readonly text: string; readonly contentType: string };
  /** Attempts sent so far; the current one's number while it runs. */
  attempt: number;
  /** `performance.now()` when the current attempt was sent. */
  startedAt: number;
  /** The headers of the current attempt. */
  headers: Record<string, string>;
  /** The id sent as `X-Request-ID` with the current attempt; the response's own id wins when present. */
  requestId: string;
  /** The caller's id for every attempt (`CallOptions.requestId`), instead of a new one per attempt. */
  fixedRequestId?: string;
  /** The caller's token for every attempt (`CallOptions.token`), instead of the client's auth. */
  fixedToken?: string;
  /** The access token the current attempt carries. */
  token: string | undefined;
  /** Whether the one replay after a 401 has been used. */
  tokenReplayed: boolean;
  /** Whether an earlier attempt's outcome is unknown (connection lost, timed out, or answered 500, 502 or 504). */
  uncertain: boolean;
  /** The status of the successful answer, once it arrived. */
  status?: number;
}

export const newCallState = (path: string, body: RequestBody): CallState => ({
  path,
  body,
  payload: encodeBody(body),
  attempt: 0,
  startedAt: 0,
  headers: {},
  requestId: '',
  token: undefined,
  tokenReplayed: false,
  uncertain: false,
});

export const callStateOf = (options: { context: Record<string, unknown> }): CallState => options.context.call as CallState;
