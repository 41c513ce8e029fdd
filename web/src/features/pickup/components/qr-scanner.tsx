import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePickupText } from '../texts';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = (new (opts: { formats: string[] }) => Detector) & {
  getSupportedFormats?: () => Promise<string[]>;
};
const BarcodeDetectorClass = (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Reads one frame of the camera; the QR code's text, or null when none is seen. */
type ReadFrame = (video: HTMLVideoElement) => Promise<string | null>;

/** Frames are scaled down to this width before decoding: enough for a code held up to the camera, cheap on a phone. */
const DECODE_WIDTH = 640;

/**
 * The browser's own QR reader where it has one for QR codes (Chrome on Android, Safari 17+); elsewhere (iPhones with
 * older Safari, Firefox, desktop Chrome on Linux) the frames are decoded by jsQR, loaded only when the camera opens.
 */
async function frameReader(): Promise<ReadFrame> {
  const formats = BarcodeDetectorClass ? await BarcodeDetectorClass.getSupportedFormats?.().catch(() => []) : [];
  if (BarcodeDetectorClass && formats?.includes('qr_code')) {
    const detector = new BarcodeDetectorClass({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

/** A camera to scan with (a secure page: HTTPS or localhost). */
export function canScanQr(): boolean {
  return Boolean(navigator.mediaDevices?.getUserMedia);
}

/** The back camera, read a few times a second until a QR code is seen. */
export function QrScanner({ onResult, onCancel }: { onResult: (text: string) => void; onCancel: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const t = usePickupText();
  const [noCamera, setNoCamera] = useState(false);
  // The latest callback, without reopening the camera each time the dialog around it renders.
  const resultRef = useRef(onResult);
  useEffect(() => {
    resultRef.current = onResult;
  }, [onResult]);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    void (async () => {
      try {
        const [read, media] = await Promise.all([
          frameReader(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }),
        ]);
        if (stopped || !video.current) return media.getTracks().forEach((t) => t.stop());
        stream = media;
        video.current.srcObject = stream;
        await video.current.play();
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await read(video.current).catch(() => null);
          if (stopped) return;
          if (text) resultRef.current(text);
          else timer = window.setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch {
        if (!stopped) setNoCamera(true);
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return (
    <div className="space-y-2">
      {noCamera ? (
        <p className="text-sm text-red-600">{t('noCamera')}</p>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          className="aspect-square w-full rounded-md bg-black object-cover"
          aria-label={t('camera')}
        />
      )}
      <Button variant="ghost" className="h-10" onClick={onCancel}>
        {t('stop')}
      </Button>
    </div>
  );
}
