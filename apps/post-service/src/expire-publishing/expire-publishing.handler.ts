import { Injectable, Logger } from '@nestjs/common';
import type { ExpirePublishingMessage } from '@app/contracts';
import { PostCommandRunner } from '../command-handling/post-command-runner';

/** The scheduler watchdog's ExpirePublishing: a publishing round whose results did not all come (reached through PostCommandsConsumer). */
@Injectable()
export class ExpirePublishingHandler {
  private readonly logger = new Logger(ExpirePublishingHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  async handle({ postUuid, waitedMs, commandId }: ExpirePublishingMessage): Promise<void> {
    const now = new Date().toISOString();
    const outcome = await this.runner.run(postUuid, { type: 'ExpirePublishing', waitedMs, now }, { causationId: commandId });
    if (outcome.appended > 0) this.logger.warn(`Post ${postUuid}: no result from the platform within ${waitedMs} ms of publishing; the accounts without one failed`);
  }
}
