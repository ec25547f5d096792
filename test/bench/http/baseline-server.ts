import Fastify, { FastifyReply, FastifyRequest } from 'fastify';
import { accountView, BaselineDatabase } from './baseline-database';

/**
 * The HTTP baseline: a bare Fastify server, in a process of its own, answering the benchmark's
 * requests with the same database work as the service (token lookup by sha256 hash, membership
 * check, the same reads and writes) and nothing else. Run by the HTTP benchmark with PORT,
 * BASELINE_DB (a file), BASELINE_WORKSPACE, BASELINE_TOKEN and BASELINE_ACCOUNTS.
 */
const database = new BaselineDatabase(required('BASELINE_DB'));
database.seed(required('BASELINE_WORKSPACE'), required('BASELINE_TOKEN'), Number(required('BASELINE_ACCOUNTS')));

const app = Fastify({ logger: false });

interface WorkspaceParams {
  workspaceUuid: string;
}

/** Token, then membership, as the service's guards check them; 401 and 404 as the service answers. */
function authorize(request: FastifyRequest<{ Params: WorkspaceParams }>, reply: FastifyReply): boolean {
  const header = request.headers.authorization ?? '';
  const userId = header.startsWith('Bearer ') ? database.userOfToken(header.slice(7)) : null;
  if (userId === null) {
    void reply.code(401).send({ message: 'Unauthenticated.' });
    return false;
  }
  if (!database.isMember(request.params.workspaceUuid, userId)) {
    void reply.code(404).send({ message: 'Not found.' });
    return false;
  }
  return true;
}

app.get('/health/ready', async () => ({ status: 'ok' }));

app.get<{ Params: WorkspaceParams }>('/api/:workspaceUuid/accounts', async (request, reply) => {
  if (!authorize(request, reply)) return reply;
  return { data: database.accounts(request.params.workspaceUuid).map(accountView) };
});

app.get<{ Params: WorkspaceParams & { postUuid: string } }>('/api/:workspaceUuid/posts/:postUuid', async (request, reply) => {
  if (!authorize(request, reply)) return reply;
  const post = database.post(request.params.workspaceUuid, request.params.postUuid);
  return post ?? reply.code(404).send({ message: 'Not found.' });
});

app.get<{ Params: WorkspaceParams; Querystring: { page?: string; limit?: string } }>('/api/:workspaceUuid/posts', async (request, reply) => {
  if (!authorize(request, reply)) return reply;
  const page = Math.max(1, Number(request.query.page ?? 1) || 1);
  const limit = Math.min(100, Math.max(1, Number(request.query.limit ?? 20) || 20));
  return database.page(request.params.workspaceUuid, page, limit);
});

app.post<{ Params: WorkspaceParams; Body: { versions?: unknown; accounts?: unknown; schedule?: unknown; scheduled_at?: unknown } }>(
  '/api/:workspaceUuid/posts',
  async (request, reply) => {
    if (!authorize(request, reply)) return reply;
    const { versions, accounts, schedule, scheduled_at: scheduledAt } = request.body ?? {};
    const errors: Record<string, string[]> = {};
    if (!Array.isArray(versions) || versions.length === 0) errors.versions = ['The versions field is required.'];
    else if ((versions[0] as { is_original?: unknown })?.is_original !== true) errors['versions.0.is_original'] = ['The is_original field must be true for the first version.'];
    const ids = Array.isArray(accounts) ? accounts : [];
    const known = new Map(database.accounts(request.params.workspaceUuid).map((account) => [account.id, account]));
    ids.forEach((id, index) => {
      if (!known.has(id as number)) errors[`accounts.${index}`] = ['The selected account is invalid.'];
    });
    const dueAt = schedule === true && typeof scheduledAt === 'string' ? Date.parse(scheduledAt) : null;
    if (dueAt !== null && !(dueAt > Date.now())) errors.scheduled_at = ['The scheduled_at must be a date in the future.'];
    if (Object.keys(errors).length > 0) return reply.code(422).send({ message: 'Validation errors.', errors });
    const post = database.insertPost({
      workspaceUuid: request.params.workspaceUuid,
      versions: versions as unknown[],
      accounts: ids.map((id) => known.get(id as number)!),
      scheduledAt: dueAt === null ? null : new Date(dueAt).toISOString(),
    });
    return reply.code(201).send(post);
  },
);

app.listen({ port: Number(required('PORT')), host: '127.0.0.1' }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}
