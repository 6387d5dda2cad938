/**
 * Stands in for intl-messageformat-parser's PEG parser in the built app (plugins/precompiledMessages.ts):
 * every message arrives already parsed, so the parser's ~97 KB of script is not shipped. Formatting a
 * message string anyway fails loudly here instead of showing its raw placeholders.
 */
export class SyntaxError extends Error {}

export function pegParse(message: string): never {
  throw new Error(`message not precompiled: ${JSON.stringify(message.slice(0, 80))}`);
}
