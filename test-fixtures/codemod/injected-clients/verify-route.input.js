const JourneyClient = require('./journey-client');

// This route makes a client of its own: the codemod sees this caller, and only this one.
module.exports = async function verifyRoute(req, res) {
  const client = new JourneyClient({ token: req.token });
  const state = await client.state(req.params.instanceId);
  res.json({ failed: state.status === 'Failed' });
};
