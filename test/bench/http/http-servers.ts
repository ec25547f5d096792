import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NodeProcess } from '../../e2e/support/node-process';
import { Api } from '../support/api';
import { startEmbeddedService } from '../support/service-process';
import { createBenchMember, postBody, prepareWorkspace } from '../support/workspaces';

const BASELINE_MAIN = resolve(__dirname, 'baseline-server.js');
const SEEDING_CONCURRENCY = 8;

/** A server under load, seeded with the same workspace, accounts and posts as the other. */
export interface HttpServer {
  name: string;
  baseUrl: string;
  token: string;
  workspaceUuid: string;
  accountIds: number[];
  postUuids: string[];
  dispose(): Promise<void>;
}

export interface Seed {
  accounts: number;
  posts: number;
}

/** The embedded service as its own process: a member's token, a workspace with sandbox accounts, draft posts. */
export async function startServiceServer(seed: Seed): Promise<HttpServer> {
  const service = await startEmbeddedService();
  try {
    const admin = new Api(service.baseUrl, service.adminToken);
    const member = await createBenchMember(admin);
    const workspace = await prepareWorkspace(admin, member, { name: 'HTTP', accounts: seed.accounts });
    const api = member.member;
    return {
      name: 'service',
      baseUrl: service.baseUrl,
      token: api.token,
      workspaceUuid: workspace.uuid,
      accountIds: workspace.accountIds,
      postUuids: await seedPosts(api, workspace.uuid, workspace.accountIds, seed.posts),
      dispose: () => service.dispose(),
    };
  } catch (error) {
    await service.dispose();
    throw error;
  }
}

/** The bare Fastify + node:sqlite baseline as its own process, seeded through the same requests. */
export async function startBaselineServer(seed: Seed): Promise<HttpServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-baseline-'));
  const workspaceUuid = randomUUID();
  const token = randomBytes(24).toString('base64url');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    BASELINE_DB: join(dataDir, 'baseline.db'),
    BASELINE_WORKSPACE: workspaceUuid,
    BASELINE_TOKEN: token,
    BASELINE_ACCOUNTS: String(seed.accounts),
  };
  let child: NodeProcess | null = null;
  const dispose = async () => {
    await child?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    child = await NodeProcess.start({ name: 'the Fastify baseline', main: BASELINE_MAIN, env, readyTimeoutMs: 30_000 });
    const api = new Api(child.baseUrl, token);
    const accounts = await api.call('GET', `/api/${workspaceUuid}/accounts`);
    const accountIds = (accounts.body.data as { id: number }[]).map((account) => account.id);
    const postUuids = await seedPosts(api, workspaceUuid, accountIds, seed.posts);
    return { name: 'baseline', baseUrl: child.baseUrl, token, workspaceUuid, accountIds, postUuids, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Draft posts over the API, each on the first account, a few requests at a time; returns their uuids. */
async function seedPosts(api: Api, workspaceUuid: string, accountIds: readonly number[], count: number): Promise<string[]> {
  const uuids = new Array<string>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const post = await api.create(`/api/${workspaceUuid}/posts`, postBody(`Seeded post ${index + 1}`, accountIds.slice(0, 1)), 'a seeded post');
      uuids[index] = post.uuid;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEEDING_CONCURRENCY, count) }, worker));
  return uuids;
}
