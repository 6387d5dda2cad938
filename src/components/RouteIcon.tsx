/**
 * The @ant-design/icons component of an icon named in config/routes.ts (`icon: 'HomeOutlined'`),
 * from the list in ./routeIcons.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import React from 'react';
import * as icons from './routeIcons';

export const ROUTE_ICONS: Record<string, React.ComponentType> = icons;

/** The icon of a route; a neutral one for a name that is not mapped yet. */
export default function RouteIcon({ name }: { name?: string }) {
  const Icon = (name && ROUTE_ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
