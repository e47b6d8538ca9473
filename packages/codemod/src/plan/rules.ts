import type { ChangeId } from '@journey-bridge/contract';

/** Limits of the tool itself rather than changes between the versions; documented in docs/codemod.md. */
export const CODEMOD_RULES = {
  'codemod.dynamic-url': 'The v1 path is assembled at run time (or written with escapes), so it cannot be rewritten in place.',
  'codemod.response-interceptor':
    'Calls go through an axios response interceptor the codemod cannot read, so what they answer (and every read of it) is unknown.',
  'codemod.request-interceptor':
    'Calls go through an axios request interceptor that may change where they are sent or what they carry (their base, URL, method or body), so a rewritten call could still reach v1.',
  'codemod.declaration-file':
    'The JavaScript file is typed by a declaration file the codemod does not rewrite, so its callers would read a v2 answer by v1 types.',
  'codemod.namespace':
    'The call is in a TypeScript namespace, whose functions the codemod does not follow to their callers, so a caller could pass or read v1 values unseen.',
  'codemod.opaque-body': 'The request body is not an object literal the codemod can see, so the v2 body cannot be written.',
  'codemod.overlapping-edits':
    'The edits planned for a file overlap (a bug of the codemod): it is left as it was, with every file of the flows it has a part in.',
  'codemod.unchangeable-file':
    'A file with a part in the flow, or beside it by imports, could not be read as source, parsed or written: the flow is left as it was in every file.',
  'codemod.shared-constant': 'A literal this call needs changed is shared with a v1 call that stays v1; changing it would break that call.',
  'codemod.unfollowed-instance':
    'The id of a journey is sent to code the codemod cannot read (a method of a class it cannot see, a request whose URL it cannot resolve, an unknown callee) or stored where it cannot follow it (`req.session.instanceId`), and may be read there by code that calls v1 with it.',
  'codemod.unknown-client':
    'Calls go through a receiver whose kind the codemod cannot tell (an untyped parameter, a value from outside the run), or a got or ky instance whose options the code does not show or that may change the answer, so what they answer is unknown.',
  'codemod.unrecognized-v1-url': 'A v1 URL outside any call the codemod recognises (a mock, a log line, a custom client).',
  'codemod.v1-response-mock': 'A v1 response body written out in code, typically a test double; its v2 shape is written by hand.',
} as const;

/** A rule a marker may cite: an entry of the change register or a limit of the codemod. A misspelt id does not compile. */
export type RuleId = keyof typeof CODEMOD_RULES | ChangeId;
