import { createRequire } from 'node:module';
import { hasFields } from '../../../shared/guards/object-fields.ts';

/** The `zstd-napi` native binding: libzstd's contexts and parameters. */
export type ZstdNapiBinding = typeof import('zstd-napi/binding.js');

/** Whether a loaded module has the parts of the binding this app uses (its contexts, parameters and directives). */
function isZstdNapiBinding(value: unknown): value is ZstdNapiBinding {
  return (
    hasFields(value) &&
    typeof value['DCtx'] === 'function' &&
    typeof value['CCtx'] === 'function' &&
    typeof value['cStreamOutSize'] === 'function' &&
    hasFields(value['CParameter']) &&
    hasFields(value['EndDirective'])
  );
}

/** Loads `zstd-napi` (an optional dependency, libzstd built at install); throws when it is missing or is not the binding. */
export function loadZstdNapi(): ZstdNapiBinding {
  const loaded: unknown = createRequire(import.meta.url)('zstd-napi/binding.js');
  if (!isZstdNapiBinding(loaded)) throw new Error('zstd-napi/binding.js loaded, but without the zstd contexts');
  return loaded;
}
