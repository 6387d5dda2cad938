/**
 * Typing a pay password into PayPasswordInput as a desktop user does: the boxes have focus and take
 * key presses (there is no text input to change). What was entered before is deleted first.
 */
import { fireEvent } from '@testing-library/react';

/** how many digits the boxes show as entered (dots; the digits themselves are never in the DOM) */
export function enteredCount(group: HTMLElement): number {
  return Number(group.getAttribute('data-entered'));
}

export function isPayPasswordGroup(element: HTMLElement): boolean {
  return element.hasAttribute('data-pay-password');
}

/** Deletes what the boxes hold, then presses each character of `text` (non-digits are ignored by the field). */
export function enterPayPassword(group: HTMLElement, text: string): void {
  group.focus();
  for (let left = enteredCount(group); left > 0; left -= 1) fireEvent.keyDown(group, { key: 'Backspace' });
  for (const key of text) fireEvent.keyDown(group, { key });
}
