/**
 * A Chinese keyboard in full-width mode types ０-９, ．and ，, and its period key gives 。.
 * Number fields read those as the ASCII characters before their rules check the text; anything
 * else stays as typed (and is refused by the rule with a message).
 */
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;
const FULL_WIDTH_ZERO = 0xff10;

export function halfWidthDigits(text: string): string {
  return text
    .replace(FULL_WIDTH_DIGIT, (digit) => String(digit.charCodeAt(0) - FULL_WIDTH_ZERO))
    .replace(/[．。]/g, '.')
    .replace(/，/g, ',');
}
