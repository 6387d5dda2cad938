/**
 * Selection mode of the address book, for the mall checkout:
 * `/my/address?select=1&return=/shopping/goods/7?sku=2` lists the addresses to choose from, and
 * choosing one goes to the return path with `addressId=<id>` added to its query.
 */

const ADDRESS_ID_PARAM = 'addressId';

/** Only a path of this site may be returned to (no `//host` or scheme: no open redirect). */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The return path when `search` asks for selection mode, else null. */
export function selectionReturnPath(search: string): string | null {
  const params = new URLSearchParams(search);
  const returnTo = params.get('return');
  if (params.get('select') !== '1' || !returnTo || !isLocalPath(returnTo)) return null;
  return returnTo;
}

/** The return path with the chosen address id in its query (before any hash). */
export function pathWithAddress(returnTo: string, addressId: string): string {
  const hashAt = returnTo.indexOf('#');
  const hash = hashAt >= 0 ? returnTo.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? returnTo.slice(0, hashAt) : returnTo;
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const params = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '');
  params.set(ADDRESS_ID_PARAM, addressId);
  return `${path}?${params.toString()}${hash}`;
}

/** The address to open for checking out (used by the mall): `?select=1&return=<current path>`. */
export function selectAddressPath(returnTo: string): string {
  return `/my/address?${new URLSearchParams({ select: '1', return: returnTo }).toString()}`;
}
