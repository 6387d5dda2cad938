/** A Card holding a Form of two inputs and a button: the page the app's `/login` is read against. */
import { Button, Card, Form, Input } from 'antd';

export default function ReferencePage() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 16px' }}>
      <Card title="登录" style={{ width: '100%', maxWidth: 440 }}>
        <Form layout="vertical">
          <Form.Item label="账户" name="account" rules={[{ required: true, message: '请输入账户' }]}>
            <Input placeholder="请输入账户" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password placeholder="请输入密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
