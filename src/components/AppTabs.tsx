/**
 * antd's Tabs, with the "more" button (shown when the tabs overflow) out of the accessibility
 * tree: antd puts that button inside the tablist, where ARIA allows only tabs (axe:
 * aria-required-children). Every tab stays reachable in the list itself (arrow keys, swiping the
 * bar), so the button is a pointer shortcut to the hidden ones: aria-hidden and out of the tab
 * order (a hidden control must not take the focus). antd re-renders it, so this follows it.
 */
import { Tabs, type TabsProps } from 'antd';
import { useEffect, useRef } from 'react';

export default function AppTabs(props: TabsProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const hideMore = () => {
      element.querySelectorAll('.ant-tabs-nav-more').forEach((button) => {
        if (button.getAttribute('aria-hidden') !== 'true') button.setAttribute('aria-hidden', 'true');
        if (button.getAttribute('tabindex') !== '-1') button.setAttribute('tabindex', '-1');
      });
    };
    hideMore();
    const observer = new MutationObserver(hideMore);
    observer.observe(element, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={root}>
      <Tabs {...props} />
    </div>
  );
}
