/**
 * Shapes of the RGS answers and checks that turn untrusted JSON into them.
 * A check throws a plain `Error`; the RGS client wraps it in an `RgsError`
 * with code `INVALID_RESPONSE`.
 */

/**
 * The player's session as returned by {@link PlaykitSdk.init}.
 *
 * @inline
 */
export type SessionInfo = {
  /** Identifier of the session on the RGS. */
  readonly sessionId: string;
  /** Identifier of the player, for logs and support requests. */
  readonly playerId: string;
  /** ISO 4217 code of the player's wallet. */
  readonly currency: string;
  /** Balance in minor units when the session was loaded. */
  readonly balance: number;
  /** Smallest allowed bet in minor units. */
  readonly minBet: number;
  /** Largest allowed bet in minor units. */
  readonly maxBet: number;
  /**
   * A round the player started earlier but that was never ended, for
   * example because the browser was closed during the animation. Show its
   * outcome and end it with {@link PlaykitSdk.endRound}.
   */
  readonly unfinishedRound?: RoundResult;
};

/**
 * Result of {@link PlaykitSdk.playRound}.
 *
 * @inline
 */
export type RoundResult = {
  /** Identifier of the round; pass it to {@link PlaykitSdk.endRound}. */
  readonly roundId: string;
  /** The bet that was taken, in minor units. */
  readonly bet: number;
  /** What the round pays, in minor units. It is credited when the round ends. */
  readonly win: number;
  /** Balance in minor units after the bet was taken, before the win is credited. */
  readonly balance: number;
  /** Game-specific outcome, such as reel stops or card values. */
  readonly outcome: Readonly<Record<string, unknown>>;
};

/**
 * Result of {@link PlaykitSdk.endRound}.
 *
 * @inline
 */
export type RoundEnd = {
  /** The round that was closed. */
  readonly roundId: string;
  /** The amount that was credited, in minor units. */
  readonly win: number;
  /** Balance in minor units after the win was credited. */
  readonly balance: number;
};

/**
 * What to bet on a round, for {@link PlaykitSdk.playRound}.
 *
 * @inline
 */
export type PlayRoundRequest = {
  /** Total bet in minor units. */
  bet: number;
  /** Game-specific choices sent to the RGS as they are, such as the number of lines. */
  options?: Readonly<Record<string, unknown>>;
};

/** Body of an RGS error answer. */
export type RgsErrorBody = {
  code: string;
  message: string;
  details?: Readonly<Record<string, unknown>>;
  retryable?: boolean;
};

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${what} is not a JSON object`);
  }
  return value as Json;
}

function text(source: Json, key: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value === '') {
    throw new Error(`"${key}" must be a non-empty string`);
  }
  return value;
}

function amount(source: Json, key: string): number {
  const value = source[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`"${key}" must be a non-negative integer amount`);
  }
  return value;
}

/** Checks the answer of `session/authenticate`. */
export function readSession(value: unknown): SessionInfo {
  const body = object(value, 'Session');
  const unfinished = body['unfinishedRound'];
  return {
    sessionId: text(body, 'sessionId'),
    playerId: text(body, 'playerId'),
    currency: text(body, 'currency'),
    balance: amount(body, 'balance'),
    minBet: amount(body, 'minBet'),
    maxBet: amount(body, 'maxBet'),
    ...(unfinished == null ? {} : { unfinishedRound: readRoundResult(unfinished) }),
  };
}

/** Checks the answer of `session/balance`. */
export function readBalance(value: unknown): { balance: number } {
  return { balance: amount(object(value, 'Balance'), 'balance') };
}

/** Checks the answer of `round/play`. */
export function readRoundResult(value: unknown): RoundResult {
  const body = object(value, 'Round result');
  return {
    roundId: text(body, 'roundId'),
    bet: amount(body, 'bet'),
    win: amount(body, 'win'),
    balance: amount(body, 'balance'),
    outcome: object(body['outcome'] ?? {}, 'Outcome'),
  };
}

/** Checks the answer of `round/end`. */
export function readRoundEnd(value: unknown): RoundEnd {
  const body = object(value, 'Round end');
  return {
    roundId: text(body, 'roundId'),
    win: amount(body, 'win'),
    balance: amount(body, 'balance'),
  };
}

/** Reads `{ error: { code, message, details, retryable } }`, or returns undefined. */
export function readErrorBody(value: unknown): RgsErrorBody | undefined {
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  const error = (value as Json)['error'];
  if (typeof error !== 'object' || error === null) {
    return undefined;
  }
  const { code, message, details, retryable } = error as Json;
  if (typeof code !== 'string') {
    return undefined;
  }
  return {
    code,
    message: typeof message === 'string' ? message : code,
    ...(typeof details === 'object' && details !== null ? { details: details as Json } : {}),
    ...(typeof retryable === 'boolean' ? { retryable } : {}),
  };
}
