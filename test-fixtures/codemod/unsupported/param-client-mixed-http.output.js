// An axios instance with a v1 base, for a client class whose instances share a helper with another kind of value.
const axios = require('axios');

const JOURNEY_HOST = process.env.JOURNEY_HOST || 'https://eu.platform.go.gbgplc.com';

const http = axios.create({
  baseURL: JOURNEY_HOST + '/eu/captain/api/',
  timeout: 15000,
  headers: { 'Content-Type': 'application/json' }
});

module.exports = { http, JOURNEY_HOST, DOC_SELFIE: 'c3f9e5b2doc-selfie-v1@latest' };
