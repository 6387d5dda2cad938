/** Scanning an address from a QR code (transfer recipient, withdrawal address). */
export default {
  'scan.button': 'Scan',
  'scan.title': 'Scan an address QR code',
  'scan.hint': 'Hold the wallet address QR code inside the frame; it is read by itself',
  'scan.notAddress': 'This QR code is not a wallet address: scan an address starting with 0x or an ethereum: payment code',
  'scan.cameraFailed': 'The camera could not be opened: allow the camera, or type or paste the address',
};
