/**
 * Response bodies kept up to a total size, least recently used going first: each version of a
 * page or asset is made (decoded, given its live-reload tag, compressed) once however often it is
 * asked for, instead of once per request, and a body asked for while it is being made waits for
 * that one run. Keys must name the version of the file, not just its path.
 */
export class BodyCache {
  readonly #done = new Map<string, Buffer>();
  readonly #running = new Map<string, Promise<Buffer>>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  async get(key: string, make: () => Buffer | Promise<Buffer>): Promise<Buffer> {
    const done = this.#done.get(key);
    if (done) {
      this.#done.delete(key);
      this.#done.set(key, done);
      return done;
    }
    let running = this.#running.get(key);
    if (!running) {
      running = Promise.resolve()
        .then(make)
        .finally(() => this.#running.delete(key));
      this.#running.set(key, running);
      void running.then((body) => this.#remember(key, body), () => undefined);
    }
    return running;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  #remember(key: string, body: Buffer): void {
    // A body bigger than this would push out many smaller ones that are asked for more often.
    if (body.length > this.maxBytes / 8 || this.#done.has(key)) return;
    this.#done.set(key, body);
    this.#bytes += body.length;
    for (const [oldKey, old] of this.#done) {
      if (this.#bytes <= this.maxBytes) break;
      this.#done.delete(oldKey);
      this.#bytes -= old.length;
    }
  }
}
