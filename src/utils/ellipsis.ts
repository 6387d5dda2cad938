/**
 * Text cut short with "…" by CSS alone, as antd's Typography draws it (a single line, or `rows`
 * lines). antd's own `ellipsis` prop also measures every such element after each render, to decide
 * on a tooltip the app never asks for: it appends an element inside the text, reads the layout
 * (a forced reflow per element, 60-70 ms at 4× CPU on `/` and `/shopping`) and removes it again.
 */
import type { CSSProperties } from 'react';

export function ellipsisStyle(rows = 1): CSSProperties {
  if (rows === 1) return { display: 'inline-block', maxWidth: '100%', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' };
  return { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: rows, overflow: 'hidden' };
}
