/**
 * The sides module of the shim's shadow thread: the v1 client and the adapter built from the shim's settings by
 * `createUpstreamApis`, as the shim builds its own, on a keep-alive pool of the thread's own. Their calls are timed
 * by the cutover's metrics (`journey_bridge_cutover_call_duration_seconds`), not by the shim's upstream histogram.
 */
import { createDispatcher } from '@journey-bridge/client';
import { contextualV1Client, type ShadowSidesFactory } from '@journey-bridge/cutover';
import { createUpstreamApis, type UpstreamSettings } from './upstream-apis.js';

const createShadowSides: ShadowSidesFactory = (data) => {
  const settings = data as UpstreamSettings;
  const { adapter, v1 } = createUpstreamApis(settings, { dispatcher: createDispatcher() });
  if (!v1) throw new TypeError('the shadow thread was started without a cutover in the settings');
  const v1Side = contextualV1Client(v1);
  return { v1: v1Side, v2: settings.cutover?.calibration ? v1Side : adapter };
};
export default createShadowSides;
