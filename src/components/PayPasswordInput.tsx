/**
 * The 6-box pay password as Chinese payment apps show it: a dot per digit entered (never the
 * digit), typed on the app's own numeric keypad (0-9 and delete, keys 48 px tall). There is no text
 * input, so a phone never opens its keyboard (which would cover the sheet and could suggest or
 * remember the digits); the boxes take focus, so a desktop user types with the keyboard (digits,
 * full-width digits, the number pad, Backspace, Enter submits the form) or pastes.
 * Screen readers hear the group's label and how many of the 6 digits are entered.
 */
import { theme } from 'antd';
import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { halfWidthDigits } from '@/components/AmountInput/halfWidthDigits';
import { useT } from '@/hooks/useT';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** the accessible name of the group (the form item's label) */
  label: string;
  /** from Form.Item: its label points here */
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  /** the keypad under the boxes; off while another pay-password field of the form is being typed */
  keypad?: boolean;
  /** the boxes took focus or were tapped */
  onActivate?: () => void;
  /** the sixth digit was entered */
  onFilled?: () => void;
  /** take focus when shown with the keypad (the next field of a form after the previous one filled) */
  focusOnKeypad?: boolean;
}

/** the digits of contract/rules/money.ts PAY_PASSWORD_PATTERN */
const PAY_PASSWORD_LENGTH = 6;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', 'delete'] as const;

const srOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export default function PayPasswordInput({ value = '', onChange, label, id, 'aria-invalid': invalid, keypad = true, onActivate, onFilled, focusOnKeypad }: Props) {
  const t = useT();
  const { token } = theme.useToken();
  const statusId = useId();
  const boxes = useRef<HTMLDivElement>(null);
  const length = value.length;

  useEffect(() => {
    if (keypad && focusOnKeypad) boxes.current?.focus({ preventScroll: true });
  }, [keypad, focusOnKeypad]);

  const set = (next: string) => {
    if (next === value) return;
    onChange?.(next);
    if (next.length === PAY_PASSWORD_LENGTH) onFilled?.();
  };
  const append = (digits: string) => set((value + digits).slice(0, PAY_PASSWORD_LENGTH));
  const remove = () => set(value.slice(0, -1));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = halfWidthDigits(event.key);
    if (/^[0-9]$/.test(key)) append(key);
    else if (event.key === 'Backspace' || event.key === 'Delete') remove();
    else if (event.key === 'Enter') event.currentTarget.closest('form')?.requestSubmit();
    else return;
    event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    append(halfWidthDigits(event.clipboardData.getData('text')).replace(/[^0-9]/g, ''));
  };

  const borderOf = (index: number) => {
    if (invalid === true || invalid === 'true') return token.colorError;
    return keypad && index === Math.min(length, PAY_PASSWORD_LENGTH - 1) ? token.colorPrimary : token.colorBorder;
  };

  return (
    <div>
      <div
        ref={boxes}
        id={id}
        role="group"
        aria-label={label}
        aria-describedby={statusId}
        aria-invalid={invalid}
        data-pay-password
        data-entered={length}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onFocus={onActivate}
        onClick={onActivate}
        style={{ display: 'flex', gap: 8, justifyContent: 'center', outlineOffset: 4, borderRadius: token.borderRadius, cursor: 'pointer' }}
      >
        {Array.from({ length: PAY_PASSWORD_LENGTH }, (_, index) => (
          <span
            key={index}
            aria-hidden
            className="pay-password-box"
            style={{
              flex: '1 1 0', maxWidth: 52, height: 48, display: 'flex', alignItems: 'center', justifyContent: 'center',
              border: `1px solid ${borderOf(index)}`, borderRadius: token.borderRadius, background: token.colorBgContainer,
            }}
          >
            {index < length && <span className="pay-password-dot" style={{ width: 12, height: 12, borderRadius: '50%', background: token.colorText }} />}
          </span>
        ))}
        <span id={statusId} aria-live="polite" style={srOnly}>
          {t('payKeypad.entered', { count: length, total: PAY_PASSWORD_LENGTH })}
        </span>
      </div>
      {keypad && (
        <div
          role="group"
          aria-label={t('payKeypad.name')}
          data-testid="pay-keypad"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 6, padding: 6, marginTop: 12, borderRadius: token.borderRadiusLG, background: token.colorFillSecondary }}
        >
          {KEYS.map((key) =>
            key === '' ? (
              <span key="blank" />
            ) : (
              <button
                key={key}
                type="button"
                // the keys never take focus: the boxes keep it, and desktop typing goes on
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => (key === 'delete' ? remove() : append(key))}
                aria-label={key === 'delete' ? t('payKeypad.delete') : undefined}
                style={{
                  minHeight: 48, border: 'none', borderRadius: token.borderRadius, fontSize: 22, cursor: 'pointer',
                  color: token.colorText, background: key === 'delete' ? 'transparent' : token.colorBgContainer, touchAction: 'manipulation',
                }}
              >
                {key === 'delete' ? '⌫' : key}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
