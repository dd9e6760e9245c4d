import type { FastifyInstance } from 'fastify';

type BackgroundJob = {
  everyMs: number;
  /**
   * One run. Errors are logged with `failure`; `isClosing` turns true when the app starts
   * closing, for a long run to stop early.
   */
  run: (isClosing: () => boolean) => Promise<void>;
  failure: string;
};

/**
 * Runs a job once when the app is ready (without holding up readiness) and then every
 * `everyMs`, never two runs at once. The timer never keeps the process alive; closing the app
 * stops the timer and waits for a run in flight.
 */
export function scheduleBackgroundJob(app: FastifyInstance, job: BackgroundJob): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let isClosing = false;

  const start = () => {
    if (running || isClosing) return;
    running = job
      .run(() => isClosing)
      .catch((error: unknown) => app.log.warn({ err: error }, job.failure))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', async () => {
    start();
    timer = setInterval(start, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    isClosing = true;
    clearInterval(timer);
    await running;
  });
}
