import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { htmlPageHeaders } from '../http/html-page-headers';
import { chooseEncoding, compressedVersions, type ContentEncoding } from './content-encoding';

export const DASHBOARD_PATH = '/app';
/** The page a preview link opens (`/p/{token}`), for reviewers without an account: the dashboard's page, which shows it without a session. */
export const PREVIEW_PAGE_PATH = '/p';

/** Where `npm run build` puts the dashboard: dist/dashboard, from the built gateway or from its sources. */
const CANDIDATE_DIRS = [resolve(__dirname, '../../../../dashboard'), resolve(__dirname, '../../../../dist/dashboard')];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Vite names every asset under assets/ after its content's hash: a new build makes a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page names the current assets, so the browser asks again every time. */
const NOT_CACHED = 'no-cache';
/** Pictures from elsewhere over https only: the accounts' avatars, which their platforms serve. */
const PAGE_HEADERS = htmlPageHeaders("default-src 'self'; img-src 'self' data: https:; style-src 'self'");

/** The part of Fastify's reply used here (the adapter's Fastify may be another copy than the app's types). */
interface Reply {
  code(statusCode: number): Reply;
  header(name: string, value: string): Reply;
  send(payload: unknown): unknown;
}

interface StaticFile {
  content: Buffer;
  /** The same bytes compressed, in the encodings that make them smaller. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  type: string;
  cacheControl: string;
}

/** The part of Fastify's request read here. */
interface Request {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Serves the dashboard's built files at /app, read once at start into memory (a few hundred KB)
 * with their Brotli and gzip versions:
 * a path is looked up among the files that exist, never joined onto the disk. Any other path under
 * /app without a file extension is a page of the single-page app (a deep link): index.html answers.
 * `/p/{token}`, the page of a preview link, is the same page. Only these are served; /api keeps its JSON answers, a 404 included. `GET /` redirects to /app.
 */
export function serveDashboard(app: NestFastifyApplication, dir = CANDIDATE_DIRS.find((candidate) => existsSync(join(candidate, 'index.html')))): void {
  const fastify = app.getHttpAdapter().getInstance();
  const logger = new Logger('Gateway');
  fastify.get('/', (_request, reply) => reply.redirect(DASHBOARD_PATH, 302));
  if (!dir) {
    logger.warn('The dashboard is not built (npm run build); /app answers 503');
    fastify.get(DASHBOARD_PATH, (_request, reply) => notBuilt(reply));
    fastify.get(`${DASHBOARD_PATH}/*`, (_request, reply) => notBuilt(reply));
    fastify.get(`${PREVIEW_PAGE_PATH}/*`, (_request, reply) => notBuilt(reply));
    return;
  }
  const files = readFiles(dir);
  const page = files.get('index.html');
  if (!page) throw new Error(`${dir}/index.html is missing`);
  fastify.get(DASHBOARD_PATH, (request, reply) => send(request, reply, page));
  fastify.get(`${DASHBOARD_PATH}/*`, (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const file = files.get(path);
    if (file) return send(request, reply, file);
    if (extname(path) !== '' || path.startsWith('assets/')) return reply.code(404).send({ message: 'Not found.' });
    return send(request, reply, page);
  });
  fastify.get(`${PREVIEW_PAGE_PATH}/:token`, (request, reply) => send(request, reply, page));
  logger.debug(`Dashboard at ${DASHBOARD_PATH}`);
}

/** The file, compressed in the best encoding the browser accepts (Brotli, then gzip) when it is kept so. */
function send(request: Request, reply: Reply, file: StaticFile): unknown {
  reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('x-content-type-options', 'nosniff');
  if (file.type.startsWith('text/html')) for (const [name, value] of Object.entries(PAGE_HEADERS)) reply.header(name, value);
  const available = Object.keys(file.encoded) as ContentEncoding[];
  if (available.length === 0) return reply.send(file.content);
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = chooseEncoding(Array.isArray(accepted) ? accepted.join(',') : accepted, available);
  if (!encoding) return reply.send(file.content);
  return reply.header('content-encoding', encoding).send(file.encoded[encoding]);
}

function notBuilt(reply: Reply): unknown {
  return reply.code(503).send({ message: 'The dashboard is not built: run npm run build.' });
}

function readFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const key = relative(dir, path).split(sep).join('/');
      const content = readFileSync(path);
      const type = CONTENT_TYPES[extname(name)] ?? 'application/octet-stream';
      files.set(key, {
        content,
        encoded: compressedVersions(content, type),
        type,
        cacheControl: key.startsWith('assets/') ? IMMUTABLE : NOT_CACHED,
      });
    }
  };
  walk(dir);
  return files;
}
