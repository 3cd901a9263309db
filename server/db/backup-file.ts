/**
 * The backup file: what `npm run backup` and the daily backup job write and `npm run restore` reads.
 *
 *   "LOYBKP1\n"                      8 bytes, the format
 *   mode                             1 byte: 0 plain, 1 encrypted
 *   salt (16) and iv (12)            encrypted only: the key is scrypt(BACKUP_KEY, salt)
 *   body                             the inner content, AES-256-GCM encrypted when mode is 1
 *   tag (16)                         encrypted only: GCM's authentication tag
 *
 * The inner content is one JSON line (the header: the database kind, when, the parts and their sizes),
 * the parts one after the other (the last one's size may be open: a pg_dump streamed as it is made), and
 * the SHA-256 of everything before it (32 bytes). Everything streams: a backup is never held in memory
 * whole, and a restore first decodes to a temporary file, checking the tag and the checksum, before it
 * touches anything. A damaged file, a wrong key or a missing key is refused with a plain sentence.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';
import { createReadStream, createWriteStream, openSync, readSync, closeSync, statSync, renameSync, rmSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MAGIC = Buffer.from('LOYBKP1\n');
const SALT = 16;
const IV = 12;
const TAG = 16;
const SUM = 32;
const PREFIX = MAGIC.length + 1;

export interface BackupPart {
  name: string;
  /** null: the rest of the content (the last part only) */
  bytes: number | null;
}

export interface BackupHeader {
  format: 1;
  kind: 'pglite' | 'postgres';
  created_at: string;
  /** the last migration the database had run */
  migration: string | null;
  parts: BackupPart[];
}

/** A backup that cannot be restored, with the sentence that says why (nothing was changed). */
export class BackupRefused extends Error {}

function keyOf(passphrase: string, salt: Buffer): Buffer {
  return scryptSync(passphrase, salt, 32);
}

/**
 * Writes a backup to `file` (through `file.partial`, renamed at the end, so a file under the final name
 * is always whole) from its header and its parts' contents, in order. Answers its size in bytes.
 */
