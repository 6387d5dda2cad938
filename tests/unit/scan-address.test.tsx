/**
 * Scanning an address from a QR code: the button only where the browser has BarcodeDetector and a
 * camera, what a scanned value may fill in (plain 0x addresses and ethereum: payment URIs), the
 * Chinese refusal of anything else, and the camera's tracks stopped whenever the sheet closes.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ZhCnIntl from './pages.intl';
import { field, openMoneyPage, resetMoneyScreens, SLOW, TEST_TIMEOUT } from './money.harness';
import ScanAddressButton from '@/components/ScanAddress';
import { parseScannedAddress } from '@/components/ScanAddress/parse';
import { isScanSupported } from '@/components/ScanAddress/support';
import AddAddressSheet from '@/pages/My/Withdraw/AddAddressSheet';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

interface Camera {
  track: { stop: jest.Mock };
  getUserMedia: jest.Mock;
  detect: jest.Mock;
}

/** A browser with a camera and a detector that sees `values` (the last one again and again). */
function installCamera(values: string[], getUserMedia?: jest.Mock): Camera {
  const track = { stop: jest.fn() };
  const media = getUserMedia ?? jest.fn().mockResolvedValue({ getTracks: () => [track] });
  let seen = 0;
  const detect = jest.fn(async () => [{ rawValue: values[Math.min(seen++, values.length - 1)] }]);
  Object.defineProperty(window.navigator, 'mediaDevices', { value: { getUserMedia: media }, configurable: true });
  Object.defineProperty(window, 'BarcodeDetector', {
    value: class {
      detect = detect;
    },
    configurable: true,
  });
  return { track, getUserMedia: media, detect };
}

function removeCamera() {
  delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
  Object.defineProperty(window.navigator, 'mediaDevices', { value: undefined, configurable: true });
}

function renderButton(onAddress = jest.fn()) {
  render(
    <ZhCnIntl>
      <ScanAddressButton onAddress={onAddress} testId="scan" />
    </ZhCnIntl>,
  );
  return onAddress;
}

function closeSheet() {
  fireEvent.click(document.querySelector('.ant-drawer-close') as HTMLElement);
}

beforeAll(() => {
  // jsdom plays no video: the frame is ready and play() resolves
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { get: () => 4, configurable: true });
});

afterEach(removeCamera);

