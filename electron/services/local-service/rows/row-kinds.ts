/** The row kinds now live in shared/, where the client needs them too; this re-export keeps the service's imports. */
export { isRowKind, rowKinds, type RowKind } from '../../../../shared/rows/row-kinds.ts';
