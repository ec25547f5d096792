/** The 422 messages of the product contract for a post body, word for word. */
export const PostMessages = {
  versionsRequired: 'The versions field is required.',
  originalRequired: 'At least one version with is_original: true is required.',
  firstMustBeOriginal: 'The is_original field must be true for the first version.',
  onlyOneOriginal: 'Only one version can have is_original: true.',
  dateFormat: 'The date does not match the format Y-m-d.',
  timeFormat: 'The time does not match the format H:i.',
  accountInvalid: 'The selected account is invalid.',
  accountsRequiredWhenScheduling: 'The accounts field is required when scheduling.',
  dateRequiredWhenScheduling: 'The date field is required when scheduling.',
  scheduledInPast: 'The scheduled time must be in the future.',
  // Beyond the contract's table, worded the same way.
  timeRequiredWhenScheduling: 'The time field is required when scheduling.',
  timezoneInvalid: 'The timezone field must be a valid timezone.',
  scheduledAtFormat: 'The scheduled_at field must be an ISO 8601 date and time with an offset.',
} as const;
