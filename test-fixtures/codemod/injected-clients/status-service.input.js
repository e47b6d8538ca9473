module.exports = ({ journeyClient }) => ({
  async isFailed(instanceId) {
    const state = await journeyClient.state(instanceId);
    return state.status === 'Failed';
  },
});
