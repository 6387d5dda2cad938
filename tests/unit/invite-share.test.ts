/** Sharing the invite: Web Share API when the browser has it, the clipboard otherwise. */
import { copyText, shareOrCopy } from '@/pages/My/Invite/share';

const content = { title: 'PowerFi 邀请', text: '用我的邀请码 ABCD2345 加入 PowerFi', url: 'https://powerfi.example/login?invite=ABCD2345' };

function setNavigator(field: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(window.navigator, field, { value, configurable: true, writable: true });
}

afterEach(() => {
  setNavigator('share', undefined);
  setNavigator('clipboard', undefined);
});

describe('shareOrCopy', () => {
  it('opens the share sheet with the link when navigator.share exists, and copies nothing', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    const writeText = jest.fn().mockResolvedValue(undefined);
    setNavigator('share', share);
    setNavigator('clipboard', { writeText });
    await expect(shareOrCopy(content)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(content);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the browser cannot share', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    setNavigator('clipboard', { writeText });
    await expect(shareOrCopy(content)).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(content.url);
  });

  it('copies the link when sharing fails, but not when the person closed the sheet', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    setNavigator('clipboard', { writeText });
    setNavigator('share', jest.fn().mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' })));
    await expect(shareOrCopy(content)).resolves.toBe('copied');
    setNavigator('share', jest.fn().mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'AbortError' })));
    await expect(shareOrCopy(content)).resolves.toBe('shared');
    expect(writeText).toHaveBeenCalledTimes(1);
  });
});

describe('copyText', () => {
  it('falls back to execCommand when the Clipboard API refuses', async () => {
    setNavigator('clipboard', { writeText: jest.fn().mockRejectedValue(new Error('denied')) });
    const execCommand = jest.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await expect(copyText('ABCD2345')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    execCommand.mockReturnValue(false);
    await expect(copyText('ABCD2345')).resolves.toBe(false);
  });
});
