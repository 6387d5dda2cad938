/** /calculate: the mining-power products on offer, with their figures, and the buy sheet (`?buy=<id>` opens it). */
import { Flex } from 'antd';
import { useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import type { PageOf } from '../../../contract/common';
import type { PowerProductType } from '../../../contract/product';
import InfiniteList from '@/components/InfiniteList';
import PowerProductCard from '@/components/PowerProductCard';
import SectionTabs from '@/components/products/SectionTabs';
import { useT } from '@/hooks/useT';
import { useRenderedAnswer } from '@/prerender/pageData';
import { productApi } from '@/services';
import BuyButton from '@/components/products/BuyButton';
import lazySheet from '@/components/lazySheet';

const PowerBuySheet = lazySheet(() => import(/* webpackChunkName: "sheet-power-buy" */ './PowerBuySheet'), ({ product }) => product !== null);

export default function PowerProductsPage() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosen, setChosen] = useState<PowerProductType | null>(null);
  const [bought, setBought] = useState(0);
  const wanted = searchParams.get('buy');
  // the products the page was prerendered with, while hydrating (src/prerender/pageData.tsx)
  const firstProducts = useRenderedAnswer<PageOf<PowerProductType>>('calculatePower');
  // a link from the calculator names the product to buy
  useRequest(() => productApi.power({ page: 1, pageSize: 100 }), {
    ready: Boolean(wanted),
    refreshDeps: [wanted],
    onSuccess: (page) => setChosen(page.list.find((p) => p.id === wanted && p.status === 'on_sale') ?? null),
  });
  const close = () => {
    setChosen(null);
    if (wanted) setSearchParams({}, { replace: true });
  };

  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <InfiniteList
        fetchPage={productApi.power}
        rowKey={(product) => product.id}
        reloadDeps={[bought]}
        firstPage={firstProducts}
        renderItem={(product) => (
          <Flex vertical gap={8} style={{ width: '100%' }}>
            <PowerProductCard product={product} />
            <BuyButton label={t('calc.buy')} onSale={product.status === 'on_sale'} onBuy={() => setChosen(product)} />
          </Flex>
        )}
      />
      <PowerBuySheet product={chosen} onClose={close} onBought={() => setBought((n) => n + 1)} />
    </>
  );
}
