/**
 * No wallet on the page: how to open the site inside a wallet's DApp browser, with the link. A
 * prerendered page has no address to show: the document's probe fills it in before hydration,
 * where the browser's first render finds the same text (contract/rules/walletProbe.ts).
 */
import { WalletOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Flex, theme, Typography } from 'antd';
import CopyButton from '@/components/ErrorNotice/CopyButton';
import { ellipsisStyle } from '@/utils/ellipsis';
import { PAGE_LINK_ATTRIBUTE } from '../../../contract/rules/walletProbe';

export default function NoWallet() {
  const intl = useIntl();
  const { token } = theme.useToken();
  const link = typeof window === 'undefined' ? '' : window.location.href;
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
          {/* empty in the prerendered markup and filled in by the probe: should the two differ, hydration writes the browser's */}
          <span {...{ [PAGE_LINK_ATTRIBUTE]: '' }} suppressHydrationWarning>
            {link}
          </span>
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
