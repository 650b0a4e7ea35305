import { dispatch } from '../../electron/host/contract/dispatch.ts';
import { createMainServices } from '../../electron/host/main-services.ts';

// Starts the app's services on a user-data folder (argv[2]) and prints what the window would be
// told about its state files, and the settings it started with, as one JSON line; for tests that
// must run the app as another user (a file the app has no permission to read cannot be made so
// for root, who reads anything).

const userDataDir = process.argv[2];
if (userDataDir === undefined) throw new Error('usage: state-notices-child.ts <userDataDir>');
const log: string[] = [];
const services = createMainServices({ userDataDir, mode: 'browser', healthIntervalMs: 0, logStateNotice: (line) => log.push(line) });
const notices = await dispatch(services.handlers, 'app.notices', undefined);
const settings = await dispatch(services.handlers, 'settings.get', undefined);
await services.close();
process.stdout.write(`${JSON.stringify({ notices, settings, log })}\n`);
