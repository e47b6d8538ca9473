'use strict';

const JOURNEY_API = 'https://eu.platform.go.gbgplc.com/captain/api';

module.exports = {
  JOURNEY_API,
  TASK_UPDATE: JOURNEY_API + '/journey/task/update',
};
