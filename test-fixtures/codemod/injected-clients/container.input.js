// awilix builds the client and hands it to every service that names `journeyClient` in its parameters.
const { asClass, asFunction, createContainer } = require('awilix');
const JourneyClient = require('./journey-client');
const makeStatusService = require('./status-service');

module.exports = function build(token) {
  return createContainer().register({
    token: { resolve: () => token },
    journeyClient: asClass(JourneyClient),
    statusService: asFunction(makeStatusService),
  });
};
