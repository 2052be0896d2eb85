import { Writable } from "node:stream";

/**
 * A Writable that gathers React's rendered bytes and hands them over as one string.
 *
 * React 18's stream renderer (react-dom 18.3.1, `writeStringChunk`) flushes its whole 2 KB
 * buffer when a multi-byte character (·, –, ₦, …) does not fit in the last byte or two, so
 * the unused bytes reach the page as U+0000: invalid HTML, and wherever it lands in the data
 * script, a broken page. No other UTF-8 sequence contains a zero byte, so dropping every zero
 * byte gives back what React meant to send; the only other source is a NUL someone typed into
 * a form, which no HTML page may carry either (the browser would show U+FFFD).
 */
export function wholePageSink(done: (html: string) => void) {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk, _encoding, next) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      next();
    },
    final(next) {
      done(withoutZeroBytes(Buffer.concat(chunks)).toString("utf8"));
      next();
    },
  });
}

function withoutZeroBytes(bytes: Buffer) {
  if (!bytes.includes(0)) return bytes;
  let kept = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) bytes[kept++] = bytes[i];
  return bytes.subarray(0, kept);
}
