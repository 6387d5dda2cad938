/** The icons the console's routes name (config/routes.ts `icon`), by name. */
import {
  AuditOutlined,
  BankOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  ExportOutlined,
  FlagOutlined,
  LineChartOutlined,
  SafetyOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export const ADMIN_ICONS: Record<string, ReactNode> = {
  DashboardOutlined: <DashboardOutlined />,
  ExportOutlined: <ExportOutlined />,
  BankOutlined: <BankOutlined />,
  UserOutlined: <UserOutlined />,
  ShoppingOutlined: <ShoppingOutlined />,
  LineChartOutlined: <LineChartOutlined />,
  FlagOutlined: <FlagOutlined />,
  TeamOutlined: <TeamOutlined />,
  CheckSquareOutlined: <CheckSquareOutlined />,
  AuditOutlined: <AuditOutlined />,
  SafetyOutlined: <SafetyOutlined />,
};
