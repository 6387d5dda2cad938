/** Whether a URL's hostname is this machine (localhost, 127.x.x.x, [::1]): the one place plain http is accepted for outside data. */
const LOOPBACK = /^(localhost|127(\.[0-9]{1,3}){3}|\[::1\])$/;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}
