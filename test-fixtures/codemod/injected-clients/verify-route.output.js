const JourneyClient = require('./journey-client');

// This route makes a client of its own: the codemod sees this caller, and only this one.
module.exports = async function verifyRoute(req, res) {
  const client = new JourneyClient({ token: req.token });
  const state = await client.state(req.params.instanceId);
  // journey-codemod: unsupported [response.state-result] reads what the v1 call at line 10 of journey-client.js answers, which stays v1
  res.json({ failed: state.status === 'Failed' });
};
