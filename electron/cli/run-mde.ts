import { appVersion } from '../base/app-version.ts';
import { UsageError } from './command-line.ts';
import { commands, type CommandEntry } from './commands.ts';

/** Exit code for bad usage. */
const usageExit = 2;

/** The `mde` help text: every command with its usage and purpose. */
export function helpText(): string {
  // Usage on its own line, the summary indented below it: usages are long and vary a lot.
  const lines = commands.flatMap((command) => [`  ${command.usage}`, `      ${command.summary}${command.run === undefined ? '  [planned]' : ''}`]);
  return [
    `mde ${appVersion}: the Market Data Explorer engines on the command line`,
    '',
    'Usage: npm run -s mde -- <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Options:',
    '  -h, --help     Show this help',
    '  -v, --version  Show the version',
    ...(commands.some((command) => command.run === undefined)
      ? ['', 'Commands marked [planned] are listed for scripts to discover; they are not in this build yet.']
      : []),
  ].join('\n');
}

/** The usage line of one command, as its usage errors and its `--help` print it. */
export function commandUsage(command: CommandEntry): string {
  return `Usage: npm run -s mde -- ${command.usage}`;
}

/** Whether a command's arguments ask for its help (before any `--`, after which all are operands). */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '-h' || arg === '--help');
}

/** Runs one command; a `UsageError` from it is printed on one line with the command's usage, exit code 2. */
async function runCommand(command: CommandEntry, run: NonNullable<CommandEntry['run']>, args: readonly string[]): Promise<number> {
  if (asksForHelp(args)) {
    console.log(`${commandUsage(command)}\n  ${command.summary}${command.details === undefined ? '' : `\n\nOptions:\n${command.details}`}`);
    return 0;
  }
  try {
    return await run(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`mde ${command.name}: ${error.message.replace(/\.$/, '')}. ${commandUsage(command)}`);
    return usageExit;
  }
}

/** Runs the command line; resolves to the process exit code. */
export async function runMde(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    console.log(helpText());
    return 0;
  }
  if (name === '-v' || name === '--version') {
    console.log(appVersion);
    return 0;
  }
  const command = commands.find((entry) => entry.name === name);
  if (command === undefined) {
    console.error(`mde: unknown command "${name}". Run "npm run -s mde -- --help" for the list.`);
    return usageExit;
  }
  if (command.run === undefined) {
    console.error(`mde ${name}: this command is planned (${command.plannedIn ?? 'later'}) and is not in this build yet.`);
    return usageExit;
  }
  return runCommand(command, command.run, rest);
}
