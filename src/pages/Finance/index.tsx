/** /calculate/coin: the finance products on offer and the subscription sheet. */
import { Flex } from 'antd';
import { useState } from 'react';
import type { FinanceProductType } from '../../../contract/product';
import FinanceProductCard from '@/components/FinanceProductCard';
import InfiniteList from '@/components/InfiniteList';
import SectionTabs from '@/components/products/SectionTabs';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import BuyButton from '@/components/products/BuyButton';
import lazySheet from '@/components/lazySheet';

const FinanceBuySheet = lazySheet(() => import(/* webpackChunkName: "sheet-finance-buy" */ './FinanceBuySheet'), ({ product }) => product !== null);

export default function FinanceProductsPage() {
  const t = useT();
  const [chosen, setChosen] = useState<FinanceProductType | null>(null);
  const [bought, setBought] = useState(0);
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <InfiniteList
        fetchPage={productApi.finance}
        rowKey={(product) => product.id}
        reloadDeps={[bought]}
        renderItem={(product) => (
          <Flex vertical gap={8} style={{ width: '100%' }}>
            <FinanceProductCard product={product} />
            <BuyButton label={t('calc.subscribe')} onSale={product.status === 'on_sale'} onBuy={() => setChosen(product)} />
          </Flex>
        )}
      />
      <FinanceBuySheet product={chosen} onClose={() => setChosen(null)} onBought={() => setBought((n) => n + 1)} />
    </>
  );
}
