/**
 * The request schemas' zod: zod's mini build (functional checks, tree-shaken to what a bundle uses, where the
 * classic build costs about 90 KB in every Lambda), with zod's English messages, which the classic build installs
 * on import and the mini build leaves to its user. Request and configuration schemas `import * as z` from here
 * (a namespace import of a re-export, so esbuild keeps only what is used); the data model's YAML schema and the
 * agent keep the classic build (their bundles hold it anyway).
 */
import { en } from 'zod/locales';
import { config, nullish, type output, pipe, transform, optional as zodOptional } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

// A named import of the locales index (esbuild keeps only `en` in an ESM bundle); the default export of
// `zod/v4/locales/en.js` is undefined once a CommonJS bundle of this module requires it.
config(en());

export * from 'zod/mini';

/** An optional field where Cube's `null` means the field is absent (docs/embedding.md). */
export const nullAsAbsent = <T extends $ZodType>(schema: T) =>
  zodOptional(
    pipe(
      nullish(schema),
      transform((value: output<T> | null | undefined) => value ?? undefined),
    ),
  );
