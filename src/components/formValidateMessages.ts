/**
 * antd Form's generic validation messages from the locale files. The locale files use react-intl
 * placeholders (`{label}`); antd wants its own (`${label}`), so each placeholder is passed through.
 *
 * The built app's messages arrive as trees (plugins/precompiledMessages). A tree of text and
 * placeholders only is written out directly: formatting it would build an IntlMessageFormat per
 * message, 7–14 ms of the app's first render at 4× CPU (a median of cold loads; one load spent 60),
 * inside the providers' render, which React cannot split. Any other message (a string in `max dev`
 * and the unit tests, or a tree with a plural or a number) is formatted by react-intl as before.
 */
import type { FormProps } from 'antd';
import type { getIntl } from '@umijs/max';

type ValidateMessages = NonNullable<FormProps['validateMessages']>;
type Intl = Pick<ReturnType<typeof getIntl>, 'formatMessage' | 'messages'>;

const PLACEHOLDERS = { label: '${label}', len: '${len}', min: '${min}', max: '${max}', type: '${type}', pattern: '${pattern}' };

/** intl-messageformat-parser's element types for text and for a plain `{name}` */
const LITERAL = 0;
const ARGUMENT = 1;

interface Element {
  type: number;
  value?: unknown;
}

/** A tree of text and known placeholders as antd's template, else undefined. */
function templateOf(message: unknown): string | undefined {
  if (!Array.isArray(message)) return undefined;
  let template = '';
  for (const element of message as Element[]) {
    if (element.type === LITERAL && typeof element.value === 'string') template += element.value;
    else if (element.type === ARGUMENT && typeof element.value === 'string' && Object.hasOwn(PLACEHOLDERS, element.value)) template += `\${${element.value}}`;
    else return undefined;
  }
  return template;
}

export function formValidateMessages(intl: Intl): ValidateMessages {
  const text = (id: string) => templateOf(intl.messages[id]) ?? intl.formatMessage({ id }, PLACEHOLDERS);
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
