import { JourneyApiError } from '@journey-bridge/client';
import { MalformedTaskIdError } from '@journey-bridge/contract';

/**
 * Whether a per-instance v1 call failed because v2 does not know the journey it names, so that it may be a journey
 * still on v1: the taskId is not one journey-bridge issues (every task of a v2 journey has one), or v2's first
 * answer to the call was 404 `NOT_FOUND` about its body (the instanceId it carries). Never a 404 after v2 has
 * answered the call once (the instance is then on v2), nor any other status, timeout or connection failure.
 */
export function unknownToV2(error: unknown, v2Answered: boolean): boolean {
  if (error instanceof MalformedTaskIdError) return true;
  return (
    !v2Answered &&
    error instanceof JourneyApiError &&
    error.status === 404 &&
    error.errors.length > 0 &&
    error.errors.every(({ name, location }) => name === 'NOT_FOUND' && location === 'Body')
  );
}
