'use strict';
var host = process.env.JOURNEY_HOST || 'https://eu.platform.go.gbgplc.com';

module.exports = {
  journeyBase: host + '/eu/v2/captain/journey/'
};
