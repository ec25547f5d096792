import { errorMessage } from '@app/errors';

/**
 * `node dist/apps/cli/healthcheck.js`: exit code 0 when the app beside it in the container is ready
 * (GET /health/ready on 127.0.0.1:PORT answers 2xx within 4 s), 1 when not. The health check of
 * docker-compose: a command with nothing to quote, which every compose tool passes on as it is.
 */
const port = Number(process.env.PORT) || 3000;

fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(4_000) }).then(
  (response) => {
    process.stdout.write(`/health/ready: ${response.status}\n`);
    process.exit(response.ok ? 0 : 1);
  },
  (error: unknown) => {
    process.stdout.write(`/health/ready: ${errorMessage(error)}\n`);
    process.exit(1);
  },
);
