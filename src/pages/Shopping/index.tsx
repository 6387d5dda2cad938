/** /shopping: search, categories and the goods grid, loaded page by page as the user scrolls. */
import { ProfileOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import Tabs from '@/components/AppTabs';
import { Link } from '@umijs/max';
import { useState } from 'react';
import type { GoodsCategoryType, GoodsListType } from '../../../contract/mall';
import GoodsCard from './components/GoodsCard';
import InfiniteList from '@/components/InfiniteList';
import RouteTitleBar from '@/components/RouteTitleBar';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { sameAnswer, useRenderedAnswer } from '@/prerender/pageData';
import { mallApi } from '@/services';

const ALL = 'all';
/** Covers loaded with the page: the grid's first screenful (two columns on a phone, up to five on a desktop). */
export const FIRST_SCREEN_GOODS = 6;

/** `column`: before the browser knows its breakpoint (the server's render, hydration) a phone's two columns, not one */
const GOODS_GRID = { gutter: 12, column: 2, xs: 2, sm: 3, md: 4, lg: 4, xl: 5, xxl: 5 };

export default function ShoppingPage() {
  const t = useT();
  const user = useCurrentUser();
  // the goods the page was prerendered with, while hydrating (src/prerender/pageData.tsx)
  const firstGoods = useRenderedAnswer<GoodsListType>('shoppingGoods');
  const [categories, setCategories] = useState<GoodsCategoryType[]>(firstGoods?.categories ?? []);
  const [categoryId, setCategoryId] = useState(ALL);
  const [keyword, setKeyword] = useState('');

  return (
    <>
      <RouteTitleBar
        extra={
          user && (
            <Link to="/shopping/order/0">
              <Button icon={<ProfileOutlined />}>{t('mall.myOrders')}</Button>
            </Link>
          )
        }
      />
      <Input.Search
        allowClear
        placeholder={t('mall.searchPlaceholder')}
        aria-label={t('mall.search')}
        onSearch={(value) => setKeyword(value.trim())}
      />
      <Tabs
        activeKey={categoryId}
        onChange={setCategoryId}
        items={[{ id: ALL, name: t('mall.allCategories') }, ...categories].map((category) => ({
          key: category.id,
          label: category.name,
        }))}
      />
      <InfiniteList
        grid={GOODS_GRID}
        reloadDeps={[categoryId, keyword]}
        firstPage={firstGoods}
        fetchPage={async (query) => {
          const result = await mallApi.goods({
            ...query,
            categoryId: categoryId === ALL ? undefined : categoryId,
            keyword: keyword || undefined,
          });
          // the same categories keep the shown ones, so that the page does not render again for nothing
          setCategories((shown) => (sameAnswer(result.categories, shown) ? shown : result.categories));
          return result;
        }}
        rowKey={(goods) => goods.id}
        renderItem={(goods, index) => <GoodsCard goods={goods} eager={index < FIRST_SCREEN_GOODS} />}
        emptyText={t('mall.noGoods')}
      />
    </>
  );
}
