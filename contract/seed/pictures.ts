/**
 * Seeded pictures are small SVG data URIs, so a fresh database shows a complete shop and home page
 * without any image hosting. They carry no words: the app lays each banner's title over it and
 * names each goods item beside it, in the reader's language.
 */

/** A diagonal gradient `from` → `to`, with `inside` (SVG elements) drawn over it. */
function gradientPicture(from: string, to: string, width: number, height: number, inside = ''): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    inside +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A banner's background (750 × 320). */
export function bannerPicture(from: string, to: string): string {
  return gradientPicture(from, to, 750, 320);
}

/** A goods picture (750 × 750): the gradient and a light disc. */
export function goodsPicture(from: string, to: string): string {
  const size = 750;
  return gradientPicture(from, to, size, size, `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="#fff" fill-opacity="0.25"/>`);
}
