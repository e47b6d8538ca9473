import { Journey } from './journey';

export async function run(): Promise<string> {
  const { instanceId } = await Journey.start('a1d7c3f0data-check-v1@latest');
  const state = await Journey.state(instanceId);
  return state.status;
}
