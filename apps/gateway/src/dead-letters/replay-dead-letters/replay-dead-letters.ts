import { Inject, Injectable, Logger } from '@nestjs/common';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { ApiError, notFound } from '../../http/api-error';
import { DeadLetterStore, DeadLetterView } from '../dead-letter-store';

export const DEAD_LETTER_NOT_FOUND = 'No dead letter has this id.';
/** Most dead letters one request replays; the answer says how many remain. */
export const REPLAY_BATCH = 1000;
/** Where a replayed message came from, for the logs and traces of whoever handles it again. */
export const REPLAYED_FROM_HEADER = 'replayed-from';

/**
 * Puts dead letters back on the topic they were given up on, with their own key, value and
 * headers, for every consumer group of that topic to handle again (consumers take a message at
 * least once, so a group that had handled it changes nothing). Each is claimed before it is sent,
 * so two replays never both send it; one that cannot be sent stays pending.
 */
@Injectable()
export class ReplayDeadLetters {
  private readonly logger = new Logger('DeadLetters');

  constructor(
    private readonly store: DeadLetterStore,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  async one(id: number): Promise<DeadLetterView> {
    const letter = await this.store.get(id);
    if (!letter) throw notFound(DEAD_LETTER_NOT_FOUND);
    if (!letter.replayable) throw new ApiError(409, `This dead letter cannot be replayed: ${letter.not_replayable_reason}`);
    if (!(await this.store.claimReplay(id))) throw new ApiError(409, 'This dead letter was already replayed.');
    await this.send(letter);
    return (await this.store.get(id))!;
  }

  /** The pending replayable dead letters (of one topic, or all), oldest first. */
  async pending(topic: string | undefined): Promise<{ replayed: number; remaining: number }> {
    let replayed = 0;
    for (const letter of await this.store.pendingReplayable(topic, REPLAY_BATCH)) {
      if (!(await this.store.claimReplay(letter.id))) continue;
      await this.send(letter);
      replayed += 1;
    }
    return { replayed, remaining: await this.store.countPendingReplayable(topic) };
  }

  private async send(letter: DeadLetterView): Promise<void> {
    const topic = letter.topic!;
    const headers = { ...letter.headers, [REPLAYED_FROM_HEADER]: `${letter.dead_letter_topic}/${letter.id}` };
    try {
      await this.bus.publish(topic, [{ key: letter.key, value: letter.value, headers }]);
    } catch (error) {
      await this.store.releaseReplay(letter.id);
      throw error;
    }
    this.logger.log(`Replayed dead letter ${letter.id} onto ${topic} (key ${letter.key}${letter.event_type ? `, ${letter.event_type}` : ''})`);
  }
}
