import { readFileSync } from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's own script, read once: injected into each page under test. */
let axeSource: string | undefined;
const source = (): string => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

/** Every WCAG 2.0, 2.1 and 2.2 level A and AA rule, and the best practices (landmarks, heading order, one main…). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface Violation {
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Runs axe-core in the page as it is now and answers its violations, one line per element. The
 * script is evaluated through the browser's debugging protocol, so the page's Content-Security-Policy
 * (no inline scripts) does not stop it; the page itself is left as it is.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(source());
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  const results = (await page.evaluate(`window.axe.run(document, ${JSON.stringify(options)})`)) as AxeResults;
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: node.impact ?? violation.impact ?? 'unknown',
      target: node.target.map(String).join(' '),
      summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim(),
    })),
  );
}

/** The violations as a list a person reads: rule id, impact, the element, what to fix. */
export function describeViolations(where: string, violations: Violation[]): string {
  const lines = violations.map((violation) => `  - ${violation.rule} (${violation.impact}) at ${violation.target}: ${violation.summary}`);
  return `${where}: ${violations.length} accessibility violation(s)\n${lines.join('\n')}`;
}

/** Fails with the readable list when axe-core finds any violation in the page. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(describeViolations(where, violations));
}
