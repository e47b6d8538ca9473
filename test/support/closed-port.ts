/**
 * A loopback port where nothing listens, so a connection to it is refused at once. A privileged port no test
 * binds, and not one the fetch standard blocks (1 is): one taken from the kernel with port 0 and released again can
 * be handed to another worker's listener the next moment, and an "unreachable" upstream then answers (seen with
 * three workers).
 */
export const CLOSED_PORT = 4;

/** The HTTP origin of `CLOSED_PORT` on loopback. */
export const CLOSED_ORIGIN = `http://127.0.0.1:${CLOSED_PORT}`;
