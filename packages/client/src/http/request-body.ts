/** What a request sends: a JSON body or a form. */
export type RequestBody = { json: unknown } | { form: URLSearchParams };

/** The bytes and content type a request body goes out as. */
export const encodeBody = (body: RequestBody): { text: string; contentType: string } =>
  'json' in body
    ? { text: JSON.stringify(body.json), contentType: 'application/json' }
    : { text: body.form.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
