/** A content link: in-app paths open in the app, https URLs in a new tab. */
import { Link } from '@umijs/max';
import React from 'react';

export default function ContentLinkAnchor({ url, children }: { url: string; children: React.ReactNode }) {
  if (url.startsWith('/') && !url.startsWith('//')) return <Link to={url}>{children}</Link>;
  if (/^https:\/\//i.test(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <>{children}</>;
}
