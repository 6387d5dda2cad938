/** Fills `{name}` placeholders of a message text; a placeholder without a value stays as written. */
export type MessageParams = Record<string, string | number>;

export function fillMessage(text: string, params: MessageParams = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
