export async function token(clientId: string, clientSecret: string) {
  const res = await fetch('https://auth.example.com/as/token.oauth2', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: 'gbg.token' }),
  });
  return res.json();
}
