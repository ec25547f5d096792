// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
import { ConfigError, loadConfig } from '@app/config';
import { DataDirInUseError } from '@app/runtime';
import { ColumnReport } from './reencryption/reencrypt-column';
import { runReencryption } from './reencryption/run-reencryption';
import { errorDetail } from '@app/errors';

/**
 * `npm run reencrypt` (`node dist/apps/cli/reencrypt.js`): moves every stored secret to the key
 * of ENCRYPTION_KEY, reading older ones with ENCRYPTION_KEYS_OLD, and prints what it did per
 * column. Safe to run again: values already under the current key are left alone. Exit code 1
 * when some value could not be read (its key is in neither variable) or the command could not run.
 */
async function main(): Promise<number> {
  const run = await runReencryption(loadConfig());
  print(`Re-encrypting with key ${run.keyId} in ${run.database}`);
  for (const report of run.reports) print(describe(report));
  const moved = run.reports.reduce((sum, report) => sum + report.moved, 0);
  const unreadable = run.reports.reduce((sum, report) => sum + report.unreadable, 0);
  print(`Done: ${moved} moved to key ${run.keyId}, ${unreadable} unreadable`);
  return unreadable > 0 ? 1 : 0;
}

function describe(report: ColumnReport): string {
  if (report.missing) return `${report.column}: no such table here (that service has not run on this database), skipped`;
  const already = report.values - report.moved - report.changedMeanwhile - report.unreadable;
  const parts = [`${report.values} stored`, `${report.moved} moved`, `${already} already on the current key`];
  if (report.changedMeanwhile > 0) parts.push(`${report.changedMeanwhile} rewritten by a service meanwhile`);
  if (report.unreadable > 0) parts.push(`${report.unreadable} unreadable (${report.firstError})`);
  return `${report.column}: ${parts.join(', ')}`;
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(`${known ? (error as Error).message : errorDetail(error)}\n`);
    process.exit(1);
  },
);
