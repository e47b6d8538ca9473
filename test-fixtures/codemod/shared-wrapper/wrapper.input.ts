// Every journey call of the KYC module goes through this wrapper: the base ends in `journey/`, callers add the rest.
const JOURNEY = `${process.env.PLATFORM_HOST}/captain/api/journey/`;

export async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(JOURNEY + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const problem = await response.json();
    throw new Error(`${problem.error}: ${problem.message}`);
  }
  return (await response.json()) as T;
}
