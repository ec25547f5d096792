/** The original version of a post as the API takes it: one text item, no media. */
export const original = { is_original: true, content: [{ body: 'Hello', media: [] }] };

/** An hour from now, as the API takes a time. */
export const inAnHour = (): string => new Date(Date.now() + 3_600_000).toISOString();
