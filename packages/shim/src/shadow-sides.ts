/**
 * The sides module of the shim's shadow thread: the v1 client and the adapter built from the shim's settings as
 * the shim builds its own (`createUpstreamApis`), on a keep-alive pool of the thread's own.
 */
import { createDispatcher } from '@journey-bridge/client';
import { contextualV1Client, type ShadowSidesFactory } from '@journey-bridge/cutover';
import type { ShimConfig } from './config.js';
import type { ShadowSidesConfig } from './cutover-wiring.js';
import { createUpstreamApis } from './upstream-apis.js';

const createShadowSides: ShadowSidesFactory = (data) => {
  const config = data as ShadowSidesConfig as ShimConfig;
  const { adapter, v1 } = createUpstreamApis(config, { dispatcher: createDispatcher() });
  if (!v1) throw new TypeError('the shadow thread was started without a cutover in the configuration');
  const v1Side = contextualV1Client(v1);
  return { v1: v1Side, v2: config.cutover?.calibration ? v1Side : adapter };
};
export default createShadowSides;
