/** An OAuth error response (RFC 6749 section 5.2): `{error, error_description}`, 400 unless said otherwise. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}
