/** /calculate: the mining-power products on offer, with their figures and estimated output. */
import InfiniteList from '@/components/InfiniteList';
import PowerProductCard from '@/components/PowerProductCard';
import SectionTabs from '@/components/SectionTabs';
import { productApi } from '@/services';

export default function CalculatePowerPage() {
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <InfiniteList
        fetchPage={productApi.power}
        rowKey={(product) => product.id}
        renderItem={(product) => <PowerProductCard product={product} />}
      />
    </>
  );
}
