// The deployment run for real, in containers (npm run test:containers): builds the image from the
// Dockerfile, runs docker-compose.yml's services with podman on one network, with the PostgreSQL
// event store (EVENTSTORE_URL set empty, EventStoreDB scaled to 0), runs the README's typical
// session through the gateway with the webhook received by a container on that network, uploads a
// media file through the gateway (read-only root, /tmp alone writable, as in Kubernetes), and runs
// the image's default command (the embedded service) the same way.
//
// No compose tool is used: this file reads docker-compose.yml and gives podman what Docker Compose
// would (environment, read_only, tmpfs, cap_drop, security_opt, volumes, ports, restart, the order
// and conditions of depends_on, the health checks), because podman-compose 1.0.3 waits for no
// condition. The images of PostgreSQL and Kafka are stand-ins made on this machine by
// make-base-images.sh (no image registry needed), as is the Node.js base image of the build.
// Skipped, with the reason printed, where podman cannot run containers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const run = promisify(execFile);
const PREFIX = 'sp-containers-test';
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const APP_IMAGE = `social-publishing:${version}`;
const BASE_PREFIX = 'localhost/social-publishing-base';
/** The stand-ins for the images docker-compose.yml pulls, made by make-base-images.sh. */
const STAND_INS = { 'postgres:17': `${BASE_PREFIX}/postgres:15`, 'apache/kafka:3.9.1': `${BASE_PREFIX}/kafka:2.4.0` };
/** Left out, as `docker compose up --scale eventstore=0` does: the post-service uses the PostgreSQL event store. */
const SCALED_TO_ZERO = new Set(['eventstore']);
const APPS = ['gateway', 'post-service', 'scheduler', 'publisher', 'webhook-dispatcher'];
const startedAt = Date.now();
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
const say = (line) => console.log(`[${elapsed()}] ${line}`);

// crun, podman's default runtime, fails on some machines; runc does not.
const runtimeArgs = (await commandExists('runc')) ? ['--runtime', 'runc'] : [];
const podman = (args, options = {}) => run('podman', [...runtimeArgs, ...args], { maxBuffer: 64 * 1024 * 1024, ...options }).then(({ stdout }) => stdout.trim());
const skipReason = await unavailable();
if (skipReason) console.log(`The container test is skipped: ${skipReason}`);

// The variables docker-compose.yml reads, as an operator would set them in .env.
const adminToken = randomBytes(32).toString('base64url');
const environment = {
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  ADMIN_TOKEN: adminToken,
  EVENTSTORE_URL: '',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
};

