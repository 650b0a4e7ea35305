import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorCode } from '../../../electron/base/error-code.ts';
import { listeningPort } from '../../../electron/base/listening-port.ts';
import { hasFields, isJsonObject } from '../../../shared/guards/object-fields.ts';
import { isOneOf } from '../../../shared/guards/one-of.ts';
import { recordOfKeys } from '../../../shared/guards/record-of-keys.ts';

describe('the guards values from outside are read through', () => {
  it('hasFields takes any non-null object, arrays included; isJsonObject leaves arrays out', () => {
    const cases: [unknown, boolean, boolean][] = [
      [{ a: 1 }, true, true],
      [[1, 2], true, false],
      [Object.create(null), true, true],
      [null, false, false],
      [undefined, false, false],
      ['{}', false, false],
      [42, false, false],
    ];
    for (const [value, fields, object] of cases) {
      expect(hasFields(value)).toBe(fields);
      expect(isJsonObject(value)).toBe(object);
    }
  });

  it('isOneOf narrows a string to a list of names, and nothing else', () => {
    const sides = ['buy', 'sell'] as const;
    expect(['buy', 'sell', 'Buy', '', 'buy '].map((text) => isOneOf(sides, text))).toEqual([true, true, false, false, false]);
  });

  it('recordOfKeys gives every key its value, in the keys\' order', () => {
    const record = recordOfKeys(['b', 'a', 'c'], (key) => key.toUpperCase());
    expect(record).toEqual({ b: 'B', a: 'A', c: 'C' });
    expect(Object.keys(record)).toEqual(['b', 'a', 'c']);
  });

  it('recordOfKeys refuses a key it cannot set as a field of its own', () => {
    expect(() => recordOfKeys(['__proto__'], () => 1)).toThrow('a key was not set');
  });

  it('errorCode reads the code of a system error, and of nothing else', async () => {
    const missing = await import('node:fs/promises').then((fs) => fs.readFile('/nonexistent/mde-test').catch((error: unknown) => error));
    expect(errorCode(missing)).toBe('ENOENT');
    expect(errorCode(new Error('plain'))).toBeUndefined();
    expect(errorCode({ code: 42 })).toBeUndefined();
    expect(errorCode('ENOENT')).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
  });

  it('listeningPort gives the TCP port of a listening server, and refuses one not listening', async () => {
    const server = createServer();
    expect(() => listeningPort(server)).toThrow('not listening on a TCP port');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      expect(listeningPort(server)).toBe(typeof address === 'object' && address !== null ? address.port : -1);
      expect(listeningPort(server)).toBeGreaterThan(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
