/** The service's own fetch wrapper: a timeout on every call, JSON in and out. */
export async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs = 10_000): Promise<any> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${body.error}: ${body.message}`);
  return body;
}
