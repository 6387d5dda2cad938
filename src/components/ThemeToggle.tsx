/** Light/dark toggle; the choice is kept in localStorage `theme` for every tab (src/session.ts). */
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useIntl } from '@umijs/max';
import { useThemeMode } from '@/hooks/useThemeMode';

export default function ThemeToggle() {
  const intl = useIntl();
  const [mode, setMode] = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  const label = intl.formatMessage({ id: next === 'dark' ? 'shell.theme.dark' : 'shell.theme.light' });
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setMode(next)}
      />
    </Tooltip>
  );
}
