/** Shown while the initial state loads on first render (spec §2): deliberately blank. */
export default function BlankPlaceholder() {
  return <div data-testid="blank-placeholder" style={{ minHeight: '100vh' }} />;
}
