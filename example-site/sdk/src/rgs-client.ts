import { RgsError, TimeoutError } from './errors.js';
import { readErrorBody } from './protocol.js';

/** Settings of an {@link RgsClient}, resolved from the SDK config. */
export interface RgsClientOptions {
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  /** Aborts every pending request and retry wait when the SDK is destroyed. */
  signal: AbortSignal;
  log: (message: string, ...data: unknown[]) => void;
}

/** Longest wait between two attempts, whatever the attempt number. */
const MAX_RETRY_DELAY_MS = 5_000;

/**
 * Sends JSON requests to the RGS with a per-attempt timeout and retries
 * with exponential backoff for errors marked retryable.
 */
export class RgsClient {
  readonly #options: RgsClientOptions;
  #authorization: string | undefined;

  constructor(options: RgsClientOptions) {
    this.#options = options;
  }

  /** Sets the bearer credential sent with every following request. */
  authorize(credential: string): void {
    this.#authorization = `Bearer ${credential}`;
  }

  /**
   * POSTs `body` to `{baseUrl}/{operation}` and returns the checked answer.
   * The same body, including its request id, is sent on every attempt so
   * the RGS can recognise a repeated request.
   */
  async post<T>(operation: string, body: object, read: (value: unknown) => T): Promise<T> {
    const { retries, retryDelayMs, signal, log } = this.#options;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#attempt(operation, body, read);
      } catch (error) {
        if (!(error instanceof RgsError) || !error.retryable || attempt >= retries || signal.aborted) {
          throw error;
        }
        const delay = Math.min(retryDelayMs * 2 ** attempt, MAX_RETRY_DELAY_MS);
        log(`${operation} failed with ${error.code}, retry ${attempt + 1}/${retries} in ${delay} ms`);
        await wait(delay, signal);
      }
    }
  }

  async #attempt<T>(operation: string, body: object, read: (value: unknown) => T): Promise<T> {
    const { baseUrl, timeoutMs, signal, log } = this.#options;
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    signal.addEventListener('abort', stop, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    let status: number;
    let ok: boolean;
    let raw: string;
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (this.#authorization !== undefined) {
        headers['authorization'] = this.#authorization;
      }
      log(`→ ${operation}`, body);
      const response = await fetch(`${baseUrl}/${operation}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      status = response.status;
      ok = response.ok;
      // Reading the body is part of the attempt: a server that sends headers and then stalls must time out too.
      raw = await response.text();
    } catch (error) {
      if (timedOut) {
        throw new TimeoutError(operation, timeoutMs, { cause: error });
      }
      if (signal.aborted) {
        throw error;
      }
      throw new RgsError(`Could not reach the RGS for ${operation}`, { code: 'NETWORK_ERROR', status: 0, cause: error });
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    }

    let json: unknown;
    let parseError: unknown;
    try {
      json = raw === '' ? undefined : JSON.parse(raw);
    } catch (error) {
      parseError = error;
    }
    log(`← ${operation} ${status}`, json ?? raw);

    if (!ok) {
      const failure = readErrorBody(json);
      if (failure) {
        throw new RgsError(failure.message, {
          code: failure.code,
          status,
          retryable: failure.retryable,
          details: failure.details,
        });
      }
      throw new RgsError(`The RGS answered ${operation} with HTTP ${status}`, {
        code: 'HTTP_ERROR',
        status,
        cause: parseError,
      });
    }
    if (parseError !== undefined) {
      throw new RgsError(`The RGS sent malformed JSON for ${operation}`, {
        code: 'INVALID_RESPONSE',
        status,
        retryable: false,
        cause: parseError,
      });
    }
    try {
      return read(json);
    } catch (error) {
      throw new RgsError(`The RGS sent an unexpected answer for ${operation}`, {
        code: 'INVALID_RESPONSE',
        status,
        retryable: false,
        cause: error,
      });
    }
  }
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', cancel);
      resolve();
    }, ms);
    function cancel(): void {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', cancel, { once: true });
  });
}

/** A fresh id per logical request; retries reuse it so the RGS can drop duplicates. */
export function createRequestId(): string {
  const random = globalThis.crypto?.randomUUID;
  if (typeof random === 'function') {
    return random.call(globalThis.crypto);
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
