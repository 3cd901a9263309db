/**
 * The counter's camera: reads QR codes from the device camera and hands their text to `onCode`.
 * The browser's own BarcodeDetector where it reads QR codes (Android, macOS, ChromeOS); elsewhere the
 * ZXing-C++ WebAssembly polyfill (barcode-detector), loaded only when this component starts the camera,
 * from this site (its .wasm is part of the console's build, never a CDN). Nothing leaves the device: the
 * picture is read here and only a decoded code is sent on.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Notice } from '../ui';
import { spoken } from '../screens/console/shared/spoken';

export type CameraProblem = 'unsupported' | 'denied' | 'no-camera' | 'failed';

export const CAMERA_PROBLEM_TEXT = spoken<CameraProblem>({
  unsupported: msg`This browser cannot use a camera here. Type the code under the QR code instead.`,
  denied: msg`The camera is blocked for this page. Type the code under the QR code instead, or allow the camera in your browser’s site settings and try again.`,
  'no-camera': msg`No camera was found on this device. Type the code under the QR code instead.`,
  failed: msg`The camera could not be started. Type the code under the QR code instead, or try again.`,
});

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

/** The browser's BarcodeDetector when it reads QR codes; else the WebAssembly polyfill. */
async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) return new native({ formats: ['qr_code'] });
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

function problemOf(err: unknown): CameraProblem {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  return 'failed';
}

const SCAN_EVERY_MS = 200;
/** the same code read again within this time is the same scan, not a new one */
const SAME_CODE_MS = 4000;

export interface CameraScannerProps {
  /** a decoded QR code's text */
  onCode: (text: string) => void;
  /** the camera cannot be used: the page offers typing instead */
  onProblem?: (problem: CameraProblem) => void;
  /** a code is being shown: the picture stays on but nothing is read until the next customer */
  paused?: boolean;
}

/** "Start the camera" (after saying why), the live picture, switching front and back, stopping. */
export function CameraScanner({ onCode, onProblem, paused = false }: CameraScannerProps) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const last = useRef<{ text: string; at: number } | null>(null);
  const [state, setState] = useState<'off' | 'starting' | 'on'>('off');
  const [facing, setFacing] = useState<'environment' | 'user'>('environment');
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const latest = useRef({ onCode, paused });
  useEffect(() => {
    latest.current = { onCode, paused };
  });

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setState('off');
  }, []);

  const fail = useCallback(
    (p: CameraProblem) => {
      stop();
      setProblem(p);
      onProblem?.(p);
    },
    [stop, onProblem],
  );

  const start = async (side: 'environment' | 'user') => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) return fail('unsupported');
    setState('starting');
    stream.current?.getTracks().forEach((t) => t.stop());
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: side }, audio: false });
      setFacing(side);
      setState('on');
    } catch (err) {
      fail(problemOf(err));
    }
  };

  // once the picture runs: read it a few times a second until a code appears
  useEffect(() => {
    if (state !== 'on' || !video.current || !stream.current) return;
    const el = video.current;
    el.srcObject = stream.current;
    void el.play().catch(() => undefined);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void qrDetector()
      .then((detector) => {
        const tick = async () => {
          if (stopped) return;
          if (el.readyState >= 2 && !latest.current.paused) {
            const codes = await detector.detect(el).catch(() => []);
            const text = codes[0]?.rawValue;
            const now = Date.now();
            if (text && !(last.current?.text === text && now - last.current.at < SAME_CODE_MS)) {
              last.current = { text, at: now };
              latest.current.onCode(text);
            }
          }
          timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
        };
        void tick();
      })
      .catch(() => fail('unsupported'));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state, fail]);

  useEffect(() => stop, [stop]);

  return (
    <div className="flex flex-col gap-3">
      {state === 'off' ? (
        <>
          <p className="text-sm text-muted">
            <Trans>
              To scan a voucher or a member card, this page uses your camera. Your browser asks for permission the first time; the picture stays on this device.
            </Trans>
          </p>
          <Button onClick={() => void start(facing)}>
            <Trans>Scan with the camera</Trans>
          </Button>
        </>
      ) : (
        <>
          <div className="relative overflow-hidden rounded-xl bg-ink">
            <video
              ref={video}
              muted
              playsInline
              aria-label={t`Camera picture: hold the customer's QR code inside the frame`}
              className="aspect-[4/3] w-full object-cover"
            />
            <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/80" />
          </div>
          <p role="status" className="text-sm text-muted">
            {state === 'starting' ? t`Starting the camera…` : t`Hold the QR code inside the frame. It is read as soon as it is sharp.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void start(facing === 'environment' ? 'user' : 'environment')}>
              {facing === 'environment' ? t`Use the front camera` : t`Use the back camera`}
            </Button>
            <Button variant="ghost" size="sm" onClick={stop}>
              <Trans>Stop the camera</Trans>
            </Button>
          </div>
        </>
      )}
      {problem && <Notice tone="warning">{CAMERA_PROBLEM_TEXT[problem]}</Notice>}
    </div>
  );
}