export async function writeBackupFile(
  file: string,
  header: Omit<BackupHeader, 'format'>,
  parts: Array<() => Readable | Promise<Readable>>,
  key: string | undefined,
): Promise<number> {
  const partial = `${file}.partial`;
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const cipher = key ? createCipheriv('aes-256-gcm', keyOf(key, salt), iv) : null;
  const prefix = Buffer.concat([MAGIC, Buffer.from([cipher ? 1 : 0]), ...(cipher ? [salt, iv] : [])]);
  async function* inner(): AsyncGenerator<Buffer> {
    const hash = createHash('sha256');
    const first = Buffer.from(`${JSON.stringify({ format: 1, ...header })}\n`);
    hash.update(first);
    yield first;
    for (const part of parts) {
      for await (const chunk of await part()) {
        const buf = Buffer.from(chunk as Uint8Array);
        hash.update(buf);
        yield buf;
      }
    }
    yield hash.digest();
  }
  // the prefix before the first byte, GCM's tag after the last
  let started = false;
  const frame = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!started) {
        started = true;
        this.push(prefix);
      }
      done(null, chunk);
    },
    flush(done) {
      if (!started) this.push(prefix);
      if (cipher) this.push(cipher.getAuthTag());
      done();
    },
  });
  try {
    const out = createWriteStream(partial, { mode: 0o600 });
    if (cipher) await pipeline(Readable.from(inner()), cipher, frame, out);
    else await pipeline(Readable.from(inner()), frame, out);
    renameSync(partial, file);
    return statSync(file).size;
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

/** A decoded backup: its header, and where each part's bytes are in `plain` (a file). */
export interface OpenedBackup {
  header: BackupHeader;
  encrypted: boolean;
  /** reads part `name` (start and end inclusive offsets into the plain content) */
  part(name: string): Readable;
  /** removes the temporary plain copy, when one was made */
  dispose(): void;
}

function readAt(file: string, start: number, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const n = readSync(fd, buf, 0, length, start);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens a backup to restore it: checks the format, decrypts (to `scratch`, a temporary file next to
 * where it will be restored) and checks the GCM tag and the checksum. Throws BackupRefused when the
 * file is not a backup, is damaged, is encrypted without a key, or the key is not the one it was made with.
 */
export async function openBackupFile(file: string, key: string | undefined, scratch: string): Promise<OpenedBackup> {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new BackupRefused(`There is no backup at ${file}.`);
  }
  const head = readAt(file, 0, PREFIX + SALT + IV);
  if (head.length < PREFIX || !head.subarray(0, MAGIC.length).equals(MAGIC))
    throw new BackupRefused(`${file} is not a backup made by npm run backup (it does not start as one).`);
  const encrypted = head[MAGIC.length] === 1;
  let plain = file;
  let offset = PREFIX;
  let length = size - PREFIX;
  if (encrypted) {
    if (!key) throw new BackupRefused('This backup is encrypted: set BACKUP_KEY to the key it was made with.');
    if (size < PREFIX + SALT + IV + TAG + SUM) throw new BackupRefused(`The backup ${file} is damaged: it is cut short.`);
    const salt = head.subarray(PREFIX, PREFIX + SALT);
    const iv = head.subarray(PREFIX + SALT, PREFIX + SALT + IV);
    const decipher = createDecipheriv('aes-256-gcm', keyOf(key, salt), iv, { authTagLength: TAG });
    decipher.setAuthTag(readAt(file, size - TAG, TAG));
    const body = createReadStream(file, { start: PREFIX + SALT + IV, end: size - TAG - 1 });
    try {
      await pipeline(body, decipher, createWriteStream(`${scratch}.partial`, { mode: 0o600 }));
    } catch {
      rmSync(`${scratch}.partial`, { force: true });
      throw new BackupRefused('The backup could not be decrypted: BACKUP_KEY is not the key it was made with, or the file is damaged. Nothing was changed.');
    }
    renameSync(`${scratch}.partial`, scratch);
    plain = scratch;
    offset = 0;
    length = statSync(scratch).size;
  } else if (head[MAGIC.length] !== 0) {
    throw new BackupRefused(`${file} is not a backup this version can read (unknown mode ${head[MAGIC.length]}).`);
  }
  const dispose = () => {
    if (plain !== file) rmSync(plain, { force: true });
  };
  try {
    if (length < SUM + 2) throw new BackupRefused(`The backup ${file} is damaged: it is cut short. Nothing was changed.`);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(plain, { start: offset, end: offset + length - SUM - 1 })) hash.update(chunk as Buffer);
    if (!hash.digest().equals(readAt(plain, offset + length - SUM, SUM))) {
      throw new BackupRefused(`The backup ${file} is damaged: its checksum does not match its content. Nothing was changed.`);
    }
    const firstBytes = readAt(plain, offset, Math.min(64 * 1024, length - SUM));
    const newline = firstBytes.indexOf(0x0a);
    let header: BackupHeader;
    try {
      if (newline < 0) throw new Error('no header line');
      header = JSON.parse(firstBytes.subarray(0, newline).toString('utf8')) as BackupHeader;
    } catch {
      throw new BackupRefused(`The backup ${file} is damaged: its header cannot be read. Nothing was changed.`);
    }
    if (header.format !== 1 || !Array.isArray(header.parts))
      throw new BackupRefused(`${file} is not a backup this version can read (format ${String(header.format)}).`);
    const ranges = new Map<string, { start: number; end: number }>();
    let at = offset + newline + 1;
    const contentEnd = offset + length - SUM;
    for (const p of header.parts) {
      const end = p.bytes === null ? contentEnd : at + p.bytes;
      if (end > contentEnd) throw new BackupRefused(`The backup ${file} is damaged: its parts do not fit. Nothing was changed.`);
      ranges.set(p.name, { start: at, end });
      at = end;
    }
    return {
      header,
      encrypted,
      part(name) {
        const r = ranges.get(name);
        if (!r) throw new BackupRefused(`The backup has no ${name} in it.`);
        return r.end > r.start ? createReadStream(plain, { start: r.start, end: r.end - 1 }) : Readable.from([]);
      },
      dispose,
    };
  } catch (err) {
    dispose();
    throw err;
  }
}
