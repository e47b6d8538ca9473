import { Journey } from './facade';
export async function run(): Promise<string> {
  return Journey.begin('a1d7c3f0data-check-v1@latest');
}
