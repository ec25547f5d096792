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

/** A new authorization: the state for the platform, the PKCE verifier, and the secret for the browser's cookie. */
export interface BegunAuthorization {
  state: string;
  codeVerifier: string;
  browserBinding: string;
}


/**
 * The `state` of each authorization sent to a platform: random, kept only as a hash, taken once
 * when the platform redirects back, and good for OAUTH_STATE_TTL_MS. The state is what ties the
 * redirect to the member who asked (the platform's redirect carries no session of ours). Each
 * also has a browser binding: a secret the browser that began it keeps in a cookie, without which
 * the callback is refused, so a link to the platform that someone else began cannot connect the
 * account of whoever opens it into the other's workspace.
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

  /** The authorization this state began, once; null when it is unknown, used or expired. */
  async take(provider: string, state: string, now = new Date()): Promise<PendingAuthorization | null> {
    const row = await this.database.db.deleteFrom('oauth_states').where('state_hash', '=', hashToken(state)).returningAll().executeTakeFirst();
    if (!row || row.provider !== provider || new Date(row.expires_at).getTime() < now.getTime()) return null;
    return { workspaceUuid: row.workspace_uuid, provider: row.provider, userId: Number(row.user_id), accountName: row.account_name, accountId: row.account_id === null ? null : Number(row.account_id), codeVerifier: this.secrets.decrypt(row.verifier_encrypted), browserBindingHash: row.browser_binding_hash };
  }
}
