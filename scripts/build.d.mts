// Types of what the tests use from build.mjs.
/** Writes .br and .gz next to each compressible file of `dir` (recursively); drops stale copies of files too small to compress. */
export function compressAssets(dir: string): void;
