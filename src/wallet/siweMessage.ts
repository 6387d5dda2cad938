/**
 * The EIP-4361 (Sign-In with Ethereum) message text. Written out here rather than taken from the
 * `siwe` package, whose ABNF parser would more than double the login page's JavaScript; the unit
 * tests parse our output with `siwe` to prove the format.
 */
export interface SiweFields {
  /** RFC 3986 authority of the page, `location.host` */
  domain: string;
  /** EIP-55 checksummed address */
  address: string;
  statement?: string;
  /** `location.origin` */
  uri: string;
  chainId: number;
  nonce: string;
  /** ISO 8601 */
  issuedAt: string;
  /** ISO 8601 */
  expirationTime?: string;
}

export function buildSiweMessage(f: SiweFields): string {
  const header = `${f.domain} wants you to sign in with your Ethereum account:\n${f.address}\n\n`;
  const statement = f.statement ? `${f.statement}\n` : '';
  const fields = [
    `URI: ${f.uri}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    ...(f.expirationTime ? [`Expiration Time: ${f.expirationTime}`] : []),
  ];
  return `${header}${statement}\n${fields.join('\n')}`;
}
