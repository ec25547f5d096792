import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '@app/config';
import { MultilineLogMessage } from '@app/runtime';
import { BootstrapAdmin } from './auth/bootstrap-admin/bootstrap-admin';

/**
 * What a newcomer needs once the service answers: where the API, the dashboard and the docs are,
 * and the admin token when this start generated it (shown here once, never again).
 */
export function startBannerLines(heading: string, baseUrl: string, generatedAdminToken: string | null): string[] {
  return [
    heading,
    `  API:        ${baseUrl}/api`,
    `  Dashboard:  ${baseUrl}/app`,
    `  API docs:   ${baseUrl}/api/docs`,
    ...(generatedAdminToken ? [`  Admin token (generated at this start, shown once: store it now): ${generatedAdminToken}`] : []),
  ];
}

/**
 * Logs the start banner of a listening app that serves the gateway (the embedded service, or the
 * gateway of distributed mode): its addresses under PUBLIC_URL when set, else on localhost.
 */
export function logStartBanner(app: NestFastifyApplication, config: AppConfig, context: string, heading: string): void {
  const port = (app.getHttpServer().address() as AddressInfo | null)?.port ?? config.port;
  const baseUrl = config.publicUrlConfigured ? config.publicUrl : `http://localhost:${port}`;
  const token = app.get(BootstrapAdmin, { strict: false }).generatedToken;
  new Logger(context).log(new MultilineLogMessage(startBannerLines(heading, baseUrl, token)));
}
