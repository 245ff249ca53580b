/**
 * How the currency is shown next to an amount in
 * {@link I18n.formatCurrency}.
 *
 * @example
 * ```ts
 * import { CurrencyFormat, I18n } from '@playkit/sdk';
 *
 * const i18n = new I18n('en-US', 'EUR');
 * i18n.formatCurrency(1250, { display: CurrencyFormat.Code }); // "EUR 12.50"
 * ```
 */
export enum CurrencyFormat {
  /** Localized symbol, such as `$`, `€` or `￥`. */
  Symbol = 'symbol',
  /** ISO 4217 code, such as `USD`. */
  Code = 'code',
  /** Localized name, such as `US dollars`. */
  Name = 'name',
  /** No currency at all, only the number with the currency's decimals. */
  None = 'none',
}

/**
 * How the number part of an amount is shown in
 * {@link I18n.formatCurrency}.
 *
 * @example
 * ```ts
 * import { CurrencyNumber, I18n } from '@playkit/sdk';
 *
 * const i18n = new I18n('en-US', 'USD');
 * i18n.formatCurrency(123_456_789, { number: CurrencyNumber.Compact }); // "$1.2M"
 * ```
 */
export enum CurrencyNumber {
  /** All decimals of the currency: `$1,234.50`, `¥1,235`. */
  Decimal = 'decimal',
  /** Short form for large numbers: `$1.2K`, `$3.4M`. */
  Compact = 'compact',
  /**
   * Whole units only. The fraction is cut off, never rounded up, so a
   * balance never looks larger than it is: `$1,234`.
   */
  WholeUnits = 'wholeUnits',
  /** Decimals only when they are not zero: `$5` but `$5.50`. */
  TrimZeros = 'trimZeros',
}

/**
 * Options for {@link I18n.formatCurrency}.
 *
 * @example
 * ```ts
 * import { CurrencyFormat, CurrencyNumber, type FormatCurrencyOptions } from '@playkit/sdk';
 *
 * export const forBetButton: FormatCurrencyOptions = {
 *   display: CurrencyFormat.Symbol,
 *   number: CurrencyNumber.TrimZeros,
 * };
 * ```
 */
export interface FormatCurrencyOptions {
  /**
   * How the currency is shown.
   *
   * @defaultValue {@link CurrencyFormat.Symbol}
   */
  display?: CurrencyFormat;

  /**
   * How the number is shown.
   *
   * @defaultValue {@link CurrencyNumber.Decimal}
   */
  number?: CurrencyNumber;

  /**
   * ISO 4217 code to use instead of {@link I18n.currency}.
   *
   * @defaultValue {@link I18n.currency}
   */
  currency?: string;

  /**
   * Whether `amount` is in minor units (cents). Set to `false` to pass
   * amounts in major units (dollars) instead.
   *
   * @defaultValue `true`
   */
  minorUnits?: boolean;
}

/**
 * Translations and number formatting for one locale.
 *
 * @remarks
 * Every {@link PlaykitSdk} owns one instance as {@link PlaykitSdk.i18n},
 * set up from {@link SdkConfig.locale} and {@link SdkConfig.currency}. You
 * can also create your own, for example in tests.
 *
 * Messages are plain strings in which `{name}` marks a place for a
 * variable. Numbers passed as variables are formatted for the locale.
 *
 * @example
 * ```ts
 * import { I18n } from '@playkit/sdk';
 *
 * const i18n = new I18n('de-DE', 'EUR', {
 *   'win.banner': 'Gewinn: {amount}',
 * });
 * i18n.t('win.banner', { amount: i18n.formatCurrency(2500) }); // "Gewinn: 25,00 €"
 * ```
 */
export class I18n {
  /** Canonical BCP 47 tag of the locale, for example `de-DE`. */
  readonly locale: string;

  #currency: string;
  readonly #messages = new Map<string, string>();
  readonly #formatters = new Map<string, Intl.NumberFormat>();

  /**
   * @param locale - BCP 47 language tag such as `en-US` or `ja-JP`.
   * @param currency - ISO 4217 currency code such as `USD`.
   * @param messages - Initial translations, keyed by message key.
   * @throws RangeError when the locale or the currency code is not valid.
   */
  constructor(locale: string, currency: string, messages?: Readonly<Record<string, string>>) {
    const [canonical] = Intl.getCanonicalLocales(locale);
    if (canonical === undefined) {
      throw new RangeError(`Invalid locale: "${locale}"`);
    }
    this.locale = canonical;
    this.#currency = checkCurrency(currency);
    if (messages) {
      this.addMessages(messages);
    }
  }

  /**
   * ISO 4217 code used when {@link FormatCurrencyOptions.currency} is not
   * given. Setting it validates and upper-cases the code.
   *
   * @throws RangeError when set to something that is not a three-letter code.
   */
  get currency(): string {
    return this.#currency;
  }

  set currency(code: string) {
    this.#currency = checkCurrency(code);
  }

