import { describe, expect, it } from 'vitest';
import { rendererDevServerUrl } from '../../../electron/shell/dev-server.ts';
import { isTrustedRendererUrl, rendererEntryUrl } from '../../../electron/shell/trusted-origin.ts';

describe('which renderer the window loads and trusts', () => {
  const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };

  it('ignores ELECTRON_RENDERER_URL in a packaged app: it loads and trusts only app://mde/', () => {
    const devServer = rendererDevServerUrl(true, env);
    expect(devServer).toBeUndefined();
    expect(rendererEntryUrl(devServer)).toBe('app://mde/index.html');
    expect(isTrustedRendererUrl('http://localhost:5173/', devServer)).toBe(false);
    expect(isTrustedRendererUrl('app://mde/index.html', devServer)).toBe(true);
  });

  it('honours ELECTRON_RENDERER_URL while developing (not packaged)', () => {
    const devServer = rendererDevServerUrl(false, env);
    expect(devServer).toBe('http://localhost:5173');
    expect(rendererEntryUrl(devServer)).toBe('http://localhost:5173');
    expect(isTrustedRendererUrl('http://localhost:5173/src/main.tsx', devServer)).toBe(true);
  });

  it('uses the built renderer when the variable is unset or empty', () => {
    expect(rendererDevServerUrl(false, {})).toBeUndefined();
    expect(rendererDevServerUrl(false, { ELECTRON_RENDERER_URL: '' })).toBeUndefined();
  });
});
