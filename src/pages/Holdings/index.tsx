/** /calculate/assets: the finance census and positions held, and the hashrate held per coin. */
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useRequest } from 'ahooks';
import AsyncContent from '@/components/AsyncContent';
import PowerHoldings from './PowerHoldings';
import SectionTabs from '@/components/products/SectionTabs';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import FinancePositions from './FinancePositions';

export default function HoldingsPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const census = useRequest(() => productApi.financeCensus(), { ready });
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <Card size="small" title={t('calculate.assets.finance')} style={{ marginBottom: 16 }}>
        <AsyncContent loading={census.loading} error={census.error} onRetry={census.refresh} rows={2}>
          {census.data && (
            <Row gutter={[16, 16]}>
              <Col xs={12} md={6}>
                <Statistic title={t('calculate.assets.principalHeld')} value={census.data.principalHeld} suffix={census.data.currency} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('calculate.assets.earnedYesterday')} value={census.data.earnedYesterday} suffix={census.data.currency} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('calculate.assets.earnedTotal')} value={census.data.earnedTotal} suffix={census.data.currency} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('calculate.assets.activeOrders')} value={census.data.activeOrders} />
              </Col>
            </Row>
          )}
        </AsyncContent>
      </Card>
      <Typography.Title level={5}>{t('assets.financePositions')}</Typography.Title>
      {ready && <FinancePositions />}
      <Typography.Title level={5}>{t('calculate.assets.power')}</Typography.Title>
      <PowerHoldings />
    </>
  );
}
