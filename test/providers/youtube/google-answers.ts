/** What a part of the local YouTube answers: a status, a JSON body (none when absent) and headers. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Google's error body: `{error: {code, message, errors: [{message, domain, reason}]}}`. */
export const googleError = (code: number, reason: string, message: string, domain = 'youtube.video'): Answer => ({
  status: code,
  body: { error: { code, message, errors: [{ message, domain, reason }] } },
});

/** A list answer of the Data API (`youtube#<kind>ListResponse`) holding these resources. */
export const listOf = (kind: string, items: unknown[]): Answer => ({
  status: 200,
  body: { kind: `youtube#${kind}ListResponse`, etag: etag(), pageInfo: { totalResults: items.length, resultsPerPage: Math.max(5, items.length) }, items },
});

export const etag = (): string => Math.random().toString(36).slice(2, 14);
