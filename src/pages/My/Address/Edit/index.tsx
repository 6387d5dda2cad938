/**
 * /my/address/add and /my/address/edit/:id: the shared AddressForm. After saving it goes back to
 * the list, keeping the selection-mode query the list was opened with.
 */
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
import { usePayAttempt } from '@/hooks/usePayAttempt';

export default function MyAddressEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const { id } = useParams<{ id: string }>();
  const ready = !!useCurrentUser();

  const existing = useRequest(() => addressApi.get(id!), { ready: ready && !!id });
  const saved = () => {
    message.success(t('common.saved'));
    navigate(`/my/address${search}`, { replace: true, state });
  };
  const update = useRequest(async (input: AddressInputType) => addressApi.update({ id: id!, ...input }), { manual: true, onSuccess: saved });
  /** a new address saved again after no answer is added once (the server replays the first answer) */
  const createAttempt = usePayAttempt<AddressInputType>(() => 'address');
  const create = async (input: AddressInputType) => {
    const created = await createAttempt.run(async (keyFor) => {
      await addressApi.create(input, { headers: { 'Idempotency-Key': keyFor('', input) } });
    });
    if (created) saved();
  };

  return (
    <AsyncContent loading={!!id && existing.loading} error={existing.error} onRetry={existing.refresh} rows={6}>
      <Card size="small">
        <AddressForm address={existing.data} submitting={update.loading || createAttempt.busy} onSubmit={id ? update.run : create} />
      </Card>
    </AsyncContent>
  );
}