describe('the image and docker-compose.yml, run in containers', { skip: skipReason ?? false, timeout: 45 * 60_000 }, () => {
  const compose = skipReason ? null : interpolate(parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }), environment);
  let gatewayUrl;

  before(async () => {
    await removeLeftovers();
    say('Base images (made once, then kept)');
    await runLogged('bash', [join(root, 'test/deploy/containers/make-base-images.sh')], 'base-images');
    say(`Building ${APP_IMAGE}`);
    await buildImage();
    say(`Built: ${await podman(['image', 'inspect', '--format', '{{.Size}}', APP_IMAGE]).then((bytes) => `${Math.round(Number(bytes) / 1e6)} MB`)}`);
    await podman(['network', 'create', PREFIX]);
    await startServices(compose);
    gatewayUrl = `http://${await podman(['port', container('gateway'), '3000']).then((lines) => lines.split('\n')[0])}`;
    say(`Every service is up; the gateway answers at ${gatewayUrl}`);
  });

  after(async () => {
    if (skipReason) return;
    if (process.env.KEEP_CONTAINERS === '1') say(`Containers kept (KEEP_CONTAINERS=1): podman ps --filter name=${PREFIX}`);
    else await removeLeftovers();
    say('Done');
  });

  test('the topic job made every topic and exited 0', async () => {
    const logs = await podman(['logs', container('kafka-topics')]);
    assert.match(logs, /The 6 topics of the product are ready on kafka:9092/);
  });

  test("the README's typical session publishes a post, and the webhook receiver on the network gets post.published", async () => {
    const receiver = `${PREFIX}-webhook-receiver`;
    await podman(['run', '-d', '--name', receiver, '--network', PREFIX, '--network-alias', 'webhook-receiver', APP_IMAGE, 'node', '-e', WEBHOOK_RECEIVER]);
    const session = await run('bash', [join(root, 'docs/typical-session.sh')], {
      env: { ...process.env, BASE_URL: gatewayUrl, ADMIN_TOKEN: adminToken, WEBHOOK_URL: 'http://webhook-receiver:8080/social' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error) => assert.fail(`typical-session.sh failed:\n${error.stdout}\n${error.stderr}`));
    assert.match(session.stdout, /status: published/);
    const deliveries = await eventually(async () => {
      const logs = await podman(['logs', receiver]);
      return /"event":"post\.published"/.test(logs) ? logs : null;
    }, 90_000, 'the webhook receiver to get post.published');
    assert.match(deliveries, /"event":"post\.scheduled"/);
    say('Typical session done, webhooks received');
  });

  test('the gateway, with a read-only root and a writable /tmp only, takes a media upload into PostgreSQL', async () => {
    const inspect = JSON.parse(await podman(['inspect', container('gateway')]))[0];
    assert.equal(inspect.HostConfig.ReadonlyRootfs, true);
    assert.equal(inspect.Config.User, '1000:1000');
    await assertUpload(gatewayUrl);
  });

  test("the image's default command, the embedded service, runs as its user with the Kubernetes security settings and keeps an upload in its volume", async () => {
    const name = `${PREFIX}-standalone`;
    await podman(['run', '-d', '--name', name, ...KUBERNETES_SECURITY, '-p', '127.0.0.1::3000', '-e', `ENCRYPTION_KEY=${environment.ENCRYPTION_KEY}`, '-e', `ADMIN_TOKEN=${adminToken}`, APP_IMAGE]);
    await waitHealthy(name, ['CMD-SHELL', 'node dist/apps/cli/healthcheck.js'], 180_000);
    const url = `http://${(await podman(['port', name, '3000'])).split('\n')[0]}`;
    const media = await assertUpload(url);
    const stored = await podman(['exec', name, 'sh', '-c', 'id -u; stat -c %U:%a /app/data; ls /app/data/media']);
    assert.match(stored, /^1000\n/);
    assert.match(stored, /\n(node|1000):700\n/);
    assert.ok(stored.includes(media.id), stored);
  });
});

