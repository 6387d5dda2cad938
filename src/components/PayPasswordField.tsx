/**
 * The 6-digit pay password field of every form that asks for it (money moves and
 * /my/setting/pay-pass), validated with the shared rule, typed on PayPasswordInput's keypad.
 * A form with several (current, new, repeated) wraps them in PayPasswordFields: one keypad at a
 * time, under the field being typed, which moves on to the next once six digits are in.
 */
import { Link, useLocation } from '@umijs/max';
import { Form } from 'antd';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { isPayPassword } from '../../contract/rules/money';
import PayPasswordInput from '@/components/PayPasswordInput';
import { useT } from '@/hooks/useT';

interface Props {
  name?: string;
  label?: string;
  /** for "enter it again": the field whose value this one must equal */
  sameAs?: string;
  /** the 忘记支付密码 link under the field (off for a new password being chosen) */
  forgotLink?: boolean;
}

/** 忘记支付密码: the reset page, which returns to the page shown */
export function ForgotPayPasswordLink() {
  const t = useT();
  const location = useLocation();
  return (
    <Link
      to={`/my/setting/pay-pass/reset?redirect=${encodeURIComponent(location.pathname + location.search)}`}
      style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
      data-testid="forgot-pay-password"
    >
      {t('payPass.forgot')}
    </Link>
  );
}

interface Turn {
  active: string | null;
  /** the field got the keypad because the previous one filled (it takes focus too) */
  moved: boolean;
  activate: (name: string) => void;
  filled: (name: string) => void;
}

const TurnContext = createContext<Turn | null>(null);

/** Pay-password fields typed in turn, `names` in their order on the form; the first has the keypad at first. */
export function PayPasswordFields({ names, children }: { names: string[]; children: ReactNode }) {
  const [state, setState] = useState<{ active: string | null; moved: boolean }>({ active: names[0] ?? null, moved: false });
  const key = names.join('\n');
  const turn = useMemo<Turn>(() => {
    const order = key.split('\n');
    return {
      ...state,
      activate: (name) => setState((now) => (now.active === name ? now : { active: name, moved: false })),
      filled: (name) => setState({ active: order[order.indexOf(name) + 1] ?? null, moved: true }),
    };
  }, [state, key]);
  return <TurnContext.Provider value={turn}>{children}</TurnContext.Provider>;
}

export default function PayPasswordField({ name = 'payPassword', label, sameAs, forgotLink = true }: Props) {
  const t = useT();
  const turn = useContext(TurnContext);
  const text = label ?? t('payPass.field');
  const mine = turn?.active === name;
  return (
    <Form.Item
      name={name}
      label={text}
      dependencies={sameAs ? [sameAs] : undefined}
      extra={forgotLink ? <ForgotPayPasswordLink /> : undefined}
      // checked once six digits are in (and at submit), not at every digit typed
      validateTrigger="onFilled"
      rules={[
        ({ getFieldValue }) => ({
          validator: async (_, value: string | undefined) => {
            if (!value || !isPayPassword(value)) throw new Error(t('payPass.invalid'));
            if (sameAs && value !== getFieldValue(sameAs)) throw new Error(t('payPass.mismatch'));
          },
        }),
      ]}
    >
      <PayPasswordInput
        label={text}
        keypad={turn ? mine : true}
        focusOnKeypad={mine && turn?.moved}
        onActivate={turn ? () => turn.activate(name) : undefined}
        onFilled={turn ? () => turn.filled(name) : undefined}
      />
    </Form.Item>
  );
}
