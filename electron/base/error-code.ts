import { hasFields } from '../../shared/guards/object-fields.ts';

/** The `code` of a Node system error (`ENOENT`, `EPERM`, …), or undefined for anything without one. */
export function errorCode(error: unknown): string | undefined {
  const code = hasFields(error) ? error['code'] : undefined;
  return typeof code === 'string' ? code : undefined;
}
