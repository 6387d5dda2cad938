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
        <Button type="text" icon={<LeftOutlined />} onClick={goBack} aria-label={intl.formatMessage({ id: 'common.back' })} />
      )}
      <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
