let issued = 0;
function counting(token: string) { return { authorization: token, n: String(issued++) }; }
export function authHeaders(token: string): Record<string, string> { return { authorization: `Bearer ${token}` }; }
eval('authHeaders = counting');
