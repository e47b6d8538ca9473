/** The root of every error `@journey-bridge/codemod` throws: `instanceof CodemodError` catches them all. */
export class CodemodError extends Error {
  override name = 'CodemodError';
}
