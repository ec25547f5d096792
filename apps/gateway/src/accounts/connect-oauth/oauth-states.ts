import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hashToken, SECRET_BOX, SecretBox } from '@app/security';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';

/** How long a user has to approve the app on the platform. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export interface PendingAuthorization {
  workspaceUuid: string;
  provider: string;
  userId: number;
  accountName: string | null;
  /** The account to connect again; null for a new one. */
  accountId: number | null;
  codeVerifier: string;
  /** SHA-256 of the browser's binding secret; null for an authorization begun before bindings. */
  browserBindingHash: string | null;
}

/** What a callback's state comes to: the authorization it began, taken; or why it is refused, the state left as it was. */
export type TakenAuthorization = { pending: PendingAuthorization } | { refused: 'expired' | 'other_browser' };

/** A new authorization: the state for the platform, the PKCE verifier, and the secret for the browser's cookie. */
export interface BegunAuthorization {
  state: string;
  codeVerifier: string;
  browserBinding: string;
}


/**
 * The `state` of each authorization sent to a platform: random, kept only as a hash, taken once
 * when the platform redirects back to the browser that began it, and good for OAUTH_STATE_TTL_MS.
 * The state is what ties the redirect to the member who asked (the platform's redirect carries no
 * session of ours). Each also has a browser binding: a secret the browser that began it keeps in
 * a cookie, without which the callback is refused, so a link to the platform that someone else
 * began cannot connect the account of whoever opens it into the other's workspace.
 */
@Injectable()
export class OAuthStates {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  /** A new state and PKCE verifier for this authorization. */
  async begin(pending: Omit<PendingAuthorization, 'codeVerifier' | 'browserBindingHash'>, now = new Date()): Promise<BegunAuthorization> {
    const state = randomBytes(32).toString('base64url');
    const codeVerifier = randomBytes(48).toString('base64url');
    const browserBinding = randomBytes(32).toString('base64url');
    await this.database.db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
    await this.database.db
      .insertInto('oauth_states')
      .values({
        state_hash: hashToken(state),
        workspace_uuid: pending.workspaceUuid,
        provider: pending.provider,
        user_id: pending.userId,
        account_name: pending.accountName,
        account_id: pending.accountId,
        verifier_encrypted: this.secrets.encrypt(codeVerifier),
        expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
        browser_binding_hash: hashToken(browserBinding),
      })
      .execute();
    return { state, codeVerifier, browserBinding };
  }

  /**
   * The authorization this state began, taken once, when `fromBoundBrowser` says the callback
   * comes from the browser holding its binding (given the binding's digest). Refused: a state that
   * is unknown, used or expired; and a callback from another browser, which leaves the state to
   * the browser that began it (another browser's callback, sent first, cannot spend it).
   */
  async take(provider: string, state: string, fromBoundBrowser: (bindingHash: string) => boolean, now = new Date()): Promise<TakenAuthorization> {
    const { db } = this.database;
    const stateHash = hashToken(state);
    const row = await db.selectFrom('oauth_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
    if (!row || row.provider !== provider || new Date(row.expires_at).getTime() < now.getTime()) return { refused: 'expired' };
    if (row.browser_binding_hash === null || !fromBoundBrowser(row.browser_binding_hash)) return { refused: 'other_browser' };
    // Two callbacks of the same browser at once: the first to delete the row takes it.
    const taken = await db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).returning('state_hash').executeTakeFirst();
    if (!taken) return { refused: 'expired' };
    return {
      pending: {
        workspaceUuid: row.workspace_uuid,
        provider: row.provider,
        userId: Number(row.user_id),
        accountName: row.account_name,
        accountId: row.account_id === null ? null : Number(row.account_id),
        codeVerifier: this.secrets.decrypt(row.verifier_encrypted),
        browserBindingHash: row.browser_binding_hash,
      },
    };
  }
}
