// Lints the service's OpenAPI document with Redocly's `recommended` rules (the engine behind
// `redocly lint`). `npm run lint:openapi` prints every problem; the test suite requires zero errors.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { openApiDocument } from './openapi-document.ts';

export interface LintProblem {
  severity: 'error' | 'warn';
  rule: string;
  message: string;
  where: string;
}

export async function lintOpenApi(): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(await openApiDocument()), absoluteRef: 'openapi.json', config });
  return problems.map((p) => ({
    severity: p.severity as LintProblem['severity'],
    rule: p.ruleId,
    message: p.message,
    where: p.location.map((l) => l.pointer).join(' '),
  }));
}

if (process.argv[1] === import.meta.filename) {
  const problems = await lintOpenApi();
  for (const p of problems) console.log(`${p.severity.padEnd(5)} ${p.rule}: ${p.message}\n      at ${p.where}`);
  const errors = problems.filter((p) => p.severity === 'error').length;
  console.log(`${errors} errors, ${problems.length - errors} warnings (Redocly recommended rules)`);
  process.exit(errors ? 1 : 0);
}
