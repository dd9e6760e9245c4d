import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies docs/OPERATIONS.md defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: './data', databaseUrl: undefined });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'PORT must be a whole number from 0 to 65535',
        'DATABASE_URL must be a URL',
      ]);
    }
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(
      'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  });

  it('reads TRUSTED_PROXIES as a hop count or addresses and ranges; unset trusts no proxy', () => {
    expect(loadConfig({}).trustedProxies).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://littleloop.example' }).trustedProxies).toBeUndefined();
    expect(loadConfig({ TRUSTED_PROXIES: '2' }).trustedProxies).toBe(2);
    expect(loadConfig({ TRUSTED_PROXIES: '0' }).trustedProxies).toBeUndefined();
    expect(
      loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12, ::1, fd00::/8, loopback' }).trustedProxies,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.1/8/2', 'true']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(
        /TRUSTED_PROXIES must be a number of proxy hops/,
      );
    }
  });

  it('scales every abuse limit by RATE_LIMIT_FACTOR, never below the defaults', () => {
    expect(loadConfig({}).rateLimits.signInPerAccount.max).toBe(10);
    expect(loadConfig({ RATE_LIMIT_FACTOR: '100' }).rateLimits.signInPerAccount.max).toBe(1000);
    expect(() => loadConfig({ RATE_LIMIT_FACTOR: '0.5' })).toThrow(/RATE_LIMIT_FACTOR/);
  });
});
