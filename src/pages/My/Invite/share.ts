/**
 * Copying and sharing the invite: the Clipboard API where the page may use it, else a hidden
 * textarea and `execCommand('copy')` (older in-wallet browsers); sharing uses the Web Share API
 * when the browser has it and copies the link otherwise.
 */

function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    document.body.removeChild(area);
  }
}

/** True when the text reached the clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied (no focus, no permission): try the old way
  }
  return copyWithTextarea(text);
}

export interface ShareContent {
  title: string;
  text: string;
  url: string;
}

/** 'shared' (or cancelled by the user) through the share sheet, else 'copied' / 'failed'. */
export async function shareOrCopy(content: ShareContent): Promise<'shared' | 'copied' | 'failed'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(content);
      return 'shared';
    } catch (error) {
      // the person closed the share sheet: nothing to do
      if ((error as { name?: string } | null)?.name === 'AbortError') return 'shared';
    }
  }
  return (await copyText(content.url)) ? 'copied' : 'failed';
}
