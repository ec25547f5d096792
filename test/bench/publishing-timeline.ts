import { PostEvent, postStreamId } from '@app/domain';
import { EventStore } from '@app/event-store';

/** When each step of one post's publishing happened, as the Post aggregate recorded it (ms). */
export interface PostTimeline {
  scheduledFor: number | null;
  publishingStarted: number | null;
  published: number | null;
  failed: boolean;
}

const PAGE = 1_000;

/** Reads the whole store once, in global order, keeping the timelines of `postUuids`. */
export async function readTimelines(store: EventStore, postUuids: readonly string[]): Promise<Map<string, PostTimeline>> {
  const byStream = new Map<string, PostTimeline>();
  const timelines = new Map<string, PostTimeline>();
  for (const uuid of postUuids) {
    const timeline: PostTimeline = { scheduledFor: null, publishingStarted: null, published: null, failed: false };
    byStream.set(postStreamId(uuid), timeline);
    timelines.set(uuid, timeline);
  }
  for (let after = -1; ; ) {
    const page = await store.readAll(after, PAGE);
    for (const recorded of page) {
      const timeline = byStream.get(recorded.streamId);
      if (timeline) note(timeline, { type: recorded.type, data: recorded.data } as PostEvent);
    }
    if (page.length < PAGE) return timelines;
    after = page[page.length - 1]!.position;
  }
}

function note(timeline: PostTimeline, event: PostEvent): void {
  switch (event.type) {
    case 'PostScheduled':
      timeline.scheduledFor = Date.parse(event.data.scheduledAt);
      break;
    case 'PublishingStarted':
      timeline.publishingStarted = Date.parse(event.data.at);
      break;
    case 'AccountPublishFailed':
    case 'PostPublishFailed':
      timeline.failed = true;
      break;
    case 'PostPublished':
      timeline.published = Date.parse(event.data.publishedAt);
      break;
  }
}
