import { dispatch } from '../../electron/host/contract/dispatch.ts';
import { createMainServices } from '../../electron/host/main-services.ts';
import { measure, report } from './measure.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Cost of validating a contract call against calling its handler directly. */
export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-'));
  const services = createMainServices({ userDataDir: dir, mode: 'browser', healthIntervalMs: 0 });
  try {
    await services.handlers['settings.get'](undefined);
    const direct = await measure(() => services.handlers['app.info'](undefined));
    const validated = await measure(() => dispatch(services.handlers, 'app.info', undefined));
    report({
      name: 'contract call (validate + dispatch), calls/s',
      value: validated.opsPerSecond,
      unit: 'calls/s',
      baselineName: 'direct handler',
      baseline: direct.opsPerSecond,
      higherIsBetter: true,
    });
  } finally {
    await services.close();
    await rm(dir, { recursive: true, force: true });
  }
}
