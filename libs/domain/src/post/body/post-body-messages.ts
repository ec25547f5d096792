import { FieldMessages } from '../../fields/field-messages';
import { PostBodyLimits } from './post-body-limits';

/** The 422 messages of the product contract for a post body, word for word, each written once. */
export const PostMessages = {
  versionsRequired: FieldMessages.required('versions'),
  originalRequired: 'At least one version with is_original: true is required.',
  firstMustBeOriginal: 'The is_original field must be true for the first version.',
  onlyOneOriginal: 'Only one version can have is_original: true.',
  dateFormat: 'The date does not match the format Y-m-d.',
  timeFormat: 'The time does not match the format H:i.',
  accountInvalid: 'The selected account is invalid.',
  mediaInvalid: 'The selected media is invalid.',
  accountsRequiredWhenScheduling: 'The accounts field is required when scheduling.',
  dateRequiredWhenScheduling: 'The date field is required when scheduling.',
  scheduledInPast: 'The scheduled time must be in the future.',
  tooManyVersions: FieldMessages.maxItems('versions', PostBodyLimits.versions),
  tooManyContentItems: FieldMessages.maxItems('content', PostBodyLimits.contentItems),
  bodyTooLong: FieldMessages.maxLength('body', PostBodyLimits.bodyCharacters),
  tooManyTags: FieldMessages.maxItems('tags', PostBodyLimits.tags),
  textTooLong: (provider: string, limit: number) => `The text is longer than ${provider} allows (${limit} characters).`,
  // Beyond the contract's tables, worded the same way.
  timeRequiredWhenScheduling: 'The time field is required when scheduling.',
  timezoneInvalid: 'The timezone field must be a valid timezone.',
  scheduledAtFormat: 'The scheduled_at field must be an ISO 8601 date and time with an offset.',
  tooManyAccounts: FieldMessages.maxItems('accounts', PostBodyLimits.accounts),
  tagTooLong: FieldMessages.maxLength('tag', PostBodyLimits.tagCharacters),
  mediaTooLong: FieldMessages.maxLength('media', PostBodyLimits.mediaCharacters),
  tooManyMedia: FieldMessages.maxItems('media', PostBodyLimits.mediaItems),
  optionsTooDeep: FieldMessages.maxDepth('options', PostBodyLimits.optionsDepth),
  optionsTooLarge: `The options field must not be greater than ${PostBodyLimits.optionsCharacters} characters as JSON.`,
} as const;
