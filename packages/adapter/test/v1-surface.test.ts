import { createTarget, LIVE_DIALECTS, v1Surface } from './targets.js';
import { describeV1Behaviour } from './v1-behaviour-suite.js';

describeV1Behaviour('the v1 client on the simulator v1 surface', () => createTarget('v1', v1Surface));

for (const [name, dialect] of Object.entries(LIVE_DIALECTS)) {
  describeV1Behaviour(
    `the v1 client on the simulator v1 surface in ${name} dialect`,
    () => createTarget('v1', v1Surface, dialect),
    dialect,
  );
}
