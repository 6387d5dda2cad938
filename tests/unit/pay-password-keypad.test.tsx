/**
 * The pay password's 6 boxes and keypad (PayPasswordInput through PayPasswordField): digits from
 * the keypad's keys, delete, at most six, a desktop keyboard on the focused boxes, dots and never
 * the digits in the DOM, no text input for a phone's keyboard, a labelled group whose status says
 * how many digits are in; fields in turn hand the keypad on once six digits are in.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createPluginManager } from '@@/core/plugin';
import { Form, type FormInstance } from 'antd';
import AppProviders from '@/components/AppProviders';
import PayPasswordField, { PayPasswordFields } from '@/components/PayPasswordField';
import { enteredCount } from './payKeypad.harness';

jest.setTimeout(60_000);
createPluginManager();
beforeEach(() => localStorage.setItem('umi_locale', 'zh-CN'));

let form: FormInstance | undefined;
const onFinish = jest.fn();

function OneField() {
  const [instance] = Form.useForm();
  form = instance;
  return (
    <Form form={instance} onFinish={onFinish}>
      <PayPasswordField forgotLink={false} />
    </Form>
  );
}

function renderField() {
  onFinish.mockClear();
  render(<OneField />, { wrapper: AppProviders });
  return screen.getByLabelText('支付密码');
}

const keypad = () => screen.getByTestId('pay-keypad');
const press = (...keys: string[]) => keys.forEach((key) => fireEvent.click(within(keypad()).getByText(key, { selector: 'button' })));
const pressDelete = () => fireEvent.click(within(keypad()).getByLabelText('删除'));
const valueOf = () => form!.getFieldValue('payPassword');

describe('the keypad', () => {
  it('types the digits of the keys pressed, and the status says how many are in', () => {
    const group = renderField();
    press('1', '3', '5');
    expect(valueOf()).toBe('135');
    expect(enteredCount(group)).toBe(3);
    expect(group.querySelectorAll('.pay-password-dot')).toHaveLength(3);
    expect(group).toHaveAccessibleDescription('已输入 3 位，共 6 位');
  });

  it('deletes the last digit, and nothing when there is none', () => {
    const group = renderField();
    press('7', '8');
    pressDelete();
    expect(valueOf()).toBe('7');
    pressDelete();
    pressDelete();
    expect(valueOf()).toBe('');
    expect(group).toHaveAccessibleDescription('已输入 0 位，共 6 位');
  });

  it('takes six digits at most', async () => {
    renderField();
    press('1', '2', '3', '4', '5', '6', '7', '8');
    expect(valueOf()).toBe('123456');
    await expect(form!.validateFields()).resolves.toEqual({ payPassword: '123456' });
  });

  it('has ten digit keys and delete, each at least 44 px tall, which never take the focus', () => {
    renderField();
    const keys = within(keypad()).getAllByRole('button');
    expect(keys.map((key) => key.getAttribute('aria-label') ?? key.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '删除']);
    for (const key of keys) {
      expect(parseInt(key.style.minHeight, 10)).toBeGreaterThanOrEqual(44);
      expect(key).toHaveAttribute('type', 'button');
      expect(key).toHaveAttribute('tabindex', '-1');
    }
  });
});

describe('validation', () => {
  const error = () => document.querySelector('.ant-form-item-explain-error');

  it('says nothing while digits are typed; at submit too few are refused, and the sixth digit clears that', async () => {
    const group = renderField();
    press('1', '2', '3');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(error()).toBeNull();
    await act(async () => fireEvent.keyDown(group, { key: 'Enter' }));
    await waitFor(() => expect(error()).toHaveTextContent('请输入 6 位数字支付密码'));
    expect(onFinish).not.toHaveBeenCalled();
    press('4', '5', '6');
    await waitFor(() => expect(error()).toBeNull());
  });
});

describe('no digit shown, no keyboard opened', () => {
  it('shows dots only: the digits entered are nowhere in the DOM', () => {
    const group = renderField();
    press('9', '0', '7', '3', '5', '1');
    expect(enteredCount(group)).toBe(6);
    // the only text: how many are in, for screen readers
    expect(group.textContent).toBe('已输入 6 位，共 6 位');
    expect(document.body.innerHTML).not.toContain('907351');
    for (const box of Array.from(group.querySelectorAll('.pay-password-box'))) expect(box.textContent).toBe('');
  });

  it('has no text input a phone would open its keyboard for; the boxes are a labelled, focusable group', () => {
    const group = renderField();
    expect(document.querySelector('input, textarea, [contenteditable]')).toBeNull();
    expect(group).toHaveAttribute('role', 'group');
    expect(group).toHaveAttribute('tabindex', '0');
    expect(group).toHaveAccessibleName('支付密码');
  });
});

describe('a desktop keyboard', () => {
  it('types digits (full-width and number pad alike), ignores letters, Backspace deletes', () => {
    const group = renderField();
    group.focus();
    for (const key of ['1', '２', 'a', ' ', '3']) fireEvent.keyDown(group, { key });
    expect(valueOf()).toBe('123');
    fireEvent.keyDown(group, { key: 'Backspace' });
    expect(valueOf()).toBe('12');
    // a shortcut is not a digit typed
    fireEvent.keyDown(group, { key: '4', ctrlKey: true });
    expect(valueOf()).toBe('12');
    for (const key of '3456789') fireEvent.keyDown(group, { key });
    expect(valueOf()).toBe('123456');
  });

  it('submits the form with Enter', async () => {
    const group = renderField();
    for (const key of '246810') fireEvent.keyDown(group, { key });
    await act(async () => fireEvent.keyDown(group, { key: 'Enter' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ payPassword: '246810' }));
  });

  it('pastes the digits of the clipboard', () => {
    const group = renderField();
    fireEvent.paste(group, { clipboardData: { getData: () => '12 34-56 78' } });
    expect(valueOf()).toBe('123456');
  });
});

describe('fields in turn', () => {
  function TwoFields() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance}>
        <PayPasswordFields names={['newPassword', 'repeatPassword']}>
          <PayPasswordField name="newPassword" label="新支付密码" forgotLink={false} />
          <PayPasswordField name="repeatPassword" label="再次输入新支付密码" forgotLink={false} />
        </PayPasswordFields>
      </Form>
    );
  }

  it('shows one keypad, under the first; six digits hand it and the focus to the next; tapping a field takes it back', () => {
    render(<TwoFields />, { wrapper: AppProviders });
    const first = screen.getByLabelText('新支付密码');
    const second = screen.getByLabelText('再次输入新支付密码');
    expect(screen.getAllByTestId('pay-keypad')).toHaveLength(1);
    expect(first.parentElement).toContainElement(keypad());
    press('1', '2', '3', '4', '5', '6');
    expect(second.parentElement).toContainElement(keypad());
    expect(second).toHaveFocus();
    press('6', '5');
    expect(form!.getFieldsValue()).toEqual({ newPassword: '123456', repeatPassword: '65' });
    fireEvent.click(first);
    expect(first.parentElement).toContainElement(keypad());
    pressDelete();
    expect(form!.getFieldValue('newPassword')).toBe('12345');
  });
});
