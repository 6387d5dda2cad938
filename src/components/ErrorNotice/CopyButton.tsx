/**
 * A labelled one-click copy control (antd Typography's copy, which falls back to execCommand
 * where the Clipboard API is missing, as in many wallets' DApp browsers).
 *
 * Its accessible name is the label it shows ("复制诊断信息", then "已复制"): antd names the button
 * with its own generic "复制", which leaves the visible words out of the name (voice control users
 * say what they see; axe label-content-name-mismatch). The icons are decoration.
 */
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { theme, Typography } from 'antd';
import { useEffect, useRef } from 'react';

interface Props {
  text: string;
  label: string;
  copiedLabel: string;
}

export default function CopyButton({ text, label, copiedLabel }: Props) {
  const root = useRef<HTMLSpanElement>(null);
  // the label in the link colour itself: antd's button fades its colour in (transition: all), and
  // a label caught halfway measured 3.9:1 in dark
  const { token } = theme.useToken();
  const labelStyle = { whiteSpace: 'nowrap', color: token.colorLink } as const;
  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const nameAsShown = () => {
      const button = element.querySelector('button');
      const shown = button?.textContent?.trim();
      if (button && shown && button.getAttribute('aria-label') !== shown) button.setAttribute('aria-label', shown);
    };
    nameAsShown();
    // antd sets its name again when the button turns to "copied" and back
    const observer = new MutationObserver(nameAsShown);
    observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, []);
  return (
    <span ref={root}>
      <Typography.Text
        copyable={{
          text,
          tooltips: false,
          icon: [
            <span key="copy" style={labelStyle}>
              <CopyOutlined aria-hidden /> {label}
            </span>,
            <span key="copied" style={{ ...labelStyle, color: token.colorSuccessText }}>
              <CheckOutlined aria-hidden /> {copiedLabel}
            </span>,
          ],
        }}
      />
    </span>
  );
}
