/**
 * antd Form's generic validation messages from the locale files. The locale files use react-intl
 * placeholders (`{label}`); antd wants its own (`${label}`), so each placeholder is passed through.
 */
import type { FormProps } from 'antd';
import type { getIntl } from '@umijs/max';

type ValidateMessages = NonNullable<FormProps['validateMessages']>;

const PLACEHOLDERS = { label: '${label}', len: '${len}', min: '${min}', max: '${max}', type: '${type}', pattern: '${pattern}' };

export function formValidateMessages(intl: Pick<ReturnType<typeof getIntl>, 'formatMessage'>): ValidateMessages {
  const text = (id: string) => intl.formatMessage({ id }, PLACEHOLDERS);
  return {
    required: text('form.required'),
    whitespace: text('form.required'),
    types: {
      string: text('form.type'), number: text('form.type'), integer: text('form.type'),
      email: text('form.type'), url: text('form.type'),
    },
    string: { len: text('form.length'), min: text('form.minLength'), max: text('form.maxLength'), range: text('form.range') },
    number: { len: text('form.numberEqual'), min: text('form.numberMin'), max: text('form.numberMax'), range: text('form.numberRange') },
    array: { len: text('form.length'), min: text('form.minLength'), max: text('form.maxLength'), range: text('form.range') },
    pattern: { mismatch: text('form.pattern') },
  };
}
