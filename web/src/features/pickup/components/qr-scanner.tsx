import { useEffect, useRef, useState } from 'react';
import { usePickupText } from '../texts';
import { Button } from '@/components/ui/button';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;
const BarcodeDetectorClass = (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** The phone's own QR reader (Chrome on Android, Safari 17+); where it is missing the code is typed. */
export function canScanQr(): boolean {
  return Boolean(BarcodeDetectorClass && navigator.mediaDevices?.getUserMedia);
}

/** The back camera, read a few times a second until a QR code is seen. */
export function QrScanner({ onResult, onCancel }: { onResult: (text: string) => void; onCancel: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const t = usePickupText();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const detector = new BarcodeDetectorClass!({ formats: ['qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const tick = async () => {
          if (stopped || !video.current) return;
          const found = await detector.detect(video.current).catch(() => []);
          if (found[0]?.rawValue) onResult(found[0].rawValue);
          else timer = window.setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch {
        setProblem(t('noCamera'));
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onResult, t]);
  return (
    <div className="space-y-2">
      {problem ? <p className="text-sm text-red-600">{problem}</p> : <video ref={video} muted playsInline className="aspect-square w-full rounded-md bg-black object-cover" aria-label={t('camera')} />}
      <Button variant="ghost" className="h-10" onClick={onCancel}>{t('stop')}</Button>
    </div>
  );
}
