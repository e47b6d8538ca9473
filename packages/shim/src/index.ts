export { ENVIRONMENT, resolveConfig, ShimConfig, ShimConfigError, type ShimConfigInput } from './config.js';
export { ShimError } from './errors/shim-error.js';
export { ShimMetrics, type ShimMetricsOptions } from './metrics.js';
export { createLogger, type RunningShim, type StartShimOptions, startShim } from './server.js';
export { createShimHandler, type NodeBindings, type ShimHandlerOptions } from './shim-handler.js';
export { upstreamBase } from './upstream-apis.js';
