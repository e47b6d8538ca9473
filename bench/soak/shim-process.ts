/**
 * `journey-bridge serve` (`startShim`) in a process of its own, forked by the soak (`forkShim`): it takes its
 * configuration as the first message, answers with its URL, and reports its resident set after a full
 * collection when asked, so that the soak measures the shim's memory, not the simulator's or the app's beside
 * it. It logs JSON lines to stdout, which the soak reads for its log scan.
 */
import { createLogger, ShimConfig, startShim } from '@journey-bridge/shim';

process.once('message', async (input: unknown) => {
  const config = ShimConfig.parse(input);
  const shim = await startShim(config, { logger: createLogger(config.logLevel) });
  process.on('message', async (message: unknown) => {
    if (message === 'rss') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ rss: process.memoryUsage().rss });
    } else if (message === 'close') {
      await shim.close();
      process.exit(0);
    }
  });
  process.send?.({ url: shim.url });
});
