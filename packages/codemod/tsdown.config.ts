import { packageBuild } from '../../tsdown.base.ts';

export default packageBuild({
  library: ['src/index.ts', 'src/jscodeshift-transform.ts'],
  cli: 'src/cli.ts',
  workers: { 'plan-worker': 'src/workers/plan-worker.ts' },
});
