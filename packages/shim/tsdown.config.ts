import { packageBuild } from '../../tsdown.base.ts';

export default packageBuild({
  library: ['src/index.ts'],
  cli: 'src/cli.ts',
  // Loaded by the cutover's shadow thread by URL, beside the chunk that names it.
  workers: { 'shadow-sides': 'src/shadow-sides.ts' },
});
