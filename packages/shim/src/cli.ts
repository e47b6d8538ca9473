#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolveConfig, ShimConfigError } from './config.js';
import { createLogger, startShim } from './server.js';

const USAGE = `Usage: journey-bridge serve [options]

Serves the v1 journey paths (/captain/api/journey/...) over v2 journeys, and passes /v2/captain/* and the token
paths to the upstream unchanged: point a legacy app's base URL here and its v1 calls run on v2.

Options (flags win over JOURNEY_BRIDGE_* environment variables, which win over --config):
  --upstream U          eu, us, au, or a v2 base URL (env JOURNEY_BRIDGE_UPSTREAM)          required
  --journey-map FILE    JSON: { "<v1 resourceId>": "<v2 resourceId>" } or { "journeys": {...}, "variantIds": {...} }
                        (env JOURNEY_BRIDGE_JOURNEY_MAP)                                    required
  --port N              (env JOURNEY_BRIDGE_PORT)                                           default 8080
  --host H              (env JOURNEY_BRIDGE_HOST)                                           default 127.0.0.1
  --auth-url URL        origin of the token endpoints (env JOURNEY_BRIDGE_AUTH_URL)         default: the upstream's
  --log-level L         silent, error, warn, info, debug (env JOURNEY_BRIDGE_LOG_LEVEL)     default info
  --body-limit N        largest request body in bytes (env JOURNEY_BRIDGE_BODY_LIMIT_BYTES) default 10485760
  --timeout-ms N        upstream timeout per attempt (env JOURNEY_BRIDGE_TIMEOUT_MS)        default 30000
  --shutdown-timeout-ms N  grace for in-flight requests on SIGTERM (env JOURNEY_BRIDGE_SHUTDOWN_TIMEOUT_MS) default 10000
  --config FILE         JSON file with any of the keys of ShimConfig (docs/shim.md)
  -h, --help            this help
  -v, --version         the version

Endpoints: /healthz (liveness), /readyz (upstream reachable), /metrics (Prometheus).`;

function fail(message: string): never {
  process.stderr.write(`journey-bridge: ${message}\n\nRun journey-bridge serve --help for the options.\n`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      strict: true,
      options: {
        upstream: { type: 'string' },
        'journey-map': { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'auth-url': { type: 'string' },
        'log-level': { type: 'string' },
        'body-limit': { type: 'string' },
        'timeout-ms': { type: 'string' },
        'shutdown-timeout-ms': { type: 'string' },
        config: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parse();
  if (values.version) {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(`journey-bridge ${version}\n`);
    return;
  }
  if (values.help || positionals.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (positionals[0] !== 'serve' || positionals.length > 1)
    fail(`unknown command ${JSON.stringify(positionals.join(' '))}: the command is "serve"`);

  const config = await resolveConfig(
    {
      upstream: values.upstream,
      journeyMap: values['journey-map'],
      port: values.port,
      host: values.host,
      authUrl: values['auth-url'],
      logLevel: values['log-level'],
      bodyLimitBytes: values['body-limit'],
      timeoutMs: values['timeout-ms'],
      shutdownTimeoutMs: values['shutdown-timeout-ms'],
    },
    process.env,
    values.config,
  ).catch((error: Error) => fail(error instanceof ShimConfigError ? error.message : `cannot start: ${error.message}`));

  const logger = createLogger(config.logLevel);
  const running = await startShim(config, { logger }).catch((error: Error) =>
    fail(`cannot listen on ${config.host}:${config.port}: ${error.message}`),
  );
  const stop = async (signal: string) => {
    logger.info({ signal }, 'stopping: finishing in-flight requests');
    await running.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // Status for people on stderr; stdout carries only the JSON log lines.
  process.stderr.write(`journey-bridge listening on ${running.url}\n`);
}

await main();
