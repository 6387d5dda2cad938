/**
 * Input echoed in an error text (a field name the caller made up, the URL of a 404, a recipient
 * or invite code that was not found) is quoted: markup and control characters (< > & " ' ` \ and
 * U+0000–U+001F, U+007F) become %XX, and the text is cut at `max` characters. So `<script>` comes
 * back as `%3Cscript%3E`, never as markup, while names, amounts and URLs read as they are.
 */
const UNSAFE = /[\u0000-\u001f\u007f<>&"'`\\]/g;

export function quoteInput(text: string, max = 64): string {
  const characters = Array.from(text);
  const cut = characters.length > max ? `${characters.slice(0, max).join('')}…` : text;
  return cut.replace(UNSAFE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Every string parameter of a message, quoted. */
export function quoteParams<P extends Record<string, string | number>>(params: P | undefined): P | undefined {
  if (!params) return params;
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? quoteInput(value) : value])) as P;
}
