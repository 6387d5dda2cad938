/** Scanning an address from a QR code (transfer recipient, withdrawal address). */
export default {
  'scan.button': '掃碼',
  'scan.title': '掃描地址 QR 碼',
  'scan.hint': '將錢包地址 QR 碼放入框內，即可自動辨識',
  'scan.notAddress': '這個 QR 碼不是錢包地址，請掃描 0x 開頭的地址或 ethereum: 收款碼',
  'scan.cameraFailed': '無法開啟相機，請允許使用相機，或手動輸入、貼上地址',
};
