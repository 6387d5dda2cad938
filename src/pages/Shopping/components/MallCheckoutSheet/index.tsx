/**
 * The checkout sheet of a goods page: the receiver (chosen from the address book, or added to it,
 * through the book's selection mode, which replaces this checkout's history entry and returns to
 * `returnTo` with `addressId` in the same entry), the item and total, the pay password.
 * Confirming creates the order (stock held) and pays it, each with its key by the attempt rule of
 * usePayAttempt: a try after no answer creates the same order (the server replays it) and pays it
 * once; a failed payment keeps the created order, so another try pays that same order. Without a
 * pay password, PayPasswordRequired instead.
 */
import { Button, Card, Flex, Form, Skeleton, Typography } from 'antd';
import BottomSheet from '@/components/BottomSheet';
import { Link, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import type { AddressType } from '../../../../../contract/address';
import type { GoodsDetailType, MallOrderType, SkuType } from '../../../../../contract/mall';
import Money from '@/components/Money';
import PayPasswordField from '@/components/PayPasswordField';
import PayPasswordRequired, { useNeedsPayPassword } from '@/components/PayPasswordRequired';
import { fromUnits, toUnits } from '../../../../../contract/rules/money';
import { useT } from '@/hooks/useT';
import { addressApi, mallApi } from '@/services';
import { payMallOrder, useMallPayAttempt } from '../MallPay';
import { ellipsisStyle } from '@/utils/ellipsis';

interface Props {
  open: boolean;
  goods: GoodsDetailType;
  sku: SkuType;
  quantity: number;
  /** an address just chosen in the address book */
  addressId?: string;
  /** this page with the checkout state, for the address book to come back to */
  returnTo: string;
  onClose: () => void;
  onPaid: (order: MallOrderType) => void;
}

const bookPath = (page: string, returnTo: string) => `${page}?${new URLSearchParams({ select: '1', return: returnTo }).toString()}`;

function chosenAddress(addresses: AddressType[], addressId?: string): AddressType | undefined {
  return addresses.find((a) => a.id === addressId) ?? addresses.find((a) => a.isDefault) ?? addresses[0];
}

export default function MallCheckoutSheet({ open, goods, sku, quantity, addressId, returnTo, onClose, onPaid }: Props) {
  const t = useT();
  const [form] = Form.useForm<{ payPassword: string }>();
  const { busy, run, reset } = useMallPayAttempt();
  const needsPayPassword = useNeedsPayPassword();
  /** the order created by the first confirm, paid by the next tries */
  const [pending, setPending] = useState<MallOrderType | null>(null);
  const { data: book, loading } = useRequest(() => addressApi.list({ pageSize: 50 }), { ready: open, refreshDeps: [open] });
  const address = book && chosenAddress(book.list, addressId);
  const total = fromUnits(toUnits(sku.price) * BigInt(quantity));
  // the address book takes the checkout's place in the history (and gives it back when an address
  // is chosen): after paying, back never returns to the book or to this checkout
  const { state: checkoutState } = useLocation();

  const close = () => {
    setPending(null);
    reset();
    onClose();
  };

  // a refusal was shown by the request layer; the sheet stays open
  const confirm = async ({ payPassword }: { payPassword: string }) => {
    if (!address) return;
    await run(async (keyFor) => {
      let order = pending;
      if (!order) {
        const body = { skuId: sku.id, quantity, addressId: address.id };
        order = await mallApi.orderCreate(body, { headers: { 'Idempotency-Key': keyFor('', body) } });
        setPending(order);
      }
      const paid = await payMallOrder(order, payPassword, keyFor);
      setPending(null);
      onPaid(paid);
    });
  };

  return (
    // the page pushes `?checkout=1` when the sheet opens: back closes it without an entry of its own
    <BottomSheet open={open} title={t('mall.checkout')} destroyOnHidden historyEntry={false} onClose={close}>
      <Flex vertical gap={12}>
        <Card size="small" title={t('mall.shipTo')} data-testid="mall-checkout-address"
          extra={address && !pending && <Link to={bookPath('/my/address', returnTo)} replace state={checkoutState}>{t('mall.changeAddress')}</Link>}
        >
          {loading && !book ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : address ? (
            <>
              <Typography.Text strong>{address.receiver}</Typography.Text> <Typography.Text type="secondary">{address.phone}</Typography.Text>
              <br />
              {[address.region.province, address.region.city, address.region.district, address.detail].filter(Boolean).join(' ')}
            </>
          ) : (
            <Flex justify="space-between" align="center">
              <Typography.Text type="secondary">{t('mall.noAddress')}</Typography.Text>
              <Link to={bookPath('/my/address/add', returnTo)} replace state={checkoutState}>
                <Button type="primary" style={{ minHeight: 44 }}>{t('mall.addAddress')}</Button>
              </Link>
            </Flex>
          )}
        </Card>
        <Flex gap={12}>
          <img src={goods.cover} alt={goods.title} style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 6 }} />
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text style={ellipsisStyle()}>{goods.title}</Typography.Text>
            <Typography.Text type="secondary">{`${sku.name} × ${quantity}`}</Typography.Text>
          </Flex>
        </Flex>
        <Flex justify="space-between">
          <Typography.Text>{t('mall.total')}</Typography.Text>
          <Money value={total} currency="USDT" strong style={{ fontSize: 18 }} />
        </Flex>
        {needsPayPassword ? (
          <PayPasswordRequired />
        ) : (
          <Form form={form} layout="vertical" requiredMark={false} onFinish={confirm}>
            <PayPasswordField />
            <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!address}>
              {t('mall.payNow')}
            </Button>
          </Form>
        )}
      </Flex>
    </BottomSheet>
  );
}
