import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';
import { TokenStore } from '../token-store';

/** The name of the first admin's token: ADMIN_TOKEN when that setting chose it, else what it is. */
export const ADMIN_TOKEN_NAME = 'ADMIN_TOKEN';
export const GENERATED_ADMIN_TOKEN_NAME = 'Generated at first start';

/** How a lost admin token is replaced: the command-line tool of the repository. */
export const NEW_ADMIN_TOKEN_COMMAND = 'npm run admin -- token';

/**
 * The first start creates an admin, so that someone can call the panel. Its token is ADMIN_TOKEN,
 * or a generated one that the start banner shows once (the only place a token is ever logged).
 * ADMIN_TOKEN only seeds that first admin: once users exist it is ignored (one line says so), so a
 * token revoked through the API stays revoked across restarts, and ADMIN_TOKEN is never attached to
 * anyone again. It runs once every schema is migrated (migrations run as modules initialise, before
 * any application-bootstrap hook).
 */
@Injectable()
export class BootstrapAdmin implements OnApplicationBootstrap {
  private readonly logger = new Logger('Gateway');
  private generated: string | null = null;

  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokenStore,
  ) {}

  /** The admin token generated at this start, for the start banner to show once; null when none was. */
  get generatedToken(): string | null {
    return this.generated;
  }

  onApplicationBootstrap(): Promise<void> {
    return this.run();
  }

  async run(): Promise<void> {
    const adminToken = this.config.adminToken;
    const { db, dialect } = this.database;
    this.generated = await db.transaction().execute(async (tx) => {
      // Replicas starting together must not both create an admin.
      await dialect.transactionLock(tx, 'gateway:bootstrap-admin');
      const anyUser = await tx.selectFrom('users').select('id').where('deleted_at', 'is', null).limit(1).executeTakeFirst();
      if (anyUser) {
        if (adminToken) this.logger.log(`ADMIN_TOKEN is ignored: users exist already (it only seeds the first admin). To replace a lost admin token: ${NEW_ADMIN_TOKEN_COMMAND}`);
        return null;
      }
      const admin = await tx
        .insertInto('users')
        .values({ name: 'Admin', email: 'admin@localhost', is_admin: true, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const chosen = adminToken ? await this.tokens.issueChosen(Number(admin.id), ADMIN_TOKEN_NAME, adminToken, tx) : null;
      if (adminToken && !chosen) this.logger.warn('ADMIN_TOKEN was issued before (and may have been revoked); it is not brought back, a new token is generated instead');
      const issued = chosen ?? (await this.tokens.issue(Number(admin.id), GENERATED_ADMIN_TOKEN_NAME, null, tx));
      this.logger.log(`No users yet: created admin user ${admin.id}${chosen ? ' with the token of ADMIN_TOKEN' : ', its token is in the start banner'}`);
      return chosen ? null : issued.token;
    });
  }
}
