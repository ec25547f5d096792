import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { generateToken } from '@app/security';
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
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokenStore,
  ) {}

  async run(): Promise<void> {
    const adminToken = this.config.adminToken;
    const generated = await this.sql.transaction(async (tx) => {
      // Replicas starting together must not both create an admin.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['gateway:bootstrap-admin']);
      const [anyUser] = await tx.query<{ id: number }>(`SELECT id FROM gateway.users WHERE deleted_at IS NULL LIMIT 1`);
      if (!anyUser) {
        const [admin] = await tx.query<{ id: number }>(
          `INSERT INTO gateway.users (name, email, is_admin) VALUES ('Admin', 'admin@localhost', true) RETURNING id`,
        );
        const token = adminToken ?? generateToken();
        await this.tokens.ensure(admin.id, ADMIN_TOKEN_NAME, token, tx);
        this.logger.log(`No users yet: created admin user ${admin.id}${adminToken ? ' with the token of ADMIN_TOKEN' : ''}`);
        return adminToken ? null : token;
      }
      if (!adminToken) return null;
      const [firstAdmin] = await tx.query<{ id: number }>(
        `SELECT id FROM gateway.users WHERE is_admin AND deleted_at IS NULL ORDER BY id LIMIT 1`,
      );
      if (!firstAdmin) {
        this.logger.warn('ADMIN_TOKEN is set but no admin user exists; the token was not attached to anyone');
        return null;
      }
      await this.tokens.ensure(firstAdmin.id, ADMIN_TOKEN_NAME, adminToken, tx);
      return null;
    });
    if (generated) {
      this.logger.log(`Admin token (shown once, store it now; set ADMIN_TOKEN to choose your own): ${generated}`);
    }
  }
}
