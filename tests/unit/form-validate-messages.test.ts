/**
 * @jest-environment node
 *
 * antd Form's generic messages (src/components/formValidateMessages): from the built app's message
 * trees they come out as react-intl would format them from the texts, without formatting any; a
 * message that is not text and placeholders only is still formatted by react-intl.
 */
import IntlMessageFormat from 'intl-messageformat';
import { compileMessages, MESSAGE_MODULES } from '../../plugins/precompiledMessages';
import { formValidateMessages } from '../../src/components/formValidateMessages';

/** react-intl's formatMessage, reduced to what formValidateMessages asks of it. */
function formatterOf(locale: string, messages: Record<string, string>) {
  return ({ id }: { id: string }, values?: Record<string, string>) => String(new IntlMessageFormat(messages[id], locale).format(values));
}

const refused = () => {
  throw new Error('formatMessage called');
};

describe.each(['zh-CN', 'zh-TW', 'en-US'])('%s', (locale) => {
  const texts = MESSAGE_MODULES[`${locale}/index`];

  it('the trees give the messages the texts give through react-intl, and none is formatted', () => {
    const fromTexts = formValidateMessages({ messages: texts, formatMessage: formatterOf(locale, texts) as never });
    const fromTrees = formValidateMessages({ messages: compileMessages(texts), formatMessage: refused as never });
    expect(fromTrees).toEqual(fromTexts);
    // antd's own placeholders, in the language
    expect(fromTrees.string?.range).toContain('${label}');
    expect(fromTrees.string?.range).toContain('${max}');
    expect(fromTrees.required).toBe(texts['form.required'].replace('{label}', '${label}'));
  });
});

describe('a message of more than text and placeholders', () => {
  it('is formatted by react-intl', () => {
    const texts = { ...MESSAGE_MODULES['en-US/index'], 'form.required': '{label} is needed{count, plural, one { once} other {}}' };
    const trees = compileMessages(texts);
    const asked: string[] = [];
    const messages = formValidateMessages({
      messages: trees,
      formatMessage: ((descriptor: { id: string }, values?: Record<string, string>) => {
        asked.push(descriptor.id);
        return formatterOf('en-US', texts)(descriptor, { ...values, count: '2' });
      }) as never,
    });
    expect(messages.required).toBe('${label} is needed');
    expect(asked).toEqual(['form.required', 'form.required']);
  });

  it('is formatted by react-intl when a placeholder is not one of antd’s', () => {
    const texts = { ...MESSAGE_MODULES['en-US/index'], 'form.pattern': '{label} is not like {example}' };
    const asked: string[] = [];
    const messages = formValidateMessages({
      messages: compileMessages(texts),
      formatMessage: ((descriptor: { id: string }, values?: Record<string, string>) => {
        asked.push(descriptor.id);
        return formatterOf('en-US', texts)(descriptor, { ...values, example: 'ab12' });
      }) as never,
    });
    expect(messages.pattern?.mismatch).toBe('${label} is not like ab12');
    expect(asked).toEqual(['form.pattern']);
  });
});
