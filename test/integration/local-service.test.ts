import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../electron/services/local-service/embedded-service.ts';
import type { LocalService } from '../../electron/services/local-service/local-service.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('embedded local service', () => {
  let service: LocalService;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mde-local-'));
    service = await startEmbeddedService({ data: { kind: 'demo', dataDir: dir, seed: 1 } });
  });
  afterAll(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on a random loopback port', () => {
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers /health with a JSON object', async () => {
    const response = await fetch(`${service.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers an unknown path with 404 and the spec error object', async () => {
    const response = await fetch(`${service.baseUrl}/no-such-endpoint?x=1`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; message: string; resolution: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/no-such-endpoint');
    expect(body.error.resolution.length).toBeGreaterThan(0);
  });
});
