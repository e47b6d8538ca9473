export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
