import { packageBuild } from '../../tsdown.base.ts';

export default packageBuild({
  library: ['src/index.ts'],
  workers: { 'shadow-worker': 'src/shadow-thread/shadow-worker.ts' },
});
