/**
 * /my/messages: the message centre. Each notification is worded here from its kind and values in
 * the reader's language (the server stores no text). Newest first, loaded by cursor; an unread one
 * has a dot, tapping it marks it read; 全部已读 marks them all.
 */
import { Badge, Button, Flex, Typography, theme } from 'antd';
import { message } from '@/components/Feedback/notifier';
import { useRequest } from 'ahooks';
import React, { useCallback, useState } from 'react';
import type { NotificationType } from '../../../../contract/notification';
import InfiniteList from '@/components/InfiniteList';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { notificationApi } from '@/services';

/** the title and text of a notification in the current language */
export function useNoticeText(): (notice: Pick<NotificationType, 'kind' | 'payload'>) => { title: string; body: string } {
  const t = useT();
  return useCallback((notice) => ({ title: t(`notice.${notice.kind}.title`), body: t(`notice.${notice.kind}.body`, notice.payload) }), [t]);
}

/** read aloud, not shown */
const SCREEN_READER_ONLY: React.CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

function NoticeRow({ notice, read, onOpen }: { notice: NotificationType; read: boolean; onOpen: (notice: NotificationType) => void }) {
  const t = useT();
  const text = useNoticeText()(notice);
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      onClick={() => onOpen(notice)}
      data-testid="notice"
      data-read={read}
      style={{
        display: 'flex', gap: 12, alignItems: 'flex-start', width: '100%', minHeight: 44, padding: '4px 0',
        background: 'none', border: 0, color: 'inherit', font: 'inherit', textAlign: 'start', cursor: 'pointer',
      }}
    >
      <span style={{ width: 8, paddingTop: 8, flex: 'none' }}>
        {!read && (
          <>
            <Badge status="error" data-testid="notice-unread" />
            {/* the dot, for a screen reader: part of the button's name, which starts with what is shown */}
            <span style={SCREEN_READER_ONLY}>{t('messages.unread')}</span>
          </>
        )}
      </span>
      <span style={{ minWidth: 0, flex: 1 }}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong={!read} data-testid="notice-title">
            {text.title}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
            {notice.createdAt}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph style={{ margin: 0, color: read ? token.colorTextSecondary : token.colorText, overflowWrap: 'anywhere' }} data-testid="notice-body">
          {text.body}
        </Typography.Paragraph>
      </span>
    </button>
  );
}

export default function MyMessagesPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  // marks shown at once; the list itself is not refetched for them
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(new Set());
  const [allRead, setAllRead] = useState(false);
  const markAll = useRequest(() => notificationApi.markAllRead(), { manual: true, onSuccess: () => setAllRead(true) });
  const isRead = (notice: NotificationType) => allRead || notice.read || readIds.has(notice.id);

  const open = (notice: NotificationType) => {
    if (isRead(notice)) return;
    setReadIds((ids) => new Set(ids).add(notice.id));
    notificationApi.markRead({ id: notice.id }).catch(() => {
      setReadIds((ids) => {
        const next = new Set(ids);
        next.delete(notice.id);
        return next;
      });
      message.error(t('common.loadFailed'));
    });
  };

  if (!ready) return null;
  return (
    <Flex vertical gap={8}>
      <Flex justify="flex-end">
        <Button onClick={markAll.run} loading={markAll.loading} disabled={allRead} style={{ minHeight: 44 }} data-testid="notices-read-all">
          {t('messages.markAllRead')}
        </Button>
      </Flex>
      <InfiniteList
        fetchPage={notificationApi.list}
        rowKey={(notice) => notice.id}
        emptyText={t('messages.empty')}
        renderItem={(notice) => <NoticeRow notice={notice} read={isRead(notice)} onOpen={open} />}
      />
    </Flex>
  );
}
