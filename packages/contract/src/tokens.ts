import { z } from 'zod';

/** Client credentials grant on `/as/token.oauth2`; `scope` is `svc.token` in the specification. */
export const ClientCredentialsTokenRequest = z.strictObject({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  scope: z.string().min(1).optional(),
});

/** Password grant on the same endpoint, as many integrations and the migration guide use it. */
export const PasswordTokenRequest = z.strictObject({
  grant_type: z.literal('password'),
  client_id: z.string().min(1),
  client_secret: z.string().optional(),
  username: z.string().min(1),
  password: z.string().min(1),
  scope: z.string().min(1).optional(),
});

export const TokenRequest = z.discriminatedUnion('grant_type', [ClientCredentialsTokenRequest, PasswordTokenRequest]);
export type TokenRequest = z.infer<typeof TokenRequest>;

/** The legacy `/authenticate/v1/connect/token` exchange of an external `id_token`. */
export const IdAuthTokenRequest = z.strictObject({
  client_id: z.literal('ro.client'),
  grant_type: z.literal('id_auth'),
  client_secret: z.literal('secret'),
  scope: z.string().min(1).optional(),
  id_token: z.string().min(1),
});
export type IdAuthTokenRequest = z.infer<typeof IdAuthTokenRequest>;

export const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;
