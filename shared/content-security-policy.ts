/**
 * The renderer's Content Security Policy: only the app's own scripts, no eval, no plugins, no
 * framing, and network access only back to the app's own origin (the contract WebSocket in
 * browser mode). Inline style attributes are allowed for the charting libraries.
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');
