/** No wallet on the page: how to open the site inside a wallet's DApp browser, with the link. */
import { CheckOutlined, CopyOutlined, WalletOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Flex, theme, Typography } from 'antd';

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
      <Typography.Paragraph
        code
        style={{ margin: 0, wordBreak: 'break-all', maxWidth: '100%' }}
        copyable={{
          text: link,
          tooltips: false,
          icon: [
            <span key="copy" style={{ whiteSpace: 'nowrap' }}>
              <CopyOutlined /> {intl.formatMessage({ id: 'login.noWallet.copyLink' })}
            </span>,
            <span key="copied" style={{ whiteSpace: 'nowrap' }}>
              <CheckOutlined /> {intl.formatMessage({ id: 'login.noWallet.copied' })}
            </span>,
          ],
        }}
      >
        {link}
      </Typography.Paragraph>
    </Flex>
  );
}
