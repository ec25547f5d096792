import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Retention } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';

/**
 * Dead letters that were dealt with (replayed, or that cannot be replayed) go after
 * DEAD_LETTER_RETENTION_DAYS; pending ones stay until someone replays them.
 */
@Injectable()
export class DeadLetterRetention extends Retention {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super('DeadLetterRetention', config.deadLetterRetentionDays, 'replayed or unreplayable dead letters');
  }

  protected async removeBefore(cutoff: Date): Promise<number> {
    const result = await this.database.db
      .deleteFrom('dead_letters')
      .where('dead_lettered_at', '<', cutoff)
      .where((eb) => eb.or([eb('replayed_at', 'is not', null), eb('not_replayable', 'is not', null)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
