import { ClientCredentialsTokenRequest, IdAuthTokenRequest, PasswordTokenRequest, TOKEN_PATHS } from '@journey-bridge/contract';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ALL_PERMISSIONS, type ApiClient, verifyIdToken } from '../auth.js';
import type { SimulatorCore } from '../simulator-core.js';
import type { SimEnv } from './env.js';
import { readFormBody } from './read-body.js';

/** The Keycloak path some tenants issue tokens on; it answers as `/as/token.oauth2` does. */
export const KEYCLOAK_TOKEN_PATH = '/auth/realms/go/protocol/openid-connect/token';

/** The password grant as a production caller sends it: without `client_id`, the user alone names the API client. */
const LiveTokenRequest = z.discriminatedUnion('grant_type', [
  ClientCredentialsTokenRequest,
  PasswordTokenRequest.extend({ client_id: PasswordTokenRequest.shape.client_id.optional() }),
]);

/** RFC 6749 §5.2 error answer. Descriptions never repeat a secret, a password or a token. */
const oauthError = (error: string, description: string) => ({ error, error_description: description });

/** The token endpoints: `/as/token.oauth2`, its Keycloak twin and the legacy `/authenticate/v1/connect/token`. */
export function tokenRoutes(core: SimulatorCore): Hono<SimEnv> {
  const { tokens, options, clock } = core;
  const app = new Hono<SimEnv>();

  /** The client whose user this is (with `client_id`, only that client's users count). */
  const clientOfUser = (clientId: string | undefined, username: string, password: string): ApiClient | undefined =>
    [...core.clients.values()].find(
      (client) =>
        (clientId === undefined || client.clientId === clientId) &&
        client.users?.some((user) => user.username === username && user.password === password),
    );

  const oauthToken = async (c: Context<SimEnv>) => {
    const form = await readFormBody(c, 64 * 1024);
    c.set('journal', { grantType: form.grant_type });
    const parsed = LiveTokenRequest.safeParse(form);
    if (!parsed.success) {
      const grant = form.grant_type;
      if (grant !== 'client_credentials' && grant !== 'password') {
        return c.json(oauthError('unsupported_grant_type', 'grant_type must be client_credentials or password'), 400);
      }
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'body'))];
      return c.json(oauthError('invalid_request', `missing or invalid parameters: ${fields.join(', ')}`), 400);
    }
    const request = parsed.data;
    const named = request.client_id === undefined ? undefined : core.clients.get(request.client_id);
    // The password grant may omit the client secret, and even the client; a client or secret that is sent must match.
    const clientOk = request.client_id === undefined ? request.grant_type === 'password' : named !== undefined;
    const secretOk =
      request.client_secret === undefined ? request.grant_type === 'password' : named?.clientSecret === request.client_secret;
    if (!clientOk || !secretOk) {
      return c.json(oauthError('invalid_client', 'client authentication failed'), 401);
    }
    const client = request.grant_type === 'password' ? clientOfUser(request.client_id, request.username, request.password) : named;
    if (!client) return c.json(oauthError('invalid_grant', 'the username or password is not valid'), 400);
    // RFC 6749 §3.3: a space-separated list, every one of which must be granted.
    const asked = request.scope?.split(' ').filter(Boolean) ?? options.scopes.slice(0, 1);
    if (asked.some((scope) => !options.scopes.includes(scope))) {
      return c.json(oauthError('invalid_scope', `scope must be one of ${options.scopes.join(', ')}`), 400);
    }
    return c.json(tokens.issue(client.clientId, client.permissions));
  };

  app.post(TOKEN_PATHS.oauth, oauthToken);
  app.post(KEYCLOAK_TOKEN_PATH, oauthToken);

  app.post(TOKEN_PATHS.idAuth, async (c) => {
    const form = await readFormBody(c, 64 * 1024);
    c.set('journal', { grantType: form.grant_type });
    const parsed = IdAuthTokenRequest.safeParse(form);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'body'))];
      return c.json(oauthError('invalid_request', `missing or invalid parameters: ${fields.join(', ')}`), 400);
    }
    const check = await verifyIdToken(parsed.data.id_token, options.idTokenSecret, clock.now());
    if (!check.ok) return c.json(oauthError('invalid_grant', check.problem), 400);
    return c.json(tokens.issue(`id_auth:${check.subject}`, ALL_PERMISSIONS));
  });

  return app;
}
