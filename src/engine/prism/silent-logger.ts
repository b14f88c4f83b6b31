import type { factory } from '@stoplight/prism-core/dist/factory.js';

type PrismLogger = Parameters<typeof factory>[1]['logger'];

const ignore = (): void => undefined;

/**
 * The logger of Prism's pipeline. prism-core's factory asks it for a child per request, for the mock
 * stage (ours, which logs nothing), and logs nothing itself unless it forwards, which this mock never
 * does. pino's silent logger (prism-core's createLogger) served the same, for ~5 ms at start-up spent
 * loading and making it and a child object per request; this one is its own child.
 */
export function createSilentLogger(): PrismLogger {
  const logger = {
    level: 'silent',
    fatal: ignore,
    error: ignore,
    warn: ignore,
    info: ignore,
    success: ignore,
    debug: ignore,
    trace: ignore,
    silent: ignore,
    isLevelEnabled: () => false,
    child: () => logger,
  };
  return logger as PrismLogger;
}
