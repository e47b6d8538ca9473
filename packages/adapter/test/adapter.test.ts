import { adapterOverV2, createTarget } from './targets.js';
import { describeV1Behaviour } from './v1-behaviour-suite.js';

describeV1Behaviour('the adapter on the simulator v2 surface', () => createTarget('v2', adapterOverV2));
