import { SecretBox } from './secret-box';

/** Secrets kept open at most: about the webhooks or accounts a burst of posts uses at once. */
const MAX_KEPT = 1_000;
/** How long an opened secret is kept: long enough for a burst, short enough that memory holds few plaintexts. */
const KEPT_FOR_MS = 60_000;

/**
 * Opens stored secrets with a SecretBox, keeping each plaintext for a minute by its stored form, so
 * that the deliveries of a burst to one webhook, or the posts to one account, open its secret once
 * (AES-GCM costs about as much as the rest of sending a webhook). A secret changed or re-encrypted
 * is another stored form, so it is never answered from the old one. Nothing is written anywhere.
 */
export class RecentlyOpenedSecrets {
  private readonly opened = new Map<string, { plaintext: string; until: number }>();

  constructor(
    private readonly box: SecretBox,
    private readonly now: () => number = Date.now,
  ) {}

  decrypt(stored: string): string {
    const now = this.now();
    const kept = this.opened.get(stored);
    if (kept && kept.until > now) return kept.plaintext;
    const plaintext = this.box.decrypt(stored);
    this.opened.delete(stored);
    if (this.opened.size >= MAX_KEPT) this.opened.delete(this.opened.keys().next().value!);
    this.opened.set(stored, { plaintext, until: now + KEPT_FOR_MS });
    return plaintext;
  }
}
