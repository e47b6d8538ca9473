/** Whether `text` is not a URL, or one without user information (`http://user:pass@…`). */
export const hasNoUserInfo = (text: string): boolean => {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  return url === undefined || (url.username === '' && url.password === '');
};

/** Why a URL with user information is refused: fetch refuses to send a request to one, and the shim holds no credentials. */
export const NO_USER_INFO = {
  message: "it carries user information, which no request can be sent with (each caller's own token authorises upstream)",
};
