import { adapterOverV2, createTarget, LIVE_DIALECTS } from './targets.js';
import { describeV1Behaviour } from './v1-behaviour-suite.js';

describeV1Behaviour('the adapter on the simulator v2 surface', () => createTarget('v2', adapterOverV2));

for (const [name, dialect] of Object.entries(LIVE_DIALECTS)) {
  describeV1Behaviour(
    `the adapter on the v2 surface, answering in ${name} dialect`,
    () => createTarget('v2', adapterOverV2, dialect),
    dialect,
  );
}
