/** /calculate/coin: the finance products on offer. */
import FinanceProductCard from '@/components/FinanceProductCard';
import InfiniteList from '@/components/InfiniteList';
import SectionTabs from '@/components/SectionTabs';
import { productApi } from '@/services';

export default function CalculateCoinPage() {
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <InfiniteList
        fetchPage={productApi.finance}
        rowKey={(product) => product.id}
        renderItem={(product) => <FinanceProductCard product={product} />}
      />
    </>
  );
}
