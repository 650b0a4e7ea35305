import { describe, expect, it } from 'vitest';
import { baseUrlSchema } from '../../../shared/settings.ts';

describe('service base URL', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['  http://127.0.0.1:8080/v1  ', 'http://127.0.0.1:8080/v1'],
  ])('accepts %s as %s', (input, expected) => {
    expect(baseUrlSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['', /Enter the service base URL/],
    ['api.example.com', /not a URL/],
    ['ftp://api.example.com', /http or https/],
    ['https://key:secret@api.example.com', /keychain/],
    ['https://api.example.com/?key=abc', /query string/],
  ])('rejects %j with a message that says what to do', (input, message) => {
    const result = baseUrlSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(' ')).toMatch(message);
  });
});
