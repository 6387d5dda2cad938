/**
 * A list that refreshes when pulled down by touch at the top of the page (./usePullToRefresh):
 * above it an indicator grows with the pull and says 下拉刷新, then 释放刷新 past the threshold,
 * then 加载中 until `onRefresh` settles. Nothing shows and nothing changes with a mouse.
 */
import { ArrowDownOutlined, LoadingOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import React from 'react';
import { useT } from '@/hooks/useT';
import { usePullToRefresh, type PullState } from './usePullToRefresh';

const LABEL: Record<Exclude<PullState, 'idle'>, string> = {
  pulling: 'pullRefresh.pull',
  ready: 'pullRefresh.release',
  refreshing: 'pullRefresh.loading',
};

export default function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: React.ReactNode }) {
  const t = useT();
  const { ref, state, distance } = usePullToRefresh<HTMLDivElement>(onRefresh);
  return (
    <div ref={ref} data-testid="pull-to-refresh">
      <div
        aria-live="polite"
        data-testid="pull-indicator"
        data-state={state}
        style={{
          height: distance,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'center',
          gap: 8,
          transition: state === 'pulling' || state === 'ready' ? 'none' : 'height 0.2s',
        }}
      >
        {state !== 'idle' && (
          <Typography.Text type="secondary" style={{ paddingBottom: 8 }}>
            {state === 'refreshing' ? (
              <LoadingOutlined />
            ) : (
              <ArrowDownOutlined style={{ transform: state === 'ready' ? 'rotate(180deg)' : undefined, transition: 'transform 0.2s' }} />
            )}{' '}
            {t(LABEL[state])}
          </Typography.Text>
        )}
      </div>
      {children}
    </div>
  );
}
