/** /calculate/history: the user's power orders, finance orders and daily power bills. */
import { Tabs } from 'antd';
import FieldList from '@/components/FieldList';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import SectionTabs from '@/components/SectionTabs';
import TitleWithStatus from '@/components/TitleWithStatus';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi, productApi } from '@/services';

function PowerOrders() {
  const t = useT();
  return (
    <InfiniteList
      fetchPage={productApi.powerOrders}
      rowKey={(order) => order.id}
      renderItem={(order) => (
        <FieldList
          title={<TitleWithStatus title={order.title} prefix="order.status" status={order.status} />}
          fields={[
            [t('history.units'), `${order.units} ${order.unit}`],
            [t('history.paid'), <Money value={order.amountUsdt} currency="USDT" />],
            [t('history.output'), <Money value={order.outputTotal} currency={order.coin} />],
            [t('history.period'), `${order.startDate} ~ ${order.endDate}`],
            [t('common.createdAt'), order.createdAt],
          ]}
        />
      )}
    />
  );
}

function FinanceOrders() {
  const t = useT();
  return (
    <InfiniteList
      fetchPage={productApi.financeOrders}
      rowKey={(order) => order.id}
      renderItem={(order) => (
        <FieldList
          title={<TitleWithStatus title={order.title} prefix="order.status" status={order.status} />}
          fields={[
            [t('history.principal'), <Money value={order.principal} currency={order.currency} />],
            [t('product.finance.annualRate'), `${order.annualRate}%`],
            [t('history.interest'), <Money value={order.interestEarned} currency={order.currency} />],
            [t('history.period'), `${order.startDate} ~ ${order.maturityDate}`],
            [t('common.createdAt'), order.createdAt],
          ]}
        />
      )}
    />
  );
}

function PowerBills() {
  const t = useT();
  return (
    <InfiniteList
      fetchPage={accountApi.powerBill}
      rowKey={(bill) => bill.id}
      renderItem={(bill) => (
        <FieldList
          title={`${bill.day} · ${bill.coin}`}
          fields={[
            [t('history.gross'), <Money value={bill.gross} currency={bill.coin} />],
            [t('common.fee'), <Money value={bill.fee} currency={bill.coin} />],
            [t('history.net'), <Money value={bill.net} currency={bill.coin} strong />],
          ]}
        />
      )}
    />
  );
}

export default function CalculateHistoryPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      {ready && (
        <Tabs
          destroyInactiveTabPane
          items={[
            { key: 'power', label: t('history.powerOrders'), children: <PowerOrders /> },
            { key: 'finance', label: t('history.financeOrders'), children: <FinanceOrders /> },
            { key: 'bills', label: t('history.bills'), children: <PowerBills /> },
          ]}
        />
      )}
    </>
  );
}
