/**
 * The app's providers around a page that uses the app's notifier, for tests/unit/feedback.test.tsx
 * (which mocks a module, so it keeps its own code free of type annotations).
 */
import { act } from '@testing-library/react';
import { Button } from 'antd';
import { useState } from 'react';
import AppProviders from '@/components/AppProviders';
import { notifier, type FeedbackApi } from '@/components/Feedback/notifier';

let api: FeedbackApi | undefined;

/** The notifier the page used (once it has rendered). */
export function feedbackApi(): FeedbackApi {
  if (!api) throw new Error('the page has not rendered');
  return api;
}

/** Runs `call` inside act() and returns its result. */
export function inAct<T>(call: () => T): T {
  let result!: T;
  act(() => {
    result = call();
  });
  return result;
}

function Page() {
  api = notifier;
  return <Button onClick={() => api!.message.success('已保存')}>save</Button>;
}

/** The page under AppProviders, until "leave" unmounts it (as a route change would). */
export function Shell() {
  const [onPage, setOnPage] = useState(true);
  return (
    <AppProviders>
      {onPage && <Page />}
      <button type="button" onClick={() => setOnPage(false)}>
        leave
      </button>
    </AppProviders>
  );
}
