import type { PostMetricsEntry } from '../post-metrics-view';
import { at, bool, count, Decoder, field, fieldsOf, nonEmptyText, nullable, dateText } from './decode';

/** Figures by name: each a whole number of zero or more, or null. */
export const figures: Decoder<Record<string, number | null>> = (value, path) => {
  const fields = fieldsOf(value, path);
  return Object.fromEntries(Object.entries(fields).map(([name, figure]) => [name, nullable(count)(figure, at(path, name))]));
};

/** One account's entry of a post's figures. */
export const postMetricsEntry: Decoder<PostMetricsEntry> = (value, path) => {
  const entry = fieldsOf(value, path);
  return {
    account_id: field(entry, 'account_id', path, count),
    provider: field(entry, 'provider', path, nonEmptyText),
    supported: field(entry, 'supported', path, bool),
    collected_at: field(entry, 'collected_at', path, nullable(dateText)),
    metrics: field(entry, 'metrics', path, figures),
  };
};
