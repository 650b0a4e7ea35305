import { describe, expect, it } from 'vitest';
import { asContractError, ContractError } from '../../../shared/contract/errors.ts';

describe('asContractError: what a view shows for any failure', () => {
  it('keeps a contract error as it is, kind and resolution included', () => {
    const refused = new ContractError({ kind: 'needs-api-key', message: 'm', resolution: 'Add a key', channel: 'market.trades' });
    expect(asContractError(refused, null, 'Try again.')).toBe(refused);
  });

  it('makes anything else an internal error with its message and the caller\'s resolution', () => {
    const fromError = asContractError(new Error('the worker stopped'), 'book.crossCheck', 'Try again.');
    expect(fromError.toShape()).toEqual({ kind: 'internal', message: 'the worker stopped', resolution: 'Try again.', channel: 'book.crossCheck' });
    expect(asContractError('gone', null, 'Open the file again.').toShape()).toEqual({ kind: 'internal', message: 'gone', resolution: 'Open the file again.', channel: null });
  });
});
