/**
 * A content link: in-app paths open in the app, https URLs in a new tab. A link into a feature
 * switched off by a flag shows its content without the link (it would only bounce to `/`).
 */
import { Link, useAccess } from '@umijs/max';
import React from 'react';
import { isSwitchedOff } from '@/layouts/navigation';

export default function ContentLinkAnchor({ url, children }: { url: string; children: React.ReactNode }) {
  const access = useAccess();
  if (url.startsWith('/') && !url.startsWith('//')) {
    return isSwitchedOff(url, access) ? <>{children}</> : <Link to={url}>{children}</Link>;
  }
  if (/^https:\/\//i.test(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <>{children}</>;
}
