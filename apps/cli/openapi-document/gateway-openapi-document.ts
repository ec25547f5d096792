import type { OpenAPIObject } from '@nestjs/swagger';
import { Module } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { createHttpApp, EmbeddedInfrastructureModule } from '@app/runtime';
import { configureGatewayApp } from '../../gateway/src/configure-gateway-app';
import { GatewayModule } from '../../gateway/src/gateway.module';

@Module({})
class DocumentedGateway {}

/**
 * The OpenAPI document the gateway serves at /api/docs-json, with the default configuration (its
 * description names the default rate limits): the gateway's module on embedded infrastructure in a
 * temporary data directory, configured as the apps configure it, never started.
 */
export async function gatewayOpenApiDocument(): Promise<OpenAPIObject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openapi-document-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  const app = await createHttpApp({ module: DocumentedGateway, imports: [EmbeddedInfrastructureModule.forRoot(config), GatewayModule] }, false);
  try {
    // A JSON round trip: the document as a client reads it (no undefined values, no class instances).
    return JSON.parse(JSON.stringify(configureGatewayApp(app, config))) as OpenAPIObject;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
