/**
 * A document as the pieces it is made of, some of which many documents share: the shared pieces
 * keep their UTF-8 bytes, so a document's bytes are mostly copied rather than encoded again.
 */

/** Text that goes into many documents, with its UTF-8 bytes, encoded once when first wanted. */
export interface SharedText {
  readonly text: string;
  readonly bytes: Uint8Array;
}

export type TextPiece = string | SharedText;

const encoder = new TextEncoder();

export function sharedText(text: string): SharedText {
  let bytes: Uint8Array | undefined;
  return {
    text,
    get bytes() {
      return (bytes ??= encoder.encode(text));
    },
  };
}

export function joinPieces(pieces: readonly TextPiece[]): string {
  let text = '';
  for (const piece of pieces) text += typeof piece === 'string' ? piece : piece.text;
  return text;
}

/**
 * Makes the UTF-8 bytes of a document from its pieces in one reused scratch buffer; each result
 * is a copy with a buffer of its own, which a worker can move to the main thread.
 */
export function createPiecesEncoder(): (pieces: readonly TextPiece[]) => Uint8Array {
  let scratch = new Uint8Array(1 << 18);
  const reserve = (used: number, more: number) => {
    if (used + more <= scratch.length) return;
    const larger = new Uint8Array(Math.max(scratch.length * 2, used + more));
    larger.set(scratch.subarray(0, used));
    scratch = larger;
  };
  return (pieces) => {
    let used = 0;
    for (const piece of pieces) {
      if (typeof piece === 'string') {
        // A UTF-16 code unit never takes more than three bytes in UTF-8.
        reserve(used, piece.length * 3);
        used += encoder.encodeInto(piece, scratch.subarray(used)).written;
      } else {
        reserve(used, piece.bytes.length);
        scratch.set(piece.bytes, used);
        used += piece.bytes.length;
      }
    }
    return scratch.slice(0, used);
  };
}
