/**
 * The app's bottom sheet (confirmations, checkout, conversion): an antd Drawer that slides up from
 * the bottom, as tall as its content and at most 90 % of the screen.
 */
import { Drawer, type DrawerProps } from 'antd';

export default function BottomSheet({ styles, ...props }: DrawerProps) {
  return <Drawer placement="bottom" height="auto" {...props} styles={{ ...styles, wrapper: { maxHeight: '90vh', ...styles?.wrapper } }} />;
}
