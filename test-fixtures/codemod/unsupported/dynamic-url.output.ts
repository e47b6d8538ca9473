import axios from 'axios';

export async function call(operation: string, body: object) {
  // journey-codemod: unsupported [codemod.dynamic-url] the v1 task path is assembled at run time → v2: a v2 path under /v2/captain/
  return axios.post(`https://eu.platform.go.gbgplc.com/captain/api/journey/task/${operation}`, body);
}
