export { createV1Adapter, type V1AdapterOptions } from './v1-adapter.js';
export { asV1Error } from './v1-errors.js';
