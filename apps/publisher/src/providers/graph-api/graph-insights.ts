/** One metric of a Graph API insights answer. */
interface Insight {
  name?: unknown;
  values?: Array<{ value?: unknown }>;
}

/**
 * The figures of an insights answer of Meta's Graph APIs (Facebook, Instagram, Threads):
 * `{data: [{name, period, values: [{value, end_time?}], title, description, id}]}`, each metric's
 * last value by its name. A metric the answer leaves out (no data for it yet) is absent.
 */
export function insightValues(body: unknown): Record<string, unknown> {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  const values: Record<string, unknown> = {};
  if (!Array.isArray(data)) return values;
  for (const insight of data as Insight[]) {
    if (typeof insight?.name === 'string' && Array.isArray(insight.values) && insight.values.length > 0) values[insight.name] = insight.values.at(-1)?.value;
  }
  return values;
}
