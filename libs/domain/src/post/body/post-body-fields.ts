/**
 * The fields a post body may hold, at each level (PRODUCT.md, "Creating and updating a post"); any
 * other is refused, under its own path. The keys inside a version's `options` are not listed here:
 * they are what each platform takes, read by that platform's rules.
 */
export const PostBodyFields = {
  post: ['versions', 'accounts', 'date', 'time', 'timezone', 'scheduled_at', 'schedule', 'schedule_now', 'queue', 'tags', 'recycle'],
  recycle: ['interval_days', 'times'],
  version: ['account_id', 'is_original', 'content', 'options'],
  contentItem: ['body', 'media'],
} as const satisfies Record<string, readonly string[]>;
