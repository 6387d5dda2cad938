/**
 * A page's title bar: the title (also the document title) and, on sub-pages, a back button that
 * goes back in history, or to `backTo` when the page was opened directly.
 */
import { LeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useIntl, useNavigate } from '@umijs/max';
import { useTitle } from 'ahooks';
import React from 'react';

interface Props {
  title: string;
  /** show the back button; its target when there is no history to go back to */
  backTo?: string;
  extra?: React.ReactNode;
}

const BACK_BUTTON: React.CSSProperties = { width: 44, height: 44, margin: '-6px 0 -6px -6px' };

export default function PageTitleBar({ title, backTo, extra }: Props) {
  const intl = useIntl();
  const navigate = useNavigate();
  useTitle(`${title} · PowerFi`);

  const goBack = () => {
    // Umi's history numbers the entries of this visit in history.state.idx: 0 means nothing to go back to
    if ((window.history.state?.idx ?? 0) > 0) navigate(-1);
    else navigate(backTo ?? '/');
  };

  return (
    <Flex align="center" gap={8} style={{ marginBottom: 16, minHeight: 32 }}>
      {backTo !== undefined && (
        // a finger's 44 px, its extra size taken from the margins so the bar keeps its height
        <Button type="text" icon={<LeftOutlined />} onClick={goBack} aria-label={intl.formatMessage({ id: 'common.back' })} style={BACK_BUTTON} />
      )}
      <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