  /**
   * Adds translations, replacing existing ones with the same key.
   *
   * @param messages - Translations keyed by message key.
   *
   * @example
   * ```ts
   * import { PlaykitSdk } from '@playkit/sdk';
   *
   * declare const sdk: PlaykitSdk;
   * sdk.i18n.addMessages({ 'button.spin': 'Spin', 'button.stop': 'Stop' });
   * ```
   */
  addMessages(messages: Readonly<Record<string, string>>): void {
    for (const [key, text] of Object.entries(messages)) {
      this.#messages.set(key, text);
    }
  }

  /**
   * Whether a translation exists for `key`.
   *
   * @param key - Message key.
   * @returns `true` when {@link I18n.t} would find a message.
   */
  has(key: string): boolean {
    return this.#messages.has(key);
  }

  /**
   * Translates a message key and fills in its variables.
   *
   * @param key - Message key, for example `win.banner`.
   * @param vars - Values for the `{name}` places in the message. Numbers are
   *   formatted for the locale; strings are inserted as they are.
   * @returns The translated text. An unknown key is returned unchanged, and
   *   a place without a matching variable is left as it is, so gaps are easy
   *   to spot during testing.
   *
   * @example
   * ```ts
   * import { I18n } from '@playkit/sdk';
   *
   * const i18n = new I18n('en-US', 'USD', { 'free.spins': '{count} free spins left' });
   * i18n.t('free.spins', { count: 12 }); // "12 free spins left"
   * i18n.t('missing.key');               // "missing.key"
   * ```
   */
  t(key: string, vars?: Readonly<Record<string, string | number>>): string {
    const text = this.#messages.get(key) ?? key;
    if (!vars) {
      return text;
    }
    return text.replace(/\{(\w+)\}/g, (place, name: string) => {
      const value = vars[name];
      if (value === undefined) {
        return place;
      }
      return typeof value === 'number' ? this.#formatter({}).format(value) : value;
    });
  }

  /**
   * Formats a plain number for the locale.
   *
   * @param value - The number.
   * @param options - Standard `Intl.NumberFormat` options.
   * @returns The formatted number, for example `1.234,5` in `de-DE`.
   */
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
    return this.#formatter(options ?? {}).format(value);
  }

  /**
   * Formats a money amount for the locale, built on `Intl.NumberFormat`.
   *
   * @param amount - The amount, in minor units (cents) unless
   *   {@link FormatCurrencyOptions.minorUnits} is `false`.
   * @param options - How to show the currency and the number.
   * @returns The formatted amount. Some locales put non-breaking spaces
   *   between the number and the currency (`12,50 €` in `de-DE`).
   * @throws RangeError when {@link FormatCurrencyOptions.currency} is not a valid code.
   *
   * @example
   * ```ts
   * import { CurrencyFormat, CurrencyNumber, I18n } from '@playkit/sdk';
   *
   * const i18n = new I18n('en-US', 'USD');
   * i18n.formatCurrency(123456);                                   // "$1,234.56"
   * i18n.formatCurrency(123456, { display: CurrencyFormat.Code }); // "USD 1,234.56"
   * i18n.formatCurrency(500, { number: CurrencyNumber.TrimZeros }); // "$5"
   * i18n.formatCurrency(12.5, { minorUnits: false });             // "$12.50"
   * ```
   */
  formatCurrency(amount: number, options: FormatCurrencyOptions = {}): string {
    const currency = options.currency === undefined ? this.#currency : checkCurrency(options.currency);
    const display = options.display ?? CurrencyFormat.Symbol;
    const style = options.number ?? CurrencyNumber.Decimal;
    const digits = this.#fractionDigits(currency);
    let value = options.minorUnits === false ? amount : amount / 10 ** digits;

    const format: Intl.NumberFormatOptions =
      display === CurrencyFormat.None
        ? { style: 'decimal', minimumFractionDigits: digits, maximumFractionDigits: digits }
        : { style: 'currency', currency, currencyDisplay: display };

    switch (style) {
      case CurrencyNumber.Compact:
        format.notation = 'compact';
        delete format.minimumFractionDigits;
        delete format.maximumFractionDigits;
        break;
      case CurrencyNumber.WholeUnits:
        value = Math.trunc(value);
        format.minimumFractionDigits = 0;
        format.maximumFractionDigits = 0;
        break;
      case CurrencyNumber.TrimZeros:
        if (Number.isInteger(value)) {
          format.minimumFractionDigits = 0;
          format.maximumFractionDigits = 0;
        }
        break;
      case CurrencyNumber.Decimal:
        break;
    }
    return this.#formatter(format).format(value);
  }

  /** Number of minor-unit digits of a currency: 2 for USD, 0 for JPY, 3 for KWD. */
  #fractionDigits(currency: string): number {
    return this.#formatter({ style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  }

  /** Creating an `Intl.NumberFormat` is slow, so each option set is built once. */
  #formatter(options: Intl.NumberFormatOptions): Intl.NumberFormat {
    const key = JSON.stringify(options);
    let formatter = this.#formatters.get(key);
    if (!formatter) {
      formatter = new Intl.NumberFormat(this.locale, options);
      this.#formatters.set(key, formatter);
    }
    return formatter;
  }
}

function checkCurrency(code: string): string {
  if (!/^[a-z]{3}$/i.test(code)) {
    throw new RangeError(`Invalid ISO 4217 currency code: "${code}"`);
  }
  return code.toUpperCase();
}
