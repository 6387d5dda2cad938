/**
 * Input echoed in an error text (a field name the caller made up, the URL of a 404) is quoted:
 * anything but plain URL-safe characters becomes %XX, and it is cut at `max` characters. So
 * `<script>` comes back as `%3Cscript%3E`, never as markup.
 */
const PLAIN = /^[A-Za-z0-9_.~/:%-]$/u;

export function quoteInput(text: string, max = 60): string {
  const characters = Array.from(text);
  const quoted = characters
    .slice(0, max)
    .map((c) => (PLAIN.test(c) ? c : [...Buffer.from(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')))
    .join('');
  return characters.length > max ? `${quoted}…` : quoted;
}
