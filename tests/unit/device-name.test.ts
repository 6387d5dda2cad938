/** The sessions list names a device from its User-Agent: the kind of device, then the app or browser. */
import { describeDevice, isHandheld } from '@/pages/My/Setting/deviceName';

describe('describeDevice', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'androidPhone', 'Chrome'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'androidTablet', 'Chrome'],
    ['Mozilla/5.0 (Linux; Android 12; V2055A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/101.0 Mobile Safari/537.36 imToken/2.14.1', 'androidPhone', 'imToken'],
    ['Mozilla/5.0 (Linux; Android 13; 22081212C) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36', 'androidPhone', 'Samsung Internet'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'iPhone', 'Safari'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1', 'iPhone', 'Chrome'],
    ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1', 'iPad', 'Safari'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0', 'windows', 'Edge'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', 'mac', 'Safari'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'linux', 'Firefox'],
  ])('%s', (userAgent, kind, app) => {
    expect(describeDevice(userAgent)).toEqual({ kind, app });
  });

  it('recognises nothing in an unknown User-Agent', () => {
    expect(describeDevice('curl/8.4.0')).toEqual({ kind: undefined, app: undefined });
  });

  it('tells handheld devices from desktops', () => {
    expect(['androidPhone', 'androidTablet', 'iPhone', 'iPad'].every((kind) => isHandheld(kind as never))).toBe(true);
    expect(['windows', 'mac', 'linux', undefined].some((kind) => isHandheld(kind as never))).toBe(false);
  });
});
