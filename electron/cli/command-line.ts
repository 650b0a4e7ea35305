import { parseArgs } from 'node:util';
import { readTimeText } from '../../shared/time/time-text.ts';

/** A mistake in the command line itself: `mde` prints it with the command's usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The options of one command, by name (without `--`): each takes a value or is a flag. */
export type OptionKinds = Readonly<Record<string, 'string' | 'flag'>>;

/** How a command's arguments are read. */
export interface CommandSyntax<Options extends OptionKinds> {
  options: Options;
  /** What its positional arguments are called in messages, and how many it takes. */
  positionals: { name: string; min: number; max: number };
  /** Read any other `--name value` as a free parameter (`mde get` passes them to the service). */
  freeOptions?: boolean;
  /** Said instead of echoing an unexpected argument, which may be a secret (`mde key`). */
  unexpectedArgument?: string;
}

type StringOptionName<Options> = { [Name in keyof Options]: Options[Name] extends 'string' ? Name : never }[keyof Options];
type FlagName<Options> = { [Name in keyof Options]: Options[Name] extends 'flag' ? Name : never }[keyof Options];

/** A command line read against its syntax. */
export interface CommandLine<Options extends OptionKinds> {
  /** The value of each string option that was given. */
  values: Partial<Record<StringOptionName<Options>, string>>;
  /** The flags that were given. */
  flags: ReadonlySet<FlagName<Options>>;
  positionals: string[];
  /** Free `--name value` parameters, in the order given (only with `freeOptions`). */
  free: Record<string, string>;
}

/** Whether a name is one of the syntax's flags. */
function isFlagName<Options extends OptionKinds>(options: Options, name: string): name is Extract<FlagName<Options>, string> {
  return Object.hasOwn(options, name) && options[name] === 'flag';
}

/** Whether a name is one of the syntax's string options. */
function isStringOptionName<Options extends OptionKinds>(options: Options, name: string): name is Extract<StringOptionName<Options>, string> {
  return Object.hasOwn(options, name) && options[name] === 'string';
}

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
type OptionToken = Extract<Token, { kind: 'option' }>;

function needsValue(token: OptionToken): UsageError {
  return new UsageError(`${token.rawName} needs a value (for one that starts with "-", write ${token.rawName}=VALUE)`);
}

/**
 * Reads `args` with `node:util` `parseArgs` and checks them strictly: an unknown option, a missing
 * value, a value given to a flag, an option given twice or the wrong number of positionals is a
 * `UsageError` that names the flag. `--name value` and `--name=value` both work; a value that
 * starts with `-` must be written `--name=-value`, as `parseArgs` asks in strict mode.
 */
export function readCommandLine<const Options extends OptionKinds>(args: readonly string[], syntax: CommandSyntax<Options>): CommandLine<Options> {
  const kinds: Readonly<Record<string, 'string' | 'flag'>> = syntax.options;
  const parseOptions = Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, { type: kind === 'flag' ? ('boolean' as const) : ('string' as const) }]));
  // Non-strict so that unknown options come back as tokens (mde get's parameters); the checks
  // strict mode would make are made below, with messages that name the flag.
  const tokens = parseArgs({ args: [...args], options: parseOptions, strict: false, allowPositionals: true, tokens: true }).tokens;
  const unexpected = (text: string): UsageError => new UsageError(syntax.unexpectedArgument ?? text);
  // Maps, so that a parameter named like an Object.prototype member is just a name.
  const values = new Map<string, string>();
  const flags = new Set<FlagName<Options>>();
  const free = new Map<string, string>();
  const positionals: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === undefined || token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    const kind = Object.hasOwn(kinds, token.name) ? kinds[token.name] : undefined;
    if (isFlagName(syntax.options, token.name)) {
      if (token.inlineValue === true) throw new UsageError(`${token.rawName} takes no value`);
      flags.add(token.name);
      continue;
    }
    let value: string | undefined;
    if (kind === 'string') {
      value = token.inlineValue === false && token.value.startsWith('-') ? undefined : token.value;
    } else if (syntax.freeOptions === true && token.rawName.startsWith('--') && token.name !== '') {
      value = token.value;
      const next = tokens[i + 1];
      if (value === undefined && next?.kind === 'positional' && next.index === token.index + 1) {
        value = next.value;
        i++;
      }
    } else {
      throw unexpected(`unknown option ${token.rawName}`);
    }
    if (value === undefined) throw needsValue(token);
    const target = kind === 'string' ? values : free;
    const before = target.get(token.name);
    if (before !== undefined) {
      throw new UsageError(`${token.rawName} is given twice${syntax.unexpectedArgument === undefined ? ` ("${before}" and "${value}")` : ''}: give it once`);
    }
    target.set(token.name, value);
  }
  const { name, min, max } = syntax.positionals;
  if (positionals.length > max) {
    throw unexpected(max === 0 ? `unexpected argument "${positionals[0] ?? ''}"` : `one ${name} at a time (got ${positionals.length})`);
  }
  if (positionals.length < min) throw new UsageError(`missing ${name}`);
  const given: CommandLine<Options>['values'] = {};
  for (const [option, value] of values) if (isStringOptionName(syntax.options, option)) given[option] = value;
  return { values: given, flags, positionals, free: Object.fromEntries(free) };
}

