/**
 * No wallet listed yet: the search while the app waits for wallets, then the no-wallet hint. Both
 * are in the markup from the first render, the one not shown `hidden`, so that the prerendered
 * page's probe can show the hint before the app runs and hydration finds the same nodes
 * (contract/rules/walletProbe.ts); the answer only swaps the two.
 */
import { useIntl } from '@umijs/max';
import { Spin } from 'antd';
import { NO_WALLET_HINT_ATTRIBUTE, WALLET_SEARCH_ATTRIBUTE } from '../../../contract/rules/walletProbe';
import NoWallet from './NoWallet';

export default function WalletSearch({ discovering }: { discovering: boolean }) {
  const intl = useIntl();
  return (
    <>
      <div {...{ [WALLET_SEARCH_ATTRIBUTE]: '' }} hidden={!discovering}>
        {/* gone once answered: no busy spinner left behind the hint */}
        {discovering && (
          <Spin tip={intl.formatMessage({ id: 'login.discovering' })}>
            <div style={{ height: 96 }} />
          </Spin>
        )}
      </div>
      <div {...{ [NO_WALLET_HINT_ATTRIBUTE]: '' }} hidden={discovering}>
        <NoWallet />
      </div>
    </>
  );
}
