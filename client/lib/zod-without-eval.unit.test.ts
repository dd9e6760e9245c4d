import { describe, expect, it } from 'vitest';
import './zod-without-eval.js';

describe('zod in the browser', () => {
  it('never compiles a schema with eval, which the Content-Security-Policy forbids', async () => {
    const { globalConfig } = await import('zod/v4/core');
    const { z } = await import('zod');
    expect(globalConfig.jitless).toBe(true);
    const tried: string[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: string[]) {
        tried.push(args.join(','));
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ title: z.string(), count: z.number() });
      for (let i = 0; i < 3; i += 1) expect(schema.parse({ title: 'Boots', count: i }).count).toBe(i);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(tried).toEqual([]);
  });
});
