/** The seed of the demo everyone sees by default (its own module, so `mde --help` loads no service code). */
export const defaultDemoSeed = 20_261_122;
