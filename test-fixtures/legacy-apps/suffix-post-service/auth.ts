// Copied from the production integration: password grant, no client id (the user is tied to the API client).
export async function passwordToken(tokenUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=password&username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}&scope=openid`,
  });
  if (!response.ok) throw new Error(`could not log in to the journey platform (${response.status})`);
  const { access_token } = (await response.json()) as { access_token: string };
  return access_token;
}
