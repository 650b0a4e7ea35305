import packageJson from '../../package.json' with { type: 'json' };

/** The app's version, from package.json. */
export const appVersion: string = packageJson.version;

/** The app's display name, from package.json. */
export const appName: string = packageJson.productName;
