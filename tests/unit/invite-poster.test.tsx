/**
 * The invite poster: its model (texts, link, QR value), what is drawn (a recording 2D context),
 * the sheet on a phone (long-press hint) and a computer (download link), and a browser that
 * cannot draw (a message, no image).
 */
import { configure, fireEvent, screen } from '@testing-library/react';
import { renderApp, setScreenWidth } from './pages.harness';
import { setSignedIn } from './pages.umiMock';
import zhCN from '@/locales/zh-CN';
import MyInvitePage from '@/pages/My/Invite';
import { drawPoster, posterModel, renderPoster, wrapText } from '@/pages/My/Invite/poster';

jest.setTimeout(120_000);

jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

configure({ defaultHidden: true });

const messages = zhCN as Record<string, string>;
const t = (id: string, values: Record<string, string | number> = {}) => messages[id].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
const details = { code: 'PF8K2Q', link: 'https://powerfi.example/login?invite=PF8K2Q' };

/** A 2D context that records what is drawn; every character is 10 px wide. */
function recordingContext() {
  const calls: Array<[string, unknown[]]> = [];
  const record = (name: string) => (...args: unknown[]) => void calls.push([name, args]);
  const ctx = {
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    measureText: (text: string) => ({ width: [...text].length * 10 }),
    fillRect: record('fillRect'),
    fillText: record('fillText'),
    drawImage: record('drawImage'),
    beginPath: () => undefined,
    moveTo: () => undefined,
    arcTo: () => undefined,
    closePath: () => undefined,
    fill: () => undefined,
  };
  // antd's QRCode draws on the same kind of context: anything else it calls does nothing
  const lenient = new Proxy(ctx, { get: (target, key: string) => (key in target ? target[key as keyof typeof target] : () => undefined), set: () => true });
  return { ctx: lenient as unknown as CanvasRenderingContext2D, calls };
}

describe('the poster model', () => {
  it('carries the app name, a headline naming it, the invite code and the link, and the QR code holds the link', () => {
    expect(posterModel(details, 'PowerFi', t)).toEqual({
      appName: 'PowerFi',
      headline: '邀请你一起加入 PowerFi',
      qrValue: details.link,
      qrHint: '扫码用钱包登录，即可成为我的好友',
      codeLabel: '邀请码',
      code: 'PF8K2Q',
      link: details.link,
    });
  });

  it('draws the texts and the QR canvas it is given', () => {
    const { ctx, calls } = recordingContext();
    const qr = document.createElement('canvas');
    drawPoster(ctx, posterModel(details, 'PowerFi', t), qr);
    const texts = calls.filter(([name]) => name === 'fillText').map(([, args]) => args[0]);
    expect(texts).toEqual(expect.arrayContaining(['PowerFi', '邀请你一起加入 PowerFi', '邀请码', 'PF8K2Q', details.link]));
    expect(calls.filter(([name]) => name === 'drawImage').map(([, args]) => args[0])).toEqual([qr]);
  });

  it('breaks a long link into lines that fit, losing no character', () => {
    const { ctx } = recordingContext();
    const lines = wrapText(ctx, 'https://powerfi.example/login?invite=PF8K2Q', 100);
    expect(lines.join('')).toBe('https://powerfi.example/login?invite=PF8K2Q');
    expect(lines.every((line) => line.length <= 10)).toBe(true);
    expect(lines.length).toBe(5);
  });

  it('gives no image when the browser has no 2D canvas', () => {
    const doc = { createElement: () => ({ getContext: () => null, toDataURL: jest.fn() }) } as unknown as Document;
    expect(renderPoster(posterModel(details, 'PowerFi', t), document.createElement('canvas'), doc)).toBeNull();
  });
});

describe('the poster sheet on /my/invite', () => {
  const getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext');
  const toDataURL = jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL');

  beforeEach(() => {
    jest.clearAllMocks();
    setSignedIn(true);
    getContext.mockImplementation(() => recordingContext().ctx as unknown as null);
    toDataURL.mockReturnValue('data:image/png;base64,UE9TVEVS');
  });

  afterAll(() => {
    getContext.mockRestore();
    toDataURL.mockRestore();
  });

  async function openPoster() {
    renderApp('/my/invite', { './My/Invite': MyInvitePage });
    fireEvent.click(await screen.findByTestId('invite-poster', {}, { timeout: 10_000 }));
    return screen.findByTestId('invite-poster-image', {}, { timeout: 10_000 });
  }

  it('on a phone shows the poster image with the long-press hint and no download', async () => {
    setScreenWidth(375);
    const image = await openPoster();
    expect(image).toHaveAttribute('src', 'data:image/png;base64,UE9TVEVS');
    expect(image).toHaveAttribute('alt', '邀请海报，邀请码 PF8K2Q');
    expect(screen.getByTestId('invite-poster-hint')).toHaveTextContent('长按保存图片');
    expect(screen.queryByTestId('invite-poster-download')).toBeNull();
    expect(toDataURL).toHaveBeenCalledWith('image/png');
  });

  it('on a computer offers the image as a download', async () => {
    setScreenWidth(1280);
    await openPoster();
    const link = screen.getByTestId('invite-poster-download');
    expect(link).toHaveAttribute('href', 'data:image/png;base64,UE9TVEVS');
    expect(link).toHaveAttribute('download', 'PowerFi-invite-PF8K2Q.png');
    expect(screen.queryByTestId('invite-poster-hint')).toBeNull();
  });

  it('says so, and shows no image, when the browser cannot draw', async () => {
    setScreenWidth(375);
    getContext.mockReturnValue(null);
    renderApp('/my/invite', { './My/Invite': MyInvitePage });
    fireEvent.click(await screen.findByTestId('invite-poster', {}, { timeout: 10_000 }));
    expect(await screen.findByText('当前浏览器无法生成海报，请复制邀请链接分享', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('invite-poster-image')).toBeNull();
  });
});
