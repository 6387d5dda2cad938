/**
 * PUBLIC_ORIGIN: the accepted SIWE origins come from configuration only. Outside production the
 * local origins `npm start` listens on; in production the server refuses to start without it.
 */
import { spawnSync } from 'node:child_process';
import { loadConfig } from '../../server/config';
import { startCommand } from '../projectCommand';

describe('PUBLIC_ORIGIN', () => {
  it('is a comma separated list of origins, trailing slashes dropped, duplicates once', () => {
    const { publicOrigins } = loadConfig({ PUBLIC_ORIGIN: 'https://powerfi.example/, http://10.0.0.5:8000,https://powerfi.example' });
    expect(publicOrigins).toEqual(['https://powerfi.example', 'http://10.0.0.5:8000']);
  });

  it('refuses anything that is not an http(s) origin, naming the variable', () => {
    for (const bad of ['powerfi.example', 'ftp://powerfi.example', 'https://powerfi.example/app', 'https://powerfi.example?x=1', 'https://user@powerfi.example']) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad })).toThrow(/PUBLIC_ORIGIN must be a comma separated list of http\(s\) origins/);
    }
  });

  it('defaults to the local origins on the configured port outside production', () => {
    expect(loadConfig({ PORT: '9100' }).publicOrigins).toEqual(['http://localhost:9100', 'http://127.0.0.1:9100']);
    expect(loadConfig({ NODE_ENV: 'development' }).publicOrigins).toEqual(['http://localhost:8000', 'http://127.0.0.1:8000']);
  });

  it('is required in production: loadConfig throws a message naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('PUBLIC_ORIGIN is required in production');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://powerfi.example' }).publicOrigins).toEqual(['https://powerfi.example']);
  });

  it('is required in production: the server (npm start) exits non-zero with that message before listening', () => {
    const result = spawnSync(
      ...startCommand({
        env: { ...process.env, NODE_ENV: 'production', PUBLIC_ORIGIN: '', PORT: '1', DATABASE_URL: '', SQLITE_PATH: '/nonexistent-powerfi/never.sqlite' },
        encoding: 'utf8',
        timeout: 30_000,
      }),
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('PUBLIC_ORIGIN is required in production');
    expect(result.stdout + result.stderr).not.toMatch(/listening/i);
  });
});
