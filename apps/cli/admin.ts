// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
import { ConfigError, loadConfig } from '@app/config';
import { DataDirInUseError } from '@app/runtime';
import { issueAdminToken } from './admin-token/issue-admin-token';
import { errorDetail } from '@app/errors';

const USAGE = 'Usage: npm run admin -- token   (prints a new token of the first admin user; DATA_DIR, or DATABASE_URL in distributed mode)';

/**
 * `npm run admin -- token` (`node dist/apps/cli/admin.js token`): a new token for the first admin
 * user, for when the admin token is lost. Prints nothing but the token on stdout (so that
 * `TOKEN=$(npm run --silent admin -- token)` works); what it did goes to stderr. Exit code 1 when
 * it could not (the embedded service still running on DATA_DIR, no database, no admin).
 */
async function main(args: string[]): Promise<number> {
  if (args[0] !== 'token' || args.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    return 1;
  }
  const issued = await issueAdminToken(loadConfig());
  process.stderr.write(`New token of admin user ${issued.userId} (${issued.email}) in ${issued.database}; it does not expire.\n`);
  process.stdout.write(`${issued.token}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(`${known ? (error as Error).message : errorDetail(error)}\n`);
    process.exit(1);
  },
);
