// The project's layers for lint's import-layers rule (eslint.config.js), also read by the boundary test.

/**
 * The layers, each a folder, and which others it may import (a file is in the layer of the longest
 * folder that holds it). Read top down: a layer imports only layers below it.
 * @type {import('./import-layers.mjs').Layer[]}
 */
export const layers = [
  { name: 'shell', folder: 'electron/shell/', role: 'the Electron main process and preload', allow: ['host-process', 'host-contract', 'base', 'shared'] },
  { name: 'browser-mode', folder: 'electron/browser-mode/', role: "browser mode's front: page, uploads, contract socket", allow: ['host-process', 'host-contract', 'base', 'shared'] },
  { name: 'cli', folder: 'electron/cli/', role: 'the mde command line', allow: ['host', 'client', 'host-contract', 'server', 'simulator', 'codec', 'base', 'shared'] },
  { name: 'host-process', folder: 'electron/host/process/', role: 'the service host process and the link a front keeps to it', allow: ['host', 'host-contract', 'base', 'shared'] },
  { name: 'host', folder: 'electron/host/', role: 'the service host: contract handlers and the services behind them', allow: ['client', 'host-contract', 'server', 'codec', 'base', 'shared'] },
  { name: 'client', folder: 'electron/host/client/', role: 'the Market Data Service client: it is handed its key and knows no server', allow: ['base', 'shared'] },
  { name: 'host-contract', folder: 'electron/host/contract/', role: 'contract dispatch and events', allow: ['base', 'shared'] },
  { name: 'server', folder: 'electron/server/', role: 'the local Market Data Service (mde serve)', allow: ['simulator', 'codec', 'base', 'shared'] },
  { name: 'simulator', folder: 'electron/server/simulator/', role: 'the market simulator, beneath the service it feeds', allow: ['codec', 'base', 'shared'] },
  { name: 'codec', folder: 'electron/codec/', role: 'snapshot files: zstd, lines, records, their folders', allow: ['base', 'shared'] },
  { name: 'base', folder: 'electron/base/', role: 'Node helpers every program uses', allow: ['shared'] },
  { name: 'app', folder: 'renderer/src/', role: "the renderer's entry pages: main, App (renders the view the registry names), the heatmap harness", allow: ['views', 'components', 'hooks', 'navigation', 'stores', 'format', 'transport', 'shared'] },
  { name: 'views', folder: 'renderer/src/views/', role: 'the views, one per folder, and their registry', eachFolderAlone: true, allow: ['components', 'hooks', 'navigation', 'stores', 'format', 'transport', 'shared'] },
  { name: 'components', folder: 'renderer/src/components/', role: 'React components views and the shell share', allow: ['hooks', 'navigation', 'stores', 'format', 'shared'] },
  { name: 'hooks', folder: 'renderer/src/hooks/', role: 'React hooks: contract queries and behaviour views share', allow: ['navigation', 'stores', 'format', 'transport', 'shared'] },
  { name: 'navigation', folder: 'renderer/src/navigation/', role: 'routes, keys, the palette and the shortcut sheet, handed the views', allow: ['stores', 'format', 'shared'] },
  { name: 'stores', folder: 'renderer/src/stores/', role: 'UI state: the shown view and its parameters', allow: ['shared'] },
  { name: 'format', folder: 'renderer/src/format/', role: 'values as text', allow: ['shared'] },
  { name: 'transport', folder: 'renderer/src/transport/', role: "the renderer's connection to the service host", allow: ['shared'] },
  { name: 'shared', folder: 'shared/', role: 'code both sides use', allow: [] },
];
