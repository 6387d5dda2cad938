/**
 * Seeded pictures are small SVG data URIs (a gradient and a caption), so a fresh database shows
 * a complete shop and home page without any image hosting.
 */
function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Width of `text` in ems, roughly: CJK and other wide characters 1 em, Latin letters and digits about 0.6 em. */
function widthInEms(text: string): number {
  let ems = 0;
  for (const char of text) ems += char.codePointAt(0)! > 0x2e7f ? 1 : 0.6;
  return ems;
}

export function picture(caption: string, from: string, to: string, width = 750, height = 750): string {
  // a long caption gets a smaller font: it stays inside the picture with a 6 % margin each side
  const fontSize = Math.floor(Math.min(Math.min(width, height) / 9, (width * 0.88) / widthInEms(caption)));
  const text = caption
    ? `<text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="${fontSize}" text-anchor="middle" dominant-baseline="middle">${escapeXml(caption)}</text>`
    : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    text +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * A banner's background: no words of its own, since the home page lays the banner's title over it
 * in the reader's language.
 */
export function bannerPicture(from: string, to: string): string {
  return picture('', from, to, 750, 320);
}
