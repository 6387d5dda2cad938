/** A page chunk that fails or times out shows a page-level reload message; other errors a generic page. */
import { fireEvent, render, screen } from '@testing-library/react';
import React from 'react';
import ChunkErrorBoundary, { isChunkLoadError } from '@/components/ChunkErrorBoundary';
import ZhCnIntl from './pages.intl';

// antd renders are heavy in jsdom; a busy CI machine needs more than jest's default 5 s
jest.setTimeout(120_000);

function chunkLoadError(message: string): Error {
  const error = new Error(message);
  error.name = 'ChunkLoadError';
  return error;
}

function Thrower({ error }: { error?: Error }) {
  if (error) throw error;
  return <div>page content</div>;
}

function renderBoundary(error?: Error, resetKey = '/a') {
  const tree = (err?: Error, key = resetKey) => (
    <ZhCnIntl>
      <ChunkErrorBoundary resetKey={key}>
        <Thrower error={err} />
      </ChunkErrorBoundary>
    </ZhCnIntl>
  );
  const result = render(tree(error));
  return { ...result, rerenderWith: (err?: Error, key?: string) => result.rerender(tree(err, key)) };
}

describe('isChunkLoadError', () => {
  it.each([
    chunkLoadError('Loading chunk 42 failed.\n(timeout: https://x/p__Home.js)'),
    new Error('Loading chunk p__My__Assets failed.'),
    new Error('Loading CSS chunk 7 failed.\n(https://x/7.css)'),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), 'Loading chunk 1 failed', null])(
    'does not mistake %s for a chunk error',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});

describe('ChunkErrorBoundary', () => {
  const reload = jest.fn();
  const originalLocation = window.location;

  beforeAll(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: { ...originalLocation, reload } });
  });
  afterAll(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: originalLocation });
  });
  beforeEach(() => {
    reload.mockClear();
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('renders the page when nothing fails', () => {
    renderBoundary();
    expect(screen.getByText('page content')).toBeInTheDocument();
  });

  it('shows the page-level chunk message with a reload button that reloads the page', () => {
    renderBoundary(chunkLoadError('Loading chunk 3 failed.\n(timeout: /p__Shopping.js)'));
    expect(screen.getByText('页面加载失败')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('treats a failed CSS chunk the same way', () => {
    renderBoundary(new Error('Loading CSS chunk 9 failed.'));
    expect(screen.getByText('页面加载失败')).toBeInTheDocument();
  });

  it('shows a generic error page, with reload, for any other error — as text, never HTML', () => {
    renderBoundary(new Error('<b>boom</b>'));
    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    expect(screen.queryByText('页面加载失败')).not.toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('clears the error when the reset key (the path) changes', () => {
    const view = renderBoundary(chunkLoadError('Loading chunk 3 failed.'), '/a');
    expect(screen.getByText('页面加载失败')).toBeInTheDocument();
    view.rerenderWith(undefined, '/b');
    expect(screen.getByText('page content')).toBeInTheDocument();
  });
});
