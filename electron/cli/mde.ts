import { runMde } from './run-mde.ts';

// A reader that stops early (`mde decode f | head`) closes the pipe: that ends the command
// quietly, as it does for other command-line tools, instead of a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

runMde(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`mde: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
