/** Why a value failed its guard: the field (dotted for nested values) and what it should have been. */
export interface RowProblem {
  field: string;
  expected: string;
}

/** A row that does not have the shape of its kind, named by endpoint, row index and field. */
export class InvalidRowError extends Error {
  override readonly name = 'InvalidRowError';
  readonly endpoint: string;
  readonly rowIndex: number;
  readonly field: string;
  readonly expected: string;

  constructor(endpoint: string, rowIndex: number, problem: RowProblem) {
    super(`${endpoint}: row ${rowIndex}, field "${problem.field}" should be ${problem.expected}`);
    this.endpoint = endpoint;
    this.rowIndex = rowIndex;
    this.field = problem.field;
    this.expected = problem.expected;
  }
}
