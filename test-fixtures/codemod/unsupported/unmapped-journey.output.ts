import axios from 'axios';

export async function start(subject: object) {
  // journey-codemod: unsupported [request.start-resource-id] no v2 resourceId for "ffff0000unknown-v1@latest" in the journey map; ids are never guessed → v2: add "ffff0000unknown-v1@latest": "<v2 id>" to the --journey-map file
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    resourceId: 'ffff0000unknown-v1@latest',
    context: { config: { async: true }, subject },
  });
}
