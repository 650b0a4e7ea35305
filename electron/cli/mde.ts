import { appVersion } from '../services/app-version.ts';
import { commands } from './commands.ts';

/** The `mde` help text: every command with its usage and purpose. */
export function helpText(): string {
  const width = Math.max(...commands.map((command) => command.usage.length));
  const lines = commands.map(
    (command) => `  ${command.usage.padEnd(width)}  ${command.summary}${command.run === undefined ? '  [planned]' : ''}`,
  );
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
    '',
    'Commands marked [planned] are listed for scripts to discover; they are not in this build yet.',
  ].join('\n');
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
    return 2;
  }
  if (command.run === undefined) {
    console.error(`mde ${name}: this command is planned (${command.plannedIn ?? 'later'}) and is not in this build yet.`);
    return 2;
  }
  return command.run(rest);
}

runMde(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`mde: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
