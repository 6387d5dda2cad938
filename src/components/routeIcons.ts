/**
 * The icons that config/routes.ts may name (`icon: 'HomeOutlined'`): the one list. Named
 * re-exports so only these icons reach the bundle; RouteIcon looks them up by export name.
 */
export {
  BankOutlined,
  EnvironmentOutlined,
  ExportOutlined,
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
