/**
 * While `active`: the back camera in `videoRef`, a QR code looked for a few times a second, each
 * value found handed to `onValue`. The camera's tracks are stopped when it ends (closed, unmounted,
 * `onValue` returned true) — also a stream granted after the sheet closed — so the camera light
 * never stays on.
 */
import { useEffect, useRef, useState } from 'react';
import { createQrDetector } from './support';

const SCAN_INTERVAL_MS = 250;

export type CameraState = 'starting' | 'scanning' | 'failed';

/** `onValue` returns true when the value was taken (scanning stops), false to go on looking. */
export function useQrScanner(active: boolean, onValue: (value: string) => boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onValueRef = useRef(onValue);
  onValueRef.current = onValue;
  const [state, setState] = useState<CameraState>('starting');

  useEffect(() => {
    if (!active) return undefined;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const stop = () => {
      ended = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const look = async (detector: ReturnType<typeof createQrDetector>) => {
      const video = videoRef.current;
      if (ended || !video) return;
      try {
        const found = video.readyState >= 2 ? await detector.detect(video) : [];
        if (ended) return;
        for (const code of found) {
          if (onValueRef.current(code.rawValue)) return stop();
        }
      } catch {
        // a frame the detector could not read: try the next one
      }
      timer = setTimeout(() => void look(detector), SCAN_INTERVAL_MS);
    };
    setState('starting');
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (granted) => {
        stream = granted;
        if (ended) return stop();
        const video = videoRef.current!;
        video.srcObject = granted;
        await video.play().catch(() => undefined);
        setState('scanning');
        void look(createQrDetector());
      })
      .catch(() => {
        if (!ended) setState('failed');
      });
    return stop;
  }, [active]);

  return { videoRef, state };
}
