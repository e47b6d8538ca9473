// Sloppy-mode CommonJS: a legacy octal literal is a syntax error in a module, so this parses only as a script.
var axios = require('axios');
var RETRIES = 010;

function tasks(instanceId) {
  return axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId: instanceId });
}

module.exports = { tasks: tasks, RETRIES: RETRIES };
