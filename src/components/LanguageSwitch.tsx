/**
 * Language switcher: zh-CN / zh-TW / en-US through Umi's `setLocale`, without a page reload.
 * A popover of three buttons rather than a Dropdown menu: antd's Menu (rc-menu, rc-overflow)
 * would be the only reason every first load carries ~25 KB gzip of menu code.
 */
import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { setLocale, useIntl } from '@umijs/max';
import { useState } from 'react';
import { useCurrentLocale } from '@/hooks/useCurrentLocale';
import { ensureLocale } from '@/locales/load';
import { messageLocale, SUPPORTED_LOCALES, type SupportedLocale } from '@/locales/supported';

export default function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const intl = useIntl();
  const current = messageLocale(useCurrentLocale());
  const [open, setOpen] = useState(false);
  const label = SUPPORTED_LOCALES.find((entry) => entry.locale === current)?.label;
  const title = intl.formatMessage({ id: 'shell.language' });

  const choose = (locale: SupportedLocale) => {
    setOpen(false);
    // its messages load first; if they cannot, the language stays as it is
    ensureLocale(locale).then(
      () => setLocale(locale, false),
      () => undefined,
    );
  };

  const choices = (
    <div role="group" aria-label={title} style={{ display: 'flex', flexDirection: 'column', minWidth: 128 }}>
      {SUPPORTED_LOCALES.map((entry) => {
        const selected = entry.locale === current;
        return (
          <Button
            key={entry.locale}
            color={selected ? 'primary' : 'default'}
            variant="text"
            aria-pressed={selected}
            // the mark keeps the labels aligned whether or not it shows
            icon={<CheckOutlined style={{ visibility: selected ? 'visible' : 'hidden' }} />}
            style={{ justifyContent: 'flex-start' }}
            onClick={() => choose(entry.locale)}
          >
            {entry.label}
          </Button>
        );
      })}
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" arrow={false} open={open} onOpenChange={setOpen} content={choices}>
      {/* with the language shown, the name starts with what is seen (axe label-content-name-mismatch) */}
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={compact || !label ? title : intl.formatMessage({ id: 'shell.languageCurrent' }, { language: label })}
      >
        {compact ? null : label}
      </Button>
    </Popover>
  );
}
