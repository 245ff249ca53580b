/**
 * A request to the remote game server failed, either because the RGS
 * answered with an error or because its answer could not be used.
 *
 * @remarks
 * Besides the codes your RGS defines (such as `INSUFFICIENT_FUNDS` or
 * `SESSION_EXPIRED`), the SDK itself produces three codes:
 *
 * - `NETWORK_ERROR`: the request never got an HTTP answer (status `0`).
 * - `HTTP_ERROR`: the RGS answered with an error status but without a
 *   readable error body.
 * - `INVALID_RESPONSE`: the RGS answered with a success status but the body
 *   was not the JSON the SDK expected.
 *
 * The low-level failure, when there is one, is kept in `cause`.
 *
 * @example
 * ```ts
 * import { PlaykitSdk, RgsError } from '@playkit/sdk';
 *
 * declare const sdk: PlaykitSdk;
 *
 * export async function spin(): Promise<void> {
 *   try {
 *     await sdk.playRound(100);
 *   } catch (error) {
 *     if (error instanceof RgsError && error.code === 'INSUFFICIENT_FUNDS') {
 *       console.warn('Not enough money for this bet');
 *       return;
 *     }
 *     throw error;
 *   }
 * }
 * ```
 */
export class RgsError extends Error {
  override readonly name: string = 'RgsError';

  /** Machine-readable error code, for example `INSUFFICIENT_FUNDS`. */
  readonly code: string;

  /** HTTP status of the RGS answer, or `0` when no answer arrived. */
  readonly status: number;

  /**
   * Whether repeating the same request may succeed. The SDK retries such
   * errors by itself (see {@link SdkConfig.retries}) before giving up.
   *
   * @defaultValue `true` for status 0, 429 and 5xx, otherwise `false`
   */
  readonly retryable: boolean;

  /** Extra, error-specific data sent by the RGS, if any. */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  /**
   * @param message - Human-readable description (not meant for players).
   * @param init - Code, HTTP status and optional retry flag, details and cause.
   */
  constructor(
    message: string,
    init: {
      code: string;
      status: number;
      retryable?: boolean | undefined;
      details?: Readonly<Record<string, unknown>> | undefined;
      cause?: unknown;
    },
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.retryable = init.retryable ?? isRetryableStatus(init.status);
    this.details = init.details;
  }
}

/**
 * An operation took longer than allowed and was abandoned.
 *
 * @remarks
 * For RGS requests the limit is {@link SdkConfig.timeoutMs} and applies to
 * each attempt separately. Timeouts are not retried: the RGS may still be
 * working on the request, and the player should not wait twice.
 * The underlying abort reason is kept in `cause`.
 *
 * @example
 * ```ts
 * import { PlaykitSdk, TimeoutError } from '@playkit/sdk';
 *
 * declare const sdk: PlaykitSdk;
 *
 * sdk.init().catch((error: unknown) => {
 *   if (error instanceof TimeoutError) {
 *     console.warn(`${error.operation} gave up after ${error.timeoutMs} ms`);
 *   }
 * });
 * ```
 */
export class TimeoutError extends Error {
  override readonly name: string = 'TimeoutError';

  /** What timed out, for example `round/play`. */
  readonly operation: string;

  /** The limit that ran out, in milliseconds. */
  readonly timeoutMs: number;

  /**
   * @param operation - Name of the operation that timed out.
   * @param timeoutMs - The limit in milliseconds.
   * @param options - Standard error options; pass the original error as `cause`.
   */
  constructor(operation: string, timeoutMs: number, options?: ErrorOptions) {
    super(`${operation} did not finish within ${timeoutMs} ms`, options);
    this.operation = operation;
    this.timeoutMs = timeoutMs;
  }
}

/** 0 (no answer), 429 (rate limited) and 5xx are worth another try. */
function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 429 || status >= 500;
}
