import { createHash, randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';

/**
 * The database work of the HTTP baseline: the same driver as the embedded service (node:sqlite,
 * a WAL file, the same pragmas), a schema of its own, one prepared statement per query.
 */
const SCHEMA = `
  CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE);
  CREATE TABLE tokens (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), token_hash TEXT NOT NULL UNIQUE);
  CREATE TABLE memberships (workspace_uuid TEXT NOT NULL, user_id INTEGER NOT NULL REFERENCES users(id), role TEXT NOT NULL,
    can_approve INTEGER NOT NULL, PRIMARY KEY (workspace_uuid, user_id));
  CREATE TABLE accounts (id INTEGER PRIMARY KEY AUTOINCREMENT, workspace_uuid TEXT NOT NULL, provider TEXT NOT NULL, name TEXT NOT NULL,
    username TEXT, authorized INTEGER NOT NULL, created_at TEXT NOT NULL);
  CREATE INDEX accounts_of_workspace ON accounts (workspace_uuid, id);
  CREATE TABLE posts (uuid TEXT PRIMARY KEY, workspace_uuid TEXT NOT NULL, status TEXT NOT NULL, versions TEXT NOT NULL, accounts TEXT NOT NULL,
    tags TEXT NOT NULL, scheduled_at TEXT, published_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
  CREATE INDEX posts_of_workspace ON posts (workspace_uuid, created_at DESC);
  CREATE TABLE post_events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream_id TEXT NOT NULL, revision INTEGER NOT NULL, type TEXT NOT NULL,
    data TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream_id, revision));
`;

interface AccountRow {
  id: number;
  provider: string;
  name: string;
  username: string | null;
  authorized: number;
  created_at: string;
}

interface PostRow {
  uuid: string;
  status: string;
  versions: string;
  accounts: string;
  tags: string;
  scheduled_at: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewPost {
  workspaceUuid: string;
  versions: unknown[];
  accounts: AccountRow[];
  scheduledAt: string | null;
}

const POST_COLUMNS = 'uuid, status, versions, accounts, tags, scheduled_at, published_at, created_at, updated_at';
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export class BaselineDatabase {
  private readonly db: DatabaseSync;
  private readonly statements;

  constructor(file: string) {
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
    this.db.exec(SCHEMA);
    const prepare = (sql: string) => this.db.prepare(sql);
    this.statements = {
      userOfToken: prepare('SELECT user_id FROM tokens WHERE token_hash = ?'),
      membership: prepare('SELECT role, can_approve FROM memberships WHERE workspace_uuid = ? AND user_id = ?'),
      accounts: prepare('SELECT id, provider, name, username, authorized, created_at FROM accounts WHERE workspace_uuid = ? ORDER BY id'),
      post: prepare(`SELECT ${POST_COLUMNS} FROM posts WHERE uuid = ? AND workspace_uuid = ?`),
      page: prepare(`SELECT ${POST_COLUMNS} FROM posts WHERE workspace_uuid = ? ORDER BY created_at DESC, uuid LIMIT ? OFFSET ?`),
      countPosts: prepare('SELECT count(*) AS total FROM posts WHERE workspace_uuid = ?'),
      insertPost: prepare(`INSERT INTO posts (${POST_COLUMNS}, workspace_uuid) VALUES (?, ?, ?, ?, '[]', ?, NULL, ?, ?, ?)`),
      insertEvent: prepare('INSERT INTO post_events (stream_id, revision, type, data, recorded_at) VALUES (?, 0, ?, ?, ?)'),
      addUser: prepare('INSERT INTO users (name, email) VALUES (?, ?) RETURNING id'),
      addToken: prepare('INSERT INTO tokens (user_id, token_hash) VALUES (?, ?)'),
      addMember: prepare("INSERT INTO memberships (workspace_uuid, user_id, role, can_approve) VALUES (?, ?, 'admin', 1)"),
      addAccount: prepare("INSERT INTO accounts (workspace_uuid, provider, name, username, authorized, created_at) VALUES (?, 'sandbox', ?, ?, 1, ?)"),
    };
  }

  /** The member, the workspace and its accounts that the benchmark's requests use. */
  seed(workspaceUuid: string, token: string, accounts: number): void {
    const { id } = this.statements.addUser.get('bench', 'bench@example.com') as { id: number };
    this.statements.addToken.run(id, hashToken(token));
    this.statements.addMember.run(workspaceUuid, id);
    for (let index = 1; index <= accounts; index++) this.statements.addAccount.run(workspaceUuid, `Sandbox ${index}`, `sandbox${index}`, new Date().toISOString());
  }

  userOfToken(token: string): number | null {
    const row = this.statements.userOfToken.get(hashToken(token)) as { user_id: number } | undefined;
    return row?.user_id ?? null;
  }

  isMember(workspaceUuid: string, userId: number): boolean {
    return this.statements.membership.get(workspaceUuid, userId) !== undefined;
  }

  accounts(workspaceUuid: string): AccountRow[] {
    return this.statements.accounts.all(workspaceUuid) as unknown as AccountRow[];
  }

  post(workspaceUuid: string, uuid: string): Record<string, unknown> | null {
    const row = this.statements.post.get(uuid, workspaceUuid) as PostRow | undefined;
    return row ? postView(row) : null;
  }

  page(workspaceUuid: string, page: number, limit: number): { data: Record<string, unknown>[]; meta: { page: number; limit: number; total: number } } {
    const rows = this.statements.page.all(workspaceUuid, limit, (page - 1) * limit) as unknown as PostRow[];
    const { total } = this.statements.countPosts.get(workspaceUuid) as { total: number };
    return { data: rows.map(postView), meta: { page, limit, total } };
  }

  /** The post row and its first event, in one transaction. */
  insertPost(post: NewPost): Record<string, unknown> {
    const uuid = randomUUID();
    const now = new Date().toISOString();
    const status = post.scheduledAt === null ? 'draft' : 'scheduled';
    const accounts = JSON.stringify(post.accounts.map(({ id, provider, name, username }) => ({ id, provider, name, username, external_url: null, errors: [] })));
    const versions = JSON.stringify(post.versions);
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.statements.insertPost.run(uuid, status, versions, accounts, post.scheduledAt, now, now, post.workspaceUuid);
      const type = post.scheduledAt === null ? 'PostCreated' : 'PostScheduled';
      this.statements.insertEvent.run(`post-${uuid}`, type, JSON.stringify({ workspaceUuid: post.workspaceUuid, versions: post.versions, scheduledAt: post.scheduledAt, at: now }), now);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    return postView({ uuid, status, versions, accounts, tags: '[]', scheduled_at: post.scheduledAt, published_at: null, created_at: now, updated_at: now });
  }
}

function postView(row: PostRow): Record<string, unknown> {
  return { ...row, versions: JSON.parse(row.versions), accounts: JSON.parse(row.accounts), tags: JSON.parse(row.tags) };
}

export const accountView = (row: AccountRow) => ({ ...row, authorized: Boolean(row.authorized) });
