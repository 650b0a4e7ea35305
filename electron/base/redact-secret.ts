/** Replaces every occurrence of a secret in a text, so that no key reaches a log or an error. */
export function redactSecret(text: string, secret: string | null): string {
  return secret === null || secret === '' ? text : text.split(secret).join('[redacted]');
}
