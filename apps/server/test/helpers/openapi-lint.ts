// The OpenAPI document's linters, run in process and offline: Redocly's `recommended` rules and Spectral's
// `spectral:oas` ruleset, both from devDependencies (docs/decisions/044).
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

export interface LintProblem {
  linter: 'redocly' | 'spectral';
  rule: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  at: string;
}

/** Redocly's `recommended` rules over the document. */
export async function redoclyProblems(document: object): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems.map((problem) => ({
    linter: 'redocly',
    rule: problem.ruleId,
    severity: problem.severity === 'error' ? 'error' : 'warning',
    message: problem.message,
    at: problem.location[0]?.pointer ?? '',
  }));
}

const spectralSeverities = ['error', 'warning', 'info', 'hint'] as const;

/** Spectral's `spectral:oas` ruleset (its recommended rules) over the document. */
export async function spectralProblems(document: object): Promise<LintProblem[]> {
  const spectral = new spectralCore.Spectral();
  spectral.setRuleset(oas as spectralCore.RulesetDefinition);
  const results = await spectral.run(
    new spectralCore.Document(JSON.stringify(document), Json, 'openapi.json'),
  );
  return results.map((result) => ({
    linter: 'spectral',
    rule: String(result.code),
    severity: spectralSeverities[result.severity] ?? 'hint',
    message: result.message,
    at: `#/${result.path.join('/')}`,
  }));
}
