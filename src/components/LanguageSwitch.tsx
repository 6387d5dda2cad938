/** Language switcher: zh-CN / zh-TW / en-US through Umi's `setLocale`, without a page reload. */
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { setLocale, useIntl } from '@umijs/max';
import { useCurrentLocale } from '@/hooks/useCurrentLocale';
import { messageLocale, SUPPORTED_LOCALES } from '@/locales/supported';

export default function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const intl = useIntl();
  const current = messageLocale(useCurrentLocale());
  const label = SUPPORTED_LOCALES.find((entry) => entry.locale === current)?.label;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: SUPPORTED_LOCALES.map((entry) => ({ key: entry.locale, label: entry.label })),
        onClick: ({ key }) => setLocale(key, false),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={intl.formatMessage({ id: 'shell.language' })}>
        {compact ? null : label}
      </Button>
    </Dropdown>
  );
}
