export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export { basic as basicAuth };
