/**
 * Every operator action: a button opening a form (ModalForm) with the action's fields and, unless
 * told otherwise, a reason; on submit, for a money-affecting action, the fresh wallet signature
 * naming it (useOperatorProof), then the call. The server's refusal stays in the form, in its own
 * words, until the operator changes something or gives up.
 */
import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, App, Button, Typography, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import type { WalletProofType } from '../../../contract/stepUp';
import { operatorActionStatement, type OperatorStepUpAction } from '../../../contract/rules/operators';
import { adminErrorText, isSignedOutError } from '../errors';
import { useOperatorProof } from '../stepUp';

interface StepUp {
  action: OperatorStepUpAction;
  target: string;
}

export interface ActionFormProps<V extends object, R> {
  /** the trigger button's data-testid; the submit button gets `<testId>-submit` */
  testId: string;
  label: ReactNode;
  title: ReactNode;
  /** shown above the fields: what happens, e.g. that a second operator must confirm */
  description?: ReactNode;
  /** ask for a reason (default true) */
  reason?: boolean;
  /** a money-affecting action: the wallet signs this action on this target first (a target known from the values: a function) */
  stepUp?: StepUp | ((values: V) => StepUp);
  fields?: ReactNode;
  initialValues?: Partial<V>;
  /** resolves to what the server answered */
  onSubmit: (values: V & { reason: string }, proof: WalletProofType | undefined) => Promise<R>;
  /** after a success: the toast's text (default "done") and what to refresh */
  successText?: (result: R) => string;
  onDone?: (result: R) => void;
  buttonProps?: ButtonProps;
  disabled?: boolean;
}

export default function ActionForm<V extends object, R>({
  testId,
  label,
  title,
  description,
  reason = true,
  stepUp,
  fields,
  initialValues,
  onSubmit,
  successText,
  onDone,
  buttonProps,
  disabled,
}: ActionFormProps<V, R>) {
  const intl = useIntl();
  const { message } = App.useApp();
  const prove = useOperatorProof();
  const [error, setError] = useState<string>();

  const finish = async (values: V & { reason: string }) => {
    setError(undefined);
    try {
      const signing = typeof stepUp === 'function' ? stepUp(values) : stepUp;
      const proof = signing ? await prove(signing.action, signing.target) : undefined;
      const sent = typeof values.reason === 'string' ? { ...values, reason: values.reason.trim() } : values;
      const result = await onSubmit(sent, proof);
      void message.success(successText ? successText(result) : intl.formatMessage({ id: 'admin.action.done' }));
      onDone?.(result);
      return true;
    } catch (failure) {
      if (isSignedOutError(failure)) return true;
      setError(await adminErrorText(failure, intl));
      return false;
    }
  };

  return (
    <ModalForm<V & { reason: string }>
      title={title}
      width={520}
      initialValues={initialValues}
      trigger={
        <Button size="small" data-testid={testId} disabled={disabled} {...buttonProps}>
          {label}
        </Button>
      }
      modalProps={{ destroyOnHidden: true, onCancel: () => setError(undefined), maskClosable: false }}
      submitter={{
        searchConfig: { submitText: intl.formatMessage({ id: 'admin.action.submit' }), resetText: intl.formatMessage({ id: 'admin.action.cancel' }) },
        submitButtonProps: { 'data-testid': `${testId}-submit` } as ButtonProps,
      }}
      onFinish={finish}
      onValuesChange={() => error && setError(undefined)}
    >
      {description && <div style={{ marginBottom: 16 }}>{description}</div>}
      {fields}
      {reason && (
        <ProFormTextArea
          name="reason"
          label={intl.formatMessage({ id: 'admin.field.reason' })}
          placeholder={intl.formatMessage({ id: 'admin.field.reasonHint' })}
          fieldProps={{ maxLength: 200, showCount: true, rows: 3, 'data-testid': `${testId}-reason` } as never}
          rules={[{ required: true, whitespace: true, message: intl.formatMessage({ id: 'admin.field.reasonRequired' }) }]}
        />
      )}
      {stepUp && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {intl.formatMessage({ id: 'admin.stepUp.hint' })}
          {typeof stepUp !== 'function' && <Typography.Text code>{operatorActionStatement(stepUp.action, stepUp.target)}</Typography.Text>}
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon data-testid="admin-action-error" message={error} />}
    </ModalForm>
  );
}
