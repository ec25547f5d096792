import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { generateToken } from '@app/security';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';
import { TokenStore } from '../token-store';

const ADMIN_TOKEN_NAME = 'ADMIN_TOKEN';

/**
 * The first start creates an admin, so that someone can call the panel. Its token is ADMIN_TOKEN,
 * or a generated one printed once here (the only place a token is ever logged). With ADMIN_TOKEN
 * set, later starts keep that token working for the first admin.
 */
@Injectable()
export class BootstrapAdmin {
  private readonly logger = new Logger('Gateway');

  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokenStore,
  ) {}

  async run(): Promise<void> {
    const adminToken = this.config.adminToken;
    const { db, dialect } = this.database;
    const generated = await db.transaction().execute(async (tx) => {
      // Replicas starting together must not both create an admin.
      await dialect.transactionLock(tx, 'gateway:bootstrap-admin');
      const anyUser = await tx.selectFrom('users').select('id').where('deleted_at', 'is', null).limit(1).executeTakeFirst();
      if (!anyUser) {
        const admin = await tx
          .insertInto('users')
          .values({ name: 'Admin', email: 'admin@localhost', is_admin: true, deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = adminToken ?? generateToken();
        await this.tokens.ensure(Number(admin.id), ADMIN_TOKEN_NAME, token, tx);
        this.logger.log(`No users yet: created admin user ${admin.id}${adminToken ? ' with the token of ADMIN_TOKEN' : ''}`);
        return adminToken ? null : token;
      }
      if (!adminToken) return null;
      const firstAdmin = await tx
        .selectFrom('users')
        .select('id')
        .where('is_admin', '=', true)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!firstAdmin) {
        this.logger.warn('ADMIN_TOKEN is set but no admin user exists; the token was not attached to anyone');
        return null;
      }
      await this.tokens.ensure(Number(firstAdmin.id), ADMIN_TOKEN_NAME, adminToken, tx);
      return null;
    });
    if (generated) {
      this.logger.log(`Admin token (shown once, store it now; set ADMIN_TOKEN to choose your own): ${generated}`);
    }
  }
}
