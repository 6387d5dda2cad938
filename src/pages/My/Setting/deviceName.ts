/** A short name for a session's User-Agent ("imToken · iOS", "Chrome · Windows"); '' when nothing is recognised. */
const APPS: Array<[RegExp, string]> = [
  [/imToken/i, 'imToken'],
  [/TokenPocket/i, 'TokenPocket'],
  [/OKApp|OKEx|OKX/i, 'OKX'],
  [/BitKeep|Bitget/i, 'Bitget'],
  [/MetaMask/i, 'MetaMask'],
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function deviceName(userAgent: string): string {
  const app = APPS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return [app, system].filter(Boolean).join(' · ');
}
