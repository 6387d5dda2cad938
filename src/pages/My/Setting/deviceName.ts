/**
 * What a session's User-Agent says in words: the kind of device (Android phone, iPhone, Windows…)
 * and the app or browser ("imToken", "Chrome"). Phones and tablets are told apart the way the
 * browsers themselves do: Android tablets leave "Mobile" out of their User-Agent.
 */
export type DeviceKind = 'androidPhone' | 'androidTablet' | 'iPhone' | 'iPad' | 'windows' | 'mac' | 'linux';

const APPS: Array<[RegExp, string]> = [
  [/imToken/i, 'imToken'],
  [/TokenPocket/i, 'TokenPocket'],
  [/OKApp|OKEx|OKX/i, 'OKX'],
  [/BitKeep|Bitget/i, 'Bitget'],
  [/MetaMask/i, 'MetaMask'],
  [/MicroMessenger/i, 'WeChat'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/UCBrowser\//, 'UC'],
  [/Quark\//, 'Quark'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const KINDS: Array<[RegExp, DeviceKind]> = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/Android.*Mobile/, 'androidPhone'],
  [/Android/, 'androidTablet'],
  [/Windows/, 'windows'],
  [/Mac OS X|Macintosh/, 'mac'],
  [/Linux|X11|CrOS/, 'linux'],
];

export interface Device {
  kind?: DeviceKind;
  app?: string;
}

export function describeDevice(userAgent: string): Device {
  return {
    kind: KINDS.find(([pattern]) => pattern.test(userAgent))?.[1],
    app: APPS.find(([pattern]) => pattern.test(userAgent))?.[1],
  };
}

/** Whether the device is held in the hand (phone or tablet), for its icon. */
export function isHandheld(kind: DeviceKind | undefined): boolean {
  return kind === 'androidPhone' || kind === 'androidTablet' || kind === 'iPhone' || kind === 'iPad';
}
