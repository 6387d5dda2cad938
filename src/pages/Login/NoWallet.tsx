/** No wallet on the page: how to open the site inside a wallet's DApp browser, with the link. */
import { WalletOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Flex, theme, Typography } from 'antd';
import CopyButton from '@/components/ErrorNotice/CopyButton';
import { ellipsisStyle } from '@/utils/ellipsis';

export default function NoWallet() {
  const intl = useIntl();
  const { token } = theme.useToken();
  const link = window.location.href;
  return (
    <Flex vertical align="center" gap={12} data-testid="no-wallet" style={{ textAlign: 'center' }}>
      <WalletOutlined style={{ fontSize: 40, color: token.colorTextTertiary }} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {intl.formatMessage({ id: 'login.noWallet.title' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {intl.formatMessage({ id: 'login.noWallet.description' })}
      </Typography.Paragraph>
      <Flex
        align="center"
        gap={8}
        style={{ width: '100%', padding: '8px 12px', borderRadius: token.borderRadiusLG, background: token.colorFillTertiary }}
      >
        <Typography.Text style={{ ...ellipsisStyle(), flex: 1, minWidth: 0, textAlign: 'start' }}>
          {link}
        </Typography.Text>
        <CopyButton
          text={link}
          label={intl.formatMessage({ id: 'login.noWallet.copyLink' })}
          copiedLabel={intl.formatMessage({ id: 'login.noWallet.copied' })}
        />
      </Flex>
    </Flex>
  );
}
