// An axios instance exported from a settings module whose request interceptor adds the token: what calls answer is axios's.
const axios = require('axios');
const { currentToken } = require('./axios-auth-token');

const http = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/eu/captain/api/' });

http.interceptors.request.use(async (config) => {
  config.headers.Authorization = `Bearer ${await currentToken()}`;
  return config;
});

module.exports = { http };
