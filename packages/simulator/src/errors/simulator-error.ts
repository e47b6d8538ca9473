/** The root of every error `@journey-bridge/simulator` throws: `instanceof SimulatorError` catches them all. */
export class SimulatorError extends Error {
  override name = 'SimulatorError';
}
