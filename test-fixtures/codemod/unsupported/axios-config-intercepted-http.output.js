// An axios instance exported from a settings module whose response interceptor adds to the body.
const axios = require('axios');

const http = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/eu/captain/api/' });

http.interceptors.response.use((res) => ({ ...res.data, receivedAt: Date.now() }));

module.exports = { http };
