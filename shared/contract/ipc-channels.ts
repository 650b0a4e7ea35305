/** The one Electron IPC channel that carries contract calls (`invoke(channel, input)`). */
export const ipcInvokeChannel = 'mde:invoke';

/** The one Electron IPC channel that carries push events (`event, payload`). */
export const ipcEventChannel = 'mde:event';