/** What Kubernetes gives the pods (restricted): as podman options. */
const KUBERNETES_SECURITY = ['--user', '1000:1000', '--read-only', '--read-only-tmpfs=false', '--tmpfs', '/tmp', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges'];

/** Logs each request it gets as one JSON line: { path, event } (the envelope's event, from the body). */
const WEBHOOK_RECEIVER = `
process.on('SIGTERM', () => process.exit(0));
require('node:http').createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk)).on('end', () => {
    let event = null;
    try { event = JSON.parse(body).event; } catch {}
    console.log(JSON.stringify({ path: request.url, event }));
    response.end('ok');
  });
}).listen(8080);
`;

/** Creates a workspace with the admin as a member, uploads a 1x1 PNG, and checks the answer. */
async function assertUpload(baseUrl) {
  const api = async (method, path, body, expected) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${adminToken}`, ...(typeof body === 'string' ? { 'Content-Type': 'application/json' } : {}) },
      body,
    });
    const text = await response.text();
    assert.equal(response.status, expected, `${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const me = await api('GET', '/api/me', undefined, 200);
  const workspace = await api('POST', '/api/panel/workspaces', JSON.stringify({ name: 'Uploads' }), 201);
  await api('POST', `/api/panel/workspaces/${workspace.uuid}/members`, JSON.stringify({ user_id: me.user_id, role: 'admin', can_approve: true }), 201);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'pixel.png');
  const media = await api('POST', `/api/${workspace.uuid}/media`, form, 201);
  assert.equal(media.mime_type, 'image/png');
  assert.equal(media.size, png.length);
  return media;
}

/** Starts every service of the compose file, each once the conditions of its depends_on hold. */
async function startServices(compose) {
  const started = new Map();
  const conditions = new Map();
  const conditionMet = (name, condition) => {
    const key = `${name} ${condition}`;
    if (!conditions.has(key)) conditions.set(key, waitFor(name, condition));
    return conditions.get(key);
  };
  const waitFor = async (name, condition) => {
    await start(name);
    if (condition === 'service_healthy') await waitHealthy(container(name), compose.services[name].healthcheck.test, 300_000);
    if (condition === 'service_completed_successfully') {
      const code = Number(await podman(['wait', container(name)], { timeout: 300_000 }));
      if (code !== 0) assert.fail(`${name} exited with ${code}:\n${await podman(['logs', '--tail', '40', container(name)]).catch(() => '')}`);
      say(`${name} completed`);
    }
  };
  const start = (name) => {
    if (!started.has(name)) {
      started.set(name, (async () => {
        const service = compose.services[name];
        const dependencies = Object.entries(service.depends_on ?? {}).filter(([dependency]) => !SCALED_TO_ZERO.has(dependency));
        await Promise.all(dependencies.map(([dependency, { condition }]) => conditionMet(dependency, condition)));
        await podman(runArguments(name, service));
        say(`${name} started`);
      })());
    }
    return started.get(name);
  };
  const names = Object.keys(compose.services).filter((name) => !SCALED_TO_ZERO.has(name));
  // Up and healthy, every one, as `docker compose up --wait` leaves them.
  await Promise.all(names.map(async (name) => {
    await start(name);
    if (compose.services[name].healthcheck?.test && !compose.services[name].healthcheck.disable) await conditionMet(name, 'service_healthy');
  }));
}

/** The podman run arguments of a compose service, as Docker Compose would create its container. */
function runArguments(name, service) {
  const args = ['run', '-d', '--name', container(name), '--network', PREFIX, '--network-alias', name];
  for (const [variable, value] of Object.entries(service.environment ?? {})) {
    // A variable without a value is taken from the environment of the command, when it is set there.
    const resolved = value ?? environment[variable];
    if (resolved !== undefined && resolved !== null) args.push('-e', `${variable}=${resolved}`);
  }
  // Docker's read_only mounts nothing writable of its own; podman's would (/tmp, /var/tmp, /run) unless told not to.
  if (service.read_only) args.push('--read-only', '--read-only-tmpfs=false');
  for (const path of service.tmpfs ?? []) args.push('--tmpfs', path);
  for (const capability of service.cap_drop ?? []) args.push('--cap-drop', capability);
  for (const option of service.security_opt ?? []) args.push('--security-opt', option);
  if (service.user) args.push('--user', String(service.user));
  for (const volume of service.volumes ?? []) {
    const [source, target] = volume.split(':');
    args.push('-v', `${PREFIX}-${source}:${target}`);
  }
  // On a free port of the host: the compose file's own (3000) may be taken.
  for (const port of service.ports ?? []) args.push('-p', `127.0.0.1::${String(port).split(':').pop()}`);
  if (service.restart && service.restart !== 'no') args.push('--restart', service.restart);
  if (service.entrypoint) args.push('--entrypoint', JSON.stringify([service.entrypoint].flat()));
  const image = STAND_INS[service.image] ?? service.image;
  if (image !== APP_IMAGE && !Object.values(STAND_INS).includes(image)) throw new Error(`${name}: no stand-in for the image ${service.image}`);
  args.push(image, ...(service.command ?? []));
  return args;
}

/** Runs a compose health check (CMD or CMD-SHELL) in the container until it passes. */
async function waitHealthy(name, check, timeoutMs) {
  const [kind, ...rest] = check;
  const command = kind === 'CMD-SHELL' ? ['/bin/sh', '-c', rest[0]] : rest;
  await eventually(async () => {
    // Stopped for good (no restart policy to start it again): no use waiting.
    const [status, code, restart] = (await podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}} {{.HostConfig.RestartPolicy.Name}}', name])).split(' ');
    if (['exited', 'stopped'].includes(status) && ['', 'no'].includes(restart ?? '')) {
      assert.fail(`${name} exited with ${code}:\n${await podman(['logs', '--tail', '40', name]).catch(() => '')}`);
    }
    return podman(['exec', name, ...command], { timeout: 30_000 }).then(() => true, () => null);
  }, timeoutMs, `${name} to be healthy`, async () => podman(['logs', '--tail', '40', name]).catch(() => ''));
  say(`${name} healthy`);
}

