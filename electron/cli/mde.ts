import { runMde } from './run-mde.ts';

runMde(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`mde: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