/** What an integer option must be, for its message: the bounds and how to say them. */
export interface IntegerRule {
  min: number;
  max: number;
  /** E.g. "a whole number from 1 to 25". */
  expected: string;
}

/** Reads an integer option value (digits, with an optional `-`) within the rule's bounds, or a usage error naming the flag. */
export function integerOption(flag: string, text: string, rule: IntegerRule): number {
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value) || value < rule.min || value > rule.max) {
    throw new UsageError(`${flag} must be ${rule.expected}, not "${text}"`);
  }
  return value;
}

/** A number as the command line takes it: decimal digits, an optional sign, point and exponent (no hex, no `Infinity`). */
const decimalNumber = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a number option (decimal notation only, like `integerOption`: `0x10` is refused by every
 * flag alike) above 0 (`positive`) or of at least 0; a usage error naming the flag otherwise.
 */
export function numberOption(flag: string, text: string, rule: 'positive' | 'non-negative' = 'positive'): number {
  const value = decimalNumber.test(text.trim()) ? Number(text) : Number.NaN;
  const ok = Number.isFinite(value) && (rule === 'positive' ? value > 0 : value >= 0);
  if (!ok) throw new UsageError(`${flag} must be a number ${rule === 'positive' ? 'above 0' : 'of at least 0'}, not "${text}"`);
  return value;
}

/** Any safe integer: Unix milliseconds, counts, seeds. */
export const anyInteger: IntegerRule = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, expected: 'an integer' };

/** The widest instant a JavaScript date holds, ±8.64e15 ms (about ±273,790 years). */
const maxInstantMs = 8.64e15;

/**
 * Reads a time option (`--from`, `--to`, `--at` of every command) with the app's one time parser
 * (`shared/time/time-text.ts`): Unix ms (any number), a UTC date (its midnight), or an ISO 8601
 * time with `Z` or an offset (`2024-06-01T13:00Z`, `…+02:00`); a time without a zone is refused
 * unless `zoneless` is `utc` (`mde download` reads it in UTC). Else a usage error naming the flag
 * and what was wrong.
 */
export function timeOption(flag: string, text: string, zoneless: 'refuse' | 'utc' = 'refuse'): number {
  const read = readTimeText(text, { zone: 'utc', numbers: 'unix-ms', zoneless: zoneless === 'utc' ? 'read' : 'refuse' });
  if (read.ok && Math.abs(read.time) <= maxInstantMs) return read.time;
  const problem = read.ok ? 'it is beyond the dates a clock can show' : read.problem;
  const forms = zoneless === 'utc' ? '2024-06-01T13:00:00Z (UTC unless it names a zone)' : '2024-06-01T13:00:00Z (with Z or an offset)';
  throw new UsageError(`${flag} must be an ISO 8601 time or date such as ${forms} or 2024-06-01, or Unix ms, not "${text}": ${problem}`);
}