async function buildImage() {
  const args = ['build', '-t', APP_IMAGE, '--build-arg', `BASE_IMAGE=${BASE_PREFIX}/node:24-bookworm-slim`];
  // Behind a TLS-inspecting proxy, npm in the build needs its CA, as npm here does.
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  if (ca && existsSync(ca)) args.push('-v', `${ca}:/run/extra-ca.crt:ro`, '--build-arg', 'NODE_EXTRA_CA_CERTS=/run/extra-ca.crt');
  await runLogged('podman', [...runtimeArgs, ...args, root], 'build');
}

/** Runs a long command with its output in a file of its own, whose end is shown when it fails. */
async function runLogged(command, args, label) {
  const file = join(tmpdir(), `${PREFIX}-${label}.log`);
  const out = createWriteStream(file);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const code = await new Promise((resolve) => child.on('close', resolve));
  await new Promise((resolve) => out.end(resolve));
  if (code !== 0) assert.fail(`${command} ${args.join(' ')} exited with ${code}:\n${readFileSync(file, 'utf8').split('\n').slice(-40).join('\n')}`);
}

async function removeLeftovers() {
  const names = (await podman(['ps', '-a', '--filter', `name=^${PREFIX}-`, '--format', '{{.Names}}'])).split('\n').filter(Boolean);
  if (names.length > 0) await podman(['rm', '-f', '-v', '-t', '2', ...names]);
  const volumes = (await podman(['volume', 'ls', '--filter', `name=^${PREFIX}-`, '--format', '{{.Name}}'])).split('\n').filter(Boolean);
  if (volumes.length > 0) await podman(['volume', 'rm', '-f', ...volumes]);
  await podman(['network', 'rm', '-f', PREFIX]).catch(() => undefined);
}

const container = (service) => `${PREFIX}-${service}`;

/** Compose's variable substitution: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$. */
function interpolate(value, variables) {
  if (Array.isArray(value)) return value.map((item) => interpolate(item, variables));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, variables)]));
  if (typeof value !== 'string') return value;
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-|:?\?)([^}]*))?\}/g, (match, name, operator, argument) => {
    if (match === '$$') return '$';
    const set = variables[name];
    const given = operator?.startsWith(':') ? Boolean(set) : set !== undefined;
    if (operator?.endsWith('-')) return given ? set : argument;
    if (operator?.endsWith('?') && !given) throw new Error(`docker-compose.yml: ${argument}`);
    return set ?? '';
  });
}

async function eventually(probe, timeoutMs, what, describeFailure = async () => '') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await probe();
    if (result) return result;
    if (Date.now() > deadline) assert.fail(`Waited ${timeoutMs / 1000} s for ${what}\n${await describeFailure()}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

async function commandExists(command) {
  return run('sh', ['-c', `command -v ${command}`]).then(() => true, () => false);
}

/** Why the test cannot run here, or null. */
async function unavailable() {
  if (process.platform !== 'linux') return 'it needs Linux';
  if (!(await commandExists('podman'))) return 'podman is not installed (Debian: apt-get install podman runc)';
  const info = await podman(['info', '--format', '{{.Host.OCIRuntime.Name}}']).then(() => null, (error) => String(error.stderr || error.message).trim());
  if (info) return `podman cannot run here: ${info}`;
  const base = await podman(['image', 'exists', `${BASE_PREFIX}/node:24-bookworm-slim`]).then(() => true, () => false);
  if (!base && !(await commandExists('debootstrap'))) return 'its base images are not made yet and debootstrap is not installed (Debian: apt-get install debootstrap)';
  if (!base && process.getuid?.() !== 0) return 'its base images are not made yet, and debootstrap needs root';
  return null;
}
