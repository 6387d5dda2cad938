/**
 * Server side only, like ./renderToHtml: the antd styles of the signed-in first screens (the
 * layout, /my and /my/assets), rendered at build time into the app's own document
 * (plugins/signedInStyles). Those pages cannot be prerendered, their data being the user's, so
 * without this the browser computed every one of these styles in CSS-in-JS as each component
 * family first mounted: nine tasks of 60–340 ms at 4× CPU on /my (docs/performance.md). With the
 * styles and their cache-path map in the document, antd takes each style from it instead.
 *
 * The components are rendered once each, in the app's providers, for a phone in the light theme
 * (the visitor the prerendered pages are rendered for); another theme or a wider screen has other
 * tokens, finds none of its styles in the map and computes them as before. Which styles a style
 * hook registers depends on the component, not on its props, so one bare instance of each is
 * enough. tests/e2e/first-screen.test.ts fails when one of those pages computes a style at start.
 */
import {
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  ConfigProvider,
  Descriptions,
  Empty,
  Flex,
  Layout,
  List,
  Popover,
  Row,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Switch,
  Tooltip,
  Typography,
} from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import AppProviders from '@/components/AppProviders';
import { renderToHtml } from './renderToHtml';

/** One of each component family the signed-in first screens mount before any tap. */
function SignedInComponents() {
  return (
    <Layout>
      <Typography.Text>
        <CopyOutlined />
      </Typography.Text>
      <Flex>
        <Avatar />
        <Badge />
        <Button />
        <Switch />
        <Space />
        <Spin />
        <Statistic />
        <Empty />
      </Flex>
      <Row>
        <Col />
      </Row>
      <Card />
      <Descriptions />
      <List />
      <Skeleton />
      <Popover content="-">
        <span />
      </Popover>
      <Tooltip title="-">
        <span />
      </Tooltip>
    </Layout>
  );
}

/** The `<style>` elements (the styles and antd's cache-path map) for the app's document. */
export async function renderSignedInStyles(): Promise<string> {
  const { styles } = await renderToHtml(
    <AppProviders>
      {/* each ConfigProvider registers the icons' base style with the tokens around it: inside the app's theme, with the app's, which the pages register too */}
      <ConfigProvider>
        <SignedInComponents />
      </ConfigProvider>
    </AppProviders>,
  );
  return styles;
}
