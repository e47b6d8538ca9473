import { SPECIFICATION_CATALOGUE, type SubmitRequest, type SubmitResponse, unheldElements, type V2State } from '@journey-bridge/contract';
import { ResponseValidationError } from './errors/response-validation-error.js';

/**
 * The elements `request` submitted that `state` does not show the journey holding with the values sent, by
 * element name (`PrimaryDocument` for `PrimaryDocument/side1Image`). Empty: the journey holds everything it sent.
 * The specification's six elements are compared field by field; any other by all the data sent outside them.
 */
export function unheldBySubmit(request: SubmitRequest, state: V2State): string[] {
  const ids = (request.participants ?? []).map(({ domainElementId }) => domainElementId.split('/')[0] ?? domainElementId);
  return unheldElements(SPECIFICATION_CATALOGUE, state.context?.subject ?? {}, request.context?.subject ?? {}, ids);
}

/**
 * A submit's 2xx answer, refused unless it says `success`: the vendor's SDK models a refusal as 200
 * `{ status: "error" }`, and a caller that reads "no exception" as "taken" must not go on as if it were.
 */
export function checkedSubmitAnswer<T extends SubmitResponse>(answer: T, httpStatus: number | undefined, endpoint: string): T {
  if (answer.status === 'success') return answer;
  throw new ResponseValidationError({
    status: httpStatus ?? 200,
    requestId: (answer as { requestId?: string }).requestId,
    body: { ...answer },
    path: 'status',
    endpoint,
    problem: `expected "success", got ${JSON.stringify(answer.status).slice(0, 40)}: nothing says the data was taken`,
  });
}
