import { describe, expect, it } from 'vitest';
import { isTrustedRendererUrl, rendererEntryUrl } from '../../../electron/shell/trusted-origin.ts';

describe('which frames may call the main process', () => {
  it('trusts the packaged renderer at app://mde/ and nothing else', () => {
    expect(isTrustedRendererUrl('app://mde/index.html', undefined)).toBe(true);
    expect(isTrustedRendererUrl('app://mde/assets/x.js?v=1#top', undefined)).toBe(true);
    expect(isTrustedRendererUrl('app://evil/index.html', undefined)).toBe(false);
    expect(isTrustedRendererUrl('file:///etc/passwd', undefined)).toBe(false);
    expect(isTrustedRendererUrl('https://example.com/', undefined)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/', undefined)).toBe(false);
    expect(isTrustedRendererUrl('not a url', undefined)).toBe(false);
  });

  it('trusts the dev server only while developing, and only its exact origin', () => {
    const dev = 'http://localhost:5173';
    expect(isTrustedRendererUrl('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedRendererUrl('http://127.0.0.1:5173/', dev)).toBe(false);
  });

  it('loads the dev server while developing, else the packaged entry', () => {
    expect(rendererEntryUrl(undefined)).toBe('app://mde/index.html');
    expect(rendererEntryUrl('')).toBe('app://mde/index.html');
    expect(rendererEntryUrl('http://localhost:5173')).toBe('http://localhost:5173');
  });
});
