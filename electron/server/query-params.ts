import { badRequest } from './service-error.ts';
import { hasFields } from '../../shared/guards/object-fields.ts';

/** What a cursor is bound to (spec 4.0.2): the endpoint and its parameters as sent, cursor excluded, sorted by name. */
export interface QueryBinding {
  path: string;
  params: readonly (readonly [string, string | string[]])[];
}

/** The limit rule of an endpoint (spec 4.0.4 and part 8). */
export type LimitRule = 'cap' | 'reject';

/** Whether a parsed parameter is a string, or the strings of a repeated one. */
function isParameterValue(value: unknown): value is string | string[] {
  return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}

/** Reads and validates query parameters, failing with a 400 that names the parameter. */
export class QueryReader {
  /** The parameters as Fastify parsed them, by name, in the order sent. */
  readonly #query: ReadonlyMap<string, string | string[]>;

  constructor(query: unknown) {
    // Fastify's parser gives each parameter a string, or an array when it is repeated.
    const entries = hasFields(query) ? Object.entries(query) : [];
    this.#query = new Map(entries.filter((entry): entry is [string, string | string[]] => isParameterValue(entry[1])));
  }

  /** A string parameter, or undefined when absent. Empty strings are refused. */
  string(name: string): string | undefined {
    const value = this.#query.get(name);
    if (value === undefined) return undefined;
    if (Array.isArray(value)) throw badRequest(`Parameter "${name}" was given ${value.length} times`, `Send "${name}" once.`);
    if (value === '') throw badRequest(`Parameter "${name}" is empty`, `Give "${name}" a value or leave it out.`);
    return value;
  }

  /** A required string parameter. */
  requiredString(name: string): string {
    const value = this.string(name);
    if (value === undefined) throw badRequest(`Missing required parameter "${name}"`, `Add "${name}" to the query.`);
    return value;
  }

  /** An integer parameter (for example Unix milliseconds), or undefined when absent. */
  integer(name: string, min = 0): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < min) {
      throw badRequest(`Parameter "${name}" must be an integer ≥ ${min}, not "${text}"`, `Send "${name}" as whole Unix milliseconds.`);
    }
    return Number(text);
  }

  /** A boolean parameter (`true`/`false`), defaulting to false. */
  boolean(name: string): boolean {
    const text = this.string(name);
    if (text === undefined || text === 'false') return false;
    if (text === 'true') return true;
    throw badRequest(`Parameter "${name}" must be true or false, not "${text}"`, `Send ${name}=true or leave it out.`);
  }

  /** The page size: default 200, 1 to 1000; above 1000 capped or refused by the endpoint's rule. */
  limit(rule: LimitRule, defaultLimit = 200): number {
    const text = this.string('limit');
    if (text === undefined) return defaultLimit;
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
      throw badRequest(`Parameter "limit" must be an integer from 1 to 1000, not "${text}"`, 'Send a limit from 1 to 1000.');
    }
    if (value > 1000) {
      if (rule === 'cap') return 1000;
      throw badRequest(`Parameter "limit" is ${value}; this endpoint accepts at most 1000`, 'Send a limit from 1 to 1000 and page with the cursor.');
    }
    return value;
  }

  /** Refuses parameters this endpoint does not accept under their legacy names. */
  refuseAliases(aliases: Record<string, string>): void {
    for (const [alias, canonical] of Object.entries(aliases)) {
      if (this.#query.has(alias)) {
        throw badRequest(`Parameter "${alias}" is not accepted here`, `Use the canonical name "${canonical}".`);
      }
    }
  }

  /** The endpoint and every parameter except the cursor, canonically ordered: what a cursor is bound to. */
  bindingKey(path: string): QueryBinding {
    const params = [...this.#query]
      .filter(([name]) => name !== 'cursor')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { path, params };
  }
}
