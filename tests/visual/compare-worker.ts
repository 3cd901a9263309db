/**
 * The thread comparePngsInThread runs comparePngs in (tests/visual/compare.ts): Node's own realm, where V8
 * optimises pixelmatch's loop, not the Storybook runner's vm sandbox. Started by tinypool, which loads it
 * with Node's own TypeScript support (type stripping): imports name their files with the extension.
 */
import { comparePngs } from './compare.ts';

export default function compareInThread({ baseline, current }: { baseline: Uint8Array; current: Uint8Array }) {
  const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return comparePngs(buffer(baseline), buffer(current));
}
