import { IdAuthTokenRequest, TOKEN_PATHS, TokenRequest } from '@journey-bridge/contract';
import { Hono } from 'hono';
import { ALL_PERMISSIONS, verifyIdToken } from '../auth.js';
import type { SimulatorCore } from '../simulator-core.js';
import type { SimEnv } from './env.js';
import { readFormBody } from './read-body.js';

/** RFC 6749 §5.2 error answer. Descriptions never repeat a secret, a password or a token. */
const oauthError = (error: string, description: string) => ({ error, error_description: description });

/** The token endpoints: `/as/token.oauth2` and the legacy `/authenticate/v1/connect/token`. */
export function tokenRoutes(core: SimulatorCore): Hono<SimEnv> {
  const { tokens, options, clock } = core;
  const app = new Hono<SimEnv>();

  app.post(TOKEN_PATHS.oauth, async (c) => {
    const form = await readFormBody(c, 64 * 1024);
    c.set('journal', { grantType: form.grant_type });
    const parsed = TokenRequest.safeParse(form);
    if (!parsed.success) {
      const grant = form.grant_type;
      if (grant !== 'client_credentials' && grant !== 'password') {
        return c.json(oauthError('unsupported_grant_type', 'grant_type must be client_credentials or password'), 400);
      }
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'body'))];
      return c.json(oauthError('invalid_request', `missing or invalid parameters: ${fields.join(', ')}`), 400);
    }
    const request = parsed.data;
    const client = core.clients.get(request.client_id);
    // The password grant may omit the client secret; a secret that is sent must match.
    const secretOk =
      request.client_secret === undefined ? request.grant_type === 'password' : client?.clientSecret === request.client_secret;
    if (!client || !secretOk) {
      return c.json(oauthError('invalid_client', 'client authentication failed'), 401);
    }
    if (request.grant_type === 'password') {
      const user = client.users?.find((entry) => entry.username === request.username);
      if (!user || user.password !== request.password) {
        return c.json(oauthError('invalid_grant', 'the username or password is not valid'), 400);
      }
    }
    const scope = request.scope ?? options.scopes[0];
    if (scope !== undefined && !options.scopes.includes(scope)) {
      return c.json(oauthError('invalid_scope', `scope must be one of ${options.scopes.join(', ')}`), 400);
    }
    return c.json(tokens.issue(client.clientId, client.permissions));
  });

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
