/**
 * /my/address/add and /my/address/edit/:id: the shared AddressForm. After saving it goes back to
 * the list, keeping the selection-mode query the list was opened with.
 */
import { useRef } from 'react';
import { Card } from 'antd';
import { message } from '@/components/Feedback/notifier';
import { useLocation, useNavigate, useParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import type { AddressInputType } from '../../../../../contract/address';
import AddressForm from '../../components/AddressForm';
import AsyncContent from '@/components/AsyncContent';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { addressApi } from '@/services';
import { requestKeys, withRequestKey } from '@/services/idempotencyKey';

export default function MyAddressEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { id } = useParams<{ id: string }>();
  const ready = !!useCurrentUser();

  const existing = useRequest(() => addressApi.get(id!), { ready: ready && !!id });
  /** a new address saved again after no answer is added once (the server replays the first answer) */
  const createKeys = useRef(requestKeys('address'));
  const create = (input: AddressInputType) => withRequestKey(createKeys.current, input, (key) => addressApi.create(input, { headers: { 'Idempotency-Key': key } }));
  const save = useRequest(async (input: AddressInputType) => (id ? addressApi.update({ id, ...input }) : create(input)), {
    manual: true,
    onSuccess: () => {
      message.success(t('common.saved'));
      navigate(`/my/address${search}`, { replace: true });
    },
  });

  return (
    <AsyncContent loading={!!id && existing.loading} error={existing.error} onRetry={existing.refresh} rows={6}>
      <Card size="small">
        <AddressForm address={existing.data} submitting={save.loading} onSubmit={save.run} />
      </Card>
    </AsyncContent>
  );
}
