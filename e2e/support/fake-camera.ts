import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A camera that films `text` as a QR code: a one-frame YUV4MPEG2 video for Chromium's fake capture device
 * (`--use-file-for-fake-video-capture`), which loops it. Black modules on white paper, as a phone screen shows it.
 */
export function qrCameraFile(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor((HEIGHT * 0.8) / (modules + 8));
  const side = scale * (modules + 8);
  const left = Math.floor((WIDTH - side) / 2) + 4 * scale;
  const top = Math.floor((HEIGHT - side) / 2) + 4 * scale;
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < modules * scale; y++) {
    for (let x = 0; x < modules * scale; x++) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-camera-')), 'qr.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]),
  );
  return file;
}
