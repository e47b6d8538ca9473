const routes = require('./routes.cjs');

async function token() {
  const response = await fetch(process.env.JOURNEY_TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: process.env.JOURNEY_CLIENT_ID,
      client_secret: process.env.JOURNEY_CLIENT_SECRET,
    }),
  });
  return (await response.json()).access_token;
}

(async () => {
  // One user's session, as the web framework would keep it between requests.
  const session = { token: await token() };
  const person = { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' };
  await routes.start(session);
  await routes.saveDraft(session, person);
  console.log(JSON.stringify(await routes.submit(session, person)));
})().catch((error) => {
  console.error('onboarding failed:', error.message);
  process.exit(1);
});
