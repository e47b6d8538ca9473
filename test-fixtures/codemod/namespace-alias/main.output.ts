import { Journey } from './facade';
export async function run(): Promise<string> {
  // journey-codemod: unsupported [request.start-resource-id] a v1 resourceId ("a1d7c3f0data-check-v1@latest") outside a start the codemod recognises: the journey it starts is v1 → v2: a v2 start of "b2e8d4a1data-check-v2@latest", its body and answers too, not the id alone
  return Journey.begin('a1d7c3f0data-check-v1@latest');
}
