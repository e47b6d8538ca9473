'use strict';

const JOURNEY_API = 'https://eu.platform.go.gbgplc.com/v2/captain';

module.exports = {
  JOURNEY_API,
  TASK_UPDATE: JOURNEY_API + '/journey/interaction/submit',
};
