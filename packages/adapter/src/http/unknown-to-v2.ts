import { JourneyApiError } from '@journey-bridge/client';
import { MalformedTaskIdError } from '@journey-bridge/contract';

/**
 * Whether a per-instance v1 call failed because v2 does not know the journey it names, so that it may be a journey
 * still on v1: v2's first answer to the call was 404 `NOT_FOUND` about its body (the instanceId it carries), or the
 * taskId is not one journey-bridge issues (every task of a v2 journey has one) and v2 was not asked (the call
 * names no instance to ask about). Never once v2 has answered the call (the instance is then on v2), nor for any
 * other status, timeout or connection failure.
 */
export function unknownToV2(error: unknown, v2Answered: boolean): boolean {
  if (v2Answered) return false;
  if (error instanceof MalformedTaskIdError) return true;
  return (
    error instanceof JourneyApiError &&
    error.status === 404 &&
    error.errors.length > 0 &&
    error.errors.every(({ name, location }) => name === 'NOT_FOUND' && location === 'Body')
  );
}
