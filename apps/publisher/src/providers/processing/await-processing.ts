import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderFailure } from '../publish-provider';

/** How a platform's processing (a container, an uploaded video) is waited for. */
export interface ProcessingSettings {
  /** `PROVIDER_PROCESSING_TIMEOUT_MS`: from the moment processing began to the account's failure. */
  timeoutMs: number;
  /** Between two checks of the status. */
  intervalMs: number;
}

/** What one check of the platform tells. */
export type ProcessingCheck<T> = { kind: 'done'; value: T } | { kind: 'processing'; status: string } | ProviderFailure;

export const ProcessingMessages = {
  tooLong: (platform: string, minutes: number, status: string) => `${platform} was still processing the media after ${minutes} minutes (its last status: ${status}).`,
} as const;

/**
 * Checks the platform's status until processing is done, fails, or outlives the timeout counted
 * from `startedAt` (epoch ms, journaled with the step that began processing, so that a crash and
 * a resume do not start the clock again). A passing failure of a check (a 5xx, a 429) ends the
 * wait with that failure: the publisher tries again later, and the provider resumes from its journal.
 */
export async function awaitProcessing<T>(platform: string, check: () => Promise<ProcessingCheck<T>>, startedAt: number, settings: ProcessingSettings): Promise<T | ProviderFailure> {
  for (;;) {
    const answer = await check();
    if (answer.kind === 'done') return answer.value;
    if (answer.kind !== 'processing') return answer;
    const left = startedAt + settings.timeoutMs - Date.now();
    if (left <= 0) return { kind: 'rejected', message: ProcessingMessages.tooLong(platform, Math.round(settings.timeoutMs / 60_000), answer.status) };
    await sleep(Math.min(settings.intervalMs, left));
  }
}
