/**
 * How many image pixels may be decoded at once: a decoded pixel costs a few bytes of memory, so
 * a burst of huge photos waits its turn instead of taking the process's memory. First come,
 * first served; one image larger than the whole budget still goes, alone.
 */
export type PixelBudget = {
  run<T>(pixels: number, work: () => Promise<T>): Promise<T>;
  /** Pixels being decoded now, and images waiting (for tests and logs). */
  inFlight(): number;
  waiting(): number;
};

export function createPixelBudget(budget: number): PixelBudget {
  let inFlight = 0;
  const queue: { pixels: number; start: () => void }[] = [];
  const fits = (pixels: number) => inFlight === 0 || inFlight + pixels <= budget;

  const acquire = (pixels: number): Promise<void> => {
    if (queue.length === 0 && fits(pixels)) {
      inFlight += pixels;
      return Promise.resolve();
    }
    return new Promise((start) => queue.push({ pixels, start }));
  };
  const release = (pixels: number) => {
    inFlight -= pixels;
    for (let next = queue[0]; next && fits(next.pixels); next = queue[0]) {
      queue.shift();
      inFlight += next.pixels;
      next.start();
    }
  };

  return {
    async run(pixels, work) {
      await acquire(pixels);
      try {
        return await work();
      } finally {
        release(pixels);
      }
    },
    inFlight: () => inFlight,
    waiting: () => queue.length,
  };
}
