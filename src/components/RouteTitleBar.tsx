/** The title bar of the current route: its localised name, and a back button on sub-pages. */
import { useIntl } from '@umijs/max';
import React from 'react';
import { useRoutePage } from '@/hooks/useRoutePage';
import PageTitleBar from './PageTitleBar';

interface Props {
  extra?: React.ReactNode;
  /** where "back" goes without history, instead of the section's page */
  backTo?: string;
}

export default function RouteTitleBar({ extra, backTo }: Props) {
  const intl = useIntl();
  const page = useRoutePage();
  return (
    <PageTitleBar
      title={intl.formatMessage({ id: page.titleId })}
      backTo={page.isSubPage ? backTo ?? page.sectionPath : undefined}
      extra={extra}
    />
  );
}
