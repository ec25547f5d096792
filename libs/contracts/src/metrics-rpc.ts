/** Asks the publisher to read a post's figures now, on each of its published accounts whose platform reports some. */
export interface RefreshMetricsRequest {
  workspaceUuid: string;
  postUuid: string;
}

export interface RefreshMetricsReply {
  /** How many of the post's accounts will be read now; 0 when none is published on a platform that reports figures. */
  accounts: number;
  /** Set when the post's figures were asked for less than a minute ago: how long to wait. Nothing was asked then. */
  retryAfterSeconds: number | null;
}

/** One refresh of a post's figures a minute, at most. */
export const METRICS_REFRESH_INTERVAL_SECONDS = 60;
