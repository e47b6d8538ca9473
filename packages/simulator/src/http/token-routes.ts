import { ClientCredentialsTokenRequest, IdAuthTokenRequest, PasswordTokenRequest, TOKEN_PATHS } from '@journey-bridge/contract';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ALL_PERMISSIONS, type ApiClient, verifyIdToken } from '../auth.js';
import type { SimulatorCore } from '../simulator-core.js';
import type { SimEnv } from './env.js';
import { readFormBody } from './read-body.js';

/**
 * Token requests as an OAuth server takes them: parameters it does not know are ignored (RFC 6749 §3.2), and the
 * password grant as a production caller sends it, without `client_id` (the user alone names the API client).
 */
const LiveTokenRequest = z.discriminatedUnion('grant_type', [
  z.object(ClientCredentialsTokenRequest.shape),
  z.object({ ...PasswordTokenRequest.shape, client_id: PasswordTokenRequest.shape.client_id.optional() }),
]);

/** The client credentials of an `Authorization: Basic` header (RFC 6749 §2.3.1: each part form-encoded). */
function basicCredentials(header: string | undefined): { client_id: string; client_secret: string } | undefined {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const part = (text: string) => {
    try {
      return decodeURIComponent(text.replaceAll('+', ' '));
    } catch {
      return text;
    }
  };
  return { client_id: part(decoded.slice(0, colon)), client_secret: part(decoded.slice(colon + 1)) };
}

/** RFC 6749 §5.2 error answer. Descriptions never repeat a secret, a password or a token. */
const oauthError = (error: string, description: string) => ({ error, error_description: description });

/** The parameters of a token request, or the first one sent twice (RFC 6749 §3.2: parameters MUST NOT repeat). */
function tokenParameters(params: URLSearchParams): { form: Record<string, string> } | { repeated: string } {
  const form: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(form, name)) return { repeated: name };
    form[name] = value;
  }
  // An empty scope (`scope=`, as a form that leaves the field blank sends it) asks for none: as if omitted.
  if (form.scope === '') delete form.scope;
  return { form };
}

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

  /** The refusal of a scope the simulator does not grant (RFC 6749 §3.3: a space-separated list, all granted or none). */
  const scopeRefusal = (c: Context<SimEnv>, scope: string | undefined) => {
    const asked = scope?.split(' ').filter(Boolean) ?? [];
    if (asked.every((each) => options.scopes.includes(each))) return undefined;
    return c.json(oauthError('invalid_scope', `scope must be one of ${options.scopes.join(', ')}`), 400);
  };

  /** A token request's parameters, or the answer refusing one sent twice. */
  const tokenRequest = async (c: Context<SimEnv>) => {
    const read = tokenParameters(await readFormBody(c, 64 * 1024));
    if ('repeated' in read) return { refusal: c.json(oauthError('invalid_request', `${read.repeated} is sent more than once`), 400) };
    c.set('journal', { grantType: read.form.grant_type });
    return read;
  };

  const oauthToken = async (c: Context<SimEnv>) => {
    const read = await tokenRequest(c);
    if ('refusal' in read) return read.refusal;
    const { form } = read;
    const basic = basicCredentials(c.req.header('authorization'));
    // RFC 6749 §2.3: one way of authenticating the client per request.
    if (basic && (form.client_id !== undefined || form.client_secret !== undefined)) {
      return c.json(oauthError('invalid_request', 'the client is authenticated twice: by the Authorization header and in the body'), 400);
    }
    const parsed = LiveTokenRequest.safeParse(basic ? { ...form, ...basic } : form);
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
    const refusedScope = scopeRefusal(c, request.scope);
    if (refusedScope) return refusedScope;
    return c.json(tokens.issue(client.clientId, client.permissions));
  };

  app.post(TOKEN_PATHS.oauth, oauthToken);
  app.post(TOKEN_PATHS.keycloak, oauthToken);

  app.post(TOKEN_PATHS.idAuth, async (c) => {
    const read = await tokenRequest(c);
    if ('refusal' in read) return read.refusal;
    const parsed = IdAuthTokenRequest.safeParse(read.form);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'body'))];
      return c.json(oauthError('invalid_request', `missing or invalid parameters: ${fields.join(', ')}`), 400);
    }
    const check = await verifyIdToken(parsed.data.id_token, options.idTokenSecret, clock.now());
    if (!check.ok) return c.json(oauthError('invalid_grant', check.problem), 400);
    const refusedScope = scopeRefusal(c, parsed.data.scope);
    if (refusedScope) return refusedScope;
    return c.json(tokens.issue(`id_auth:${check.subject}`, ALL_PERMISSIONS));
  });

  return app;
}
