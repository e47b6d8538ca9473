/**
 * A rule's or a stage's name as a pair record carries it (`task-steps`, `ramp`): anything freer could carry data,
 * so the publisher never writes one and the report never reads one.
 */
export const RECORD_NAME = /^[\w.-]{1,64}$/;

/** An error's name as a pair record carries it (`TimeoutError`); a message could carry data. */
export const ERROR_NAME = /^\w{1,64}$/;
