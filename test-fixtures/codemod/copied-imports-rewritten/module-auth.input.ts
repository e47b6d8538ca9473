let issued = 0;
export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
module.exports = { authHeaders: (token: string) => ({ authorization: `Bearer ${token}`, 'x-seq': String(issued++) }) };
