import { TokenErrorBody, TokenResponse } from '@journey-bridge/contract';
import { ConnectionError } from '../errors/connection-error.js';
import { JourneyApiError } from '../errors/journey-api-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { TokenEndpointError } from '../errors/token-endpoint-error.js';
import { newCallState } from '../http/call-state.js';
import { Transport } from '../http/transport.js';
import { ENDPOINT_RETRY } from '../retry-policy.js';
import type { AuthEnvironment, IssuedToken } from './token-provider.js';

/**
 * Requests tokens from one token endpoint with a form body. Every failure, refused, unreachable or malformed,
 * becomes a `TokenEndpointError`; transient ones are retried first like any read.
 */
export function tokenEndpoint(environment: AuthEnvironment, path: string): (form: Record<string, string>) => Promise<IssuedToken> {
  const transport = new Transport({
    prefixUrl: `${environment.authUrl}/`,
    fetch: environment.fetch,
    timeoutMs: environment.timeoutMs,
    retry: environment.retry,
    log: environment.log,
    errorFor: (status, requestId, body) =>
      new TokenEndpointError({ status, requestId, body: TokenErrorBody.safeParse(body).data, problem: 'token request refused' }),
  });
  const relativePath = path.replace(/^\//, '');
  return async (form) => {
    const body = { form: new URLSearchParams(form) };
    try {
      const token = await transport.post(relativePath, body, TokenResponse, ENDPOINT_RETRY.token, {}, newCallState(relativePath, body));
      return { accessToken: token.access_token, expiresInSeconds: token.expires_in };
    } catch (error) {
      if (error instanceof TokenEndpointError || !(error instanceof JourneyApiError)) throw error;
      // One error for the caller, not one around another: an unreachable endpoint's cause is the network error
      // itself (`cause.code` `ECONNREFUSED`), as a ConnectionError's is.
      const cause = error instanceof ConnectionError && !(error instanceof TimeoutError) ? error.cause : error;
      throw new TokenEndpointError({ status: error.status, requestId: error.requestId, problem: untagged(error), cause });
    }
  };
}

/** `error`'s message without its ` [request …]` tag, which the TokenEndpointError puts back once. */
function untagged(error: JourneyApiError): string {
  const tag = ` [request ${error.requestId}]`;
  return error.requestId !== undefined && error.message.endsWith(tag) ? error.message.slice(0, -tag.length) : error.message;
}
