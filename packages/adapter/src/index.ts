export { type CallContext, callerToken, MissingCallerTokenError } from './call-context.js';
export { DescribedElementsError } from './described-elements.js';
export { AdapterError } from './errors/adapter-error.js';
export { V1CompatInstalledError } from './errors/v1-compat-installed-error.js';
export { createV1HttpHandler, type V1HttpHandlerOptions, type V1ServerRequest } from './http/v1-http-handler.js';
export { isV1Path, V1_OPERATIONS, type V1Operation, v1OperationOf } from './http/v1-routes.js';
export { createV1CompatFetch, installV1Compat, type V1CompatOptions, V1CompatOptionsError } from './interceptor.js';
export { createV1Adapter, type V1Adapter, type V1AdapterOptions } from './v1-adapter.js';
export { asV1Error } from './v1-errors.js';
