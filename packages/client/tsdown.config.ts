import { packageBuild } from '../../tsdown.base.ts';

export default packageBuild({ library: ['src/index.ts'] });
