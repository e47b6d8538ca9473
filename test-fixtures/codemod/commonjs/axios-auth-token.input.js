// A token cache: one token request per expiry.
let cached;

async function currentToken() {
  if (!cached || cached.expiresAt < Date.now()) cached = { value: await fetchToken(), expiresAt: Date.now() + 50 * 60_000 };
  return cached.value;
}

async function fetchToken() {
  const res = await fetch('https://eu.platform.go.gbgplc.com/as/token.oauth2', { method: 'POST' });
  return (await res.json()).access_token;
}

module.exports = { currentToken };