describe('parseScannedAddress', () => {
  it.each([
    [ADDRESS, ADDRESS],
    [`  ${ADDRESS.toLowerCase()}\n`, ADDRESS.toLowerCase()],
    [`ethereum:${ADDRESS}`, ADDRESS],
    [`ethereum:pay-${ADDRESS}@1?value=1e18`, ADDRESS],
    [`ETHEREUM:${ADDRESS}@56`, ADDRESS],
  ])('takes %j as %s', (raw, address) => {
    expect(parseScannedAddress(raw)).toEqual({ address });
  });

  it.each([
    ['a web link', 'https://powerfi.example/login?invite=PF8K2Q'],
    ['a UID', '100777'],
    ['a short hex', '0x5290840009852788'],
    ['a bad EIP-55 checksum', ADDRESS.replace('E7', 'e7')],
    ['a Tron address', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'],
    ['a bitcoin URI', 'bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
    ['a token transfer naming the contract first', `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7/transfer?address=${ADDRESS}`],
    ['an address followed by more text', `${ADDRESS} please`],
    ['nothing', ''],
  ])('refuses %s', (_, raw) => {
    expect(parseScannedAddress(raw)).toEqual({ error: 'notAddress' });
  });
});

describe('support', () => {
  it('is there only with both BarcodeDetector and getUserMedia', () => {
    expect(isScanSupported()).toBe(false);
    installCamera([ADDRESS]);
    expect(isScanSupported()).toBe(true);
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    expect(isScanSupported()).toBe(false);
    installCamera([ADDRESS]);
    Object.defineProperty(window.navigator, 'mediaDevices', { value: {}, configurable: true });
    expect(isScanSupported()).toBe(false);
  });

  it('shows no button without a detector, and none without a camera', () => {
    renderButton();
    expect(screen.queryByTestId('scan')).toBeNull();
    installCamera([ADDRESS]);
    Object.defineProperty(window.navigator, 'mediaDevices', { value: {}, configurable: true });
    renderButton();
    expect(screen.queryByTestId('scan')).toBeNull();
  });
});

describe('the scan sheet', () => {
  it('asks for the back camera, hands over the address of an ethereum: URI, closes and stops the camera', async () => {
    const camera = installCamera([`ethereum:${ADDRESS}@1`]);
    const onAddress = renderButton();
    fireEvent.click(screen.getByRole('button', { name: '扫码' }));
    await waitFor(() => expect(onAddress).toHaveBeenCalledWith(ADDRESS));
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(camera.track.stop).toHaveBeenCalled();
    expect(onAddress).toHaveBeenCalledTimes(1);
  });

  it('refuses a code that is no address in Chinese, keeps looking, and stops the camera when closed', async () => {
    const camera = installCamera(['https://example.com/not-an-address']);
    const onAddress = renderButton();
    fireEvent.click(screen.getByTestId('scan'));
    expect(await screen.findByTestId('scan-refused')).toHaveTextContent('这个二维码不是钱包地址');
    await waitFor(() => expect(camera.detect.mock.calls.length).toBeGreaterThan(1));
    expect(camera.track.stop).not.toHaveBeenCalled();
    closeSheet();
    await waitFor(() => expect(camera.track.stop).toHaveBeenCalled());
    expect(onAddress).not.toHaveBeenCalled();
    const calls = camera.detect.mock.calls.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(camera.detect.mock.calls.length).toBe(calls);
  });

  it('takes the address once the refused code is replaced by an address', async () => {
    installCamera(['hello', 'hello', ADDRESS]);
    const onAddress = renderButton();
    fireEvent.click(screen.getByTestId('scan'));
    await waitFor(() => expect(onAddress).toHaveBeenCalledWith(ADDRESS), SLOW);
  });

  it('stops a camera granted only after the sheet was closed', async () => {
    const track = { stop: jest.fn() };
    let grant: (stream: unknown) => void = () => undefined;
    installCamera([ADDRESS], jest.fn(() => new Promise((resolve) => (grant = resolve))));
    const onAddress = renderButton();
    fireEvent.click(screen.getByTestId('scan'));
    closeSheet();
    await act(async () => grant({ getTracks: () => [track] }));
    expect(track.stop).toHaveBeenCalled();
    expect(onAddress).not.toHaveBeenCalled();
  });

  it('says so when the camera cannot be opened', async () => {
    installCamera([ADDRESS], jest.fn().mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' })));
    renderButton();
    fireEvent.click(screen.getByTestId('scan'));
    expect(await screen.findByTestId('scan-camera-failed')).toHaveTextContent('无法打开摄像头');
  });
});

describe('on the transfer page', () => {
  beforeEach(() => resetMoneyScreens());

  it('fills the recipient with the scanned address', async () => {
    installCamera([ADDRESS]);
    openMoneyPage('/my/transfer');
    fireEvent.click(await screen.findByTestId('transfer-to-scan', undefined, SLOW));
    await waitFor(() => expect(field('收款人').value).toBe(ADDRESS), SLOW);
  });
});

describe('in the withdrawal address sheet', () => {
  beforeEach(() => resetMoneyScreens());

  it('sits beside the paste button and fills the address, which the field then accepts', async () => {
    installCamera([`ethereum:${ADDRESS.toLowerCase()}`]);
    render(
      <ZhCnIntl>
        <AddAddressSheet open network="ERC20" delayHours={24} onClose={jest.fn()} onAdded={jest.fn()} />
      </ZhCnIntl>,
    );
    expect(await screen.findByTestId('withdraw-address-paste', undefined, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('withdraw-address-scan'));
    const input = screen.getByLabelText('ERC20 地址') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe(ADDRESS.toLowerCase()), SLOW);
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });
});
