import { appMeter } from '@app/telemetry';

/**
 * `posts_due_late_seconds`: for each publishing round started, how long after the post's due time
 * (the time it was scheduled for, or approved or created for "now") the start was decided: by the
 * scheduler's StartPublishing, or in the decision that scheduled a post already due (not late).
 * Its tail tells of a scheduler or a message path that falls behind. A start decided before the
 * due time (clocks apart) counts as not late.
 */
export class PublishingLateness {
  private readonly lateness = appMeter().createHistogram('posts_due_late_seconds', {
    description: 'Time from the due time of a post to the start of its publishing.',
    unit: 's',
  });

  started(dueAt: string, startedAt: string): void {
    this.lateness.record(Math.max(Date.parse(startedAt) - Date.parse(dueAt), 0) / 1000);
  }
}
