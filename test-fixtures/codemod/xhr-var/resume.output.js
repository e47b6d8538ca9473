(function () {
  var METHOD = 'POST';
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] v1 URL text outside a call the codemod recognises: "https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch" → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
  var STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';
  window.resume = function (token, done) {
    var xhr = new XMLHttpRequest();
    xhr.open(METHOD, STATE_URL);
    xhr.setRequestHeader('authorization', 'Bearer ' + token);
    xhr.onload = function () {
      done(JSON.parse(xhr.responseText).status);
    };
    xhr.send(JSON.stringify({ instanceId: window.localStorage.getItem('journeyInstanceId') }));
  };
})();
