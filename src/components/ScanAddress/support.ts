/**
 * QR scanning needs the browser's own detector (Chrome on Android, recent Safari) and a camera;
 * where either is missing (most desktop browsers, many in-wallet browsers) no scan button is shown
 * and the field is typed or pasted as before.
 */

/** The part of the Barcode Detection API used here (not in TypeScript's DOM library yet). */
export interface DetectedBarcode {
  rawValue: string;
}

export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}

type BarcodeDetectorConstructor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

export function isScanSupported(win: Window = window): boolean {
  return 'BarcodeDetector' in win && typeof win.navigator.mediaDevices?.getUserMedia === 'function';
}

export function createQrDetector(win: Window = window): BarcodeDetectorLike {
  const Detector = (win as unknown as { BarcodeDetector: BarcodeDetectorConstructor }).BarcodeDetector;
  return new Detector({ formats: ['qr_code'] });
}
