/**
 * Icons named in config/routes.ts (`icon: 'HomeOutlined'`), mapped to their @ant-design/icons
 * components. Listed one by one so only these icons reach the bundle.
 */
import {
  AppstoreOutlined,
  BankOutlined,
  EnvironmentOutlined,
  HomeOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShoppingOutlined,
  SwapOutlined,
  ThunderboltOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import React from 'react';

export const ROUTE_ICONS: Record<string, React.ComponentType> = {
  BankOutlined,
  EnvironmentOutlined,
  HomeOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShoppingOutlined,
  SwapOutlined,
  ThunderboltOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
};

/** The icon of a route; a neutral one for a name that is not mapped yet. */
export default function RouteIcon({ name }: { name?: string }) {
  const Icon = (name && ROUTE_ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
