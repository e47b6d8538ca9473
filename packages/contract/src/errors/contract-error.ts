/** The root of every error `@journey-bridge/contract` throws: `instanceof ContractError` catches them all. */
export class ContractError extends Error {
  override name = 'ContractError';
}
