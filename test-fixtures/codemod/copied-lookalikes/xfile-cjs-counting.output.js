const Client = require('./xfile-cjs-client');

let sent = 0;

class CountingClient extends Client {
  headers() {
    return { headers: { authorization: `Bearer ${this.token}`, 'x-sequence': `${sent++}` } };
  }
}

module.exports = { CountingClient };
