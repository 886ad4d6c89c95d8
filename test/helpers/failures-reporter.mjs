// A second reporter for test/run.mjs: lists the failed tests again once the run is over, each with its
// file, its suites and the first lines of its error. A CI log is often read from its end (and some CI
// views show only the end); with ~1,700 tests the TAP lines of one failure are far from there.
// Parents that failed only because a test inside them failed are not listed again.

/** The first lines of the error, which is the test runner's wrapper: the assertion is its cause. */
function describeError(error) {
  const cause = error?.cause ?? error;
  const text = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  const lines = text.split('\n');
  return lines.length > 12 ? [...lines.slice(0, 12), `… (${lines.length - 12} more lines above, in the test's own output)`] : lines;
}

export default async function* failures(source) {
  const failed = [];
  /** Names of the suites being run, by nesting level, per file (files run two at a time). */
  const open = new Map();
  for await (const event of source) {
    if (event.type !== 'test:start' && event.type !== 'test:fail') continue;
    const { file = '', nesting, name } = event.data;
    const path = open.get(file) ?? [];
    open.set(file, path);
    if (event.type === 'test:start') {
      path.length = nesting;
      path[nesting] = name;
      continue;
    }
    if (event.data.details?.error?.failureType === 'subtestsFailed') continue;
    failed.push({ file, where: [...path.slice(0, nesting), name].join(' › '), error: event.data.details?.error });
  }
  if (failed.length === 0) return;
  yield `\n# ${failed.length} failed (each below with its file, suite and error; the TAP lines above have the rest):\n`;
  // No line numbers: tsx compiles a test file to a few long lines, and the runner reports those.
  for (const { file, where, error } of failed) {
    yield `#\n# not ok: ${where}\n#   in ${file.replace(`${process.cwd()}/`, '')}\n`;
    for (const text of describeError(error)) yield `#   ${text}\n`;
  }
}
