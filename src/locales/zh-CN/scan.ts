/** Scanning an address from a QR code (transfer recipient, withdrawal address). */
export default {
  'scan.button': '扫码',
  'scan.title': '扫描地址二维码',
  'scan.hint': '将钱包地址二维码放入框内，即可自动识别',
  'scan.notAddress': '这个二维码不是钱包地址，请扫描 0x 开头的地址或 ethereum: 收款码',
  'scan.cameraFailed': '无法打开摄像头，请允许使用摄像头，或手动输入、粘贴地址',
};
