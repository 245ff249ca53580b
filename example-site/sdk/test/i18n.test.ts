import { describe, expect, it } from 'vitest';
import { CurrencyFormat, CurrencyNumber, I18n } from '../src/index.js';

/** What Intl itself prints, so non-breaking spaces and locale quirks match exactly. */
function intl(locale: string, value: number, options: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

describe('formatCurrency', () => {
  it('formats minor units with the currency symbol by default', () => {
    expect(new I18n('en-US', 'USD').formatCurrency(123_456)).toBe('$1,234.56');
    expect(new I18n('de-DE', 'EUR').formatCurrency(123_456)).toBe(
      intl('de-DE', 1234.56, { style: 'currency', currency: 'EUR' }),
    );
    expect(new I18n('de-DE', 'EUR').formatCurrency(123_456)).toBe('1.234,56\u00a0€');
    expect(new I18n('fr-FR', 'EUR').formatCurrency(123_456)).toBe(
      intl('fr-FR', 1234.56, { style: 'currency', currency: 'EUR' }),
    );
  });

  it('uses the minor unit of each currency', () => {
    expect(new I18n('ja-JP', 'JPY').formatCurrency(1_500)).toBe(intl('ja-JP', 1500, { style: 'currency', currency: 'JPY' }));
    expect(new I18n('en-US', 'KWD').formatCurrency(1_500)).toBe(intl('en-US', 1.5, { style: 'currency', currency: 'KWD' }));
    expect(new I18n('en-GB', 'GBP').formatCurrency(99)).toBe('£0.99');
  });

  it('accepts major units when asked', () => {
    expect(new I18n('en-US', 'USD').formatCurrency(12.5, { minorUnits: false })).toBe('$12.50');
    expect(new I18n('ja-JP', 'JPY').formatCurrency(1500, { minorUnits: false })).toBe(
      intl('ja-JP', 1500, { style: 'currency', currency: 'JPY' }),
    );
  });

  it('shows the currency as symbol, code, name or not at all', () => {
    const us = new I18n('en-US', 'USD');
    expect(us.formatCurrency(1_250, { display: CurrencyFormat.Symbol })).toBe('$12.50');
    expect(us.formatCurrency(1_250, { display: CurrencyFormat.Code })).toBe(
      intl('en-US', 12.5, { style: 'currency', currency: 'USD', currencyDisplay: 'code' }),
    );
    expect(us.formatCurrency(1_250, { display: CurrencyFormat.Name })).toBe('12.50 US dollars');
    expect(us.formatCurrency(1_250, { display: CurrencyFormat.None })).toBe('12.50');

    const de = new I18n('de-DE', 'EUR');
    expect(de.formatCurrency(1_250, { display: CurrencyFormat.Name })).toBe(
      intl('de-DE', 12.5, { style: 'currency', currency: 'EUR', currencyDisplay: 'name' }),
    );
    expect(de.formatCurrency(1_250, { display: CurrencyFormat.None })).toBe('12,50');
  });

  it('shows the number in full, compact, whole units or without trailing zeros', () => {
    const us = new I18n('en-US', 'USD');
    expect(us.formatCurrency(123_456_789, { number: CurrencyNumber.Decimal })).toBe('$1,234,567.89');
    expect(us.formatCurrency(123_456_789, { number: CurrencyNumber.Compact })).toBe('$1.2M');
    expect(us.formatCurrency(1_299, { number: CurrencyNumber.WholeUnits })).toBe('$12');
    expect(us.formatCurrency(500, { number: CurrencyNumber.TrimZeros })).toBe('$5');
    expect(us.formatCurrency(550, { number: CurrencyNumber.TrimZeros })).toBe('$5.50');

    const de = new I18n('de-DE', 'EUR');
    expect(de.formatCurrency(123_456_789, { number: CurrencyNumber.Compact })).toBe(
      intl('de-DE', 1_234_567.89, { style: 'currency', currency: 'EUR', notation: 'compact' }),
    );
    expect(de.formatCurrency(1_299, { number: CurrencyNumber.WholeUnits, display: CurrencyFormat.None })).toBe('12');

    const ja = new I18n('ja-JP', 'JPY');
    expect(ja.formatCurrency(123_456_789, { number: CurrencyNumber.Compact })).toBe(
      intl('ja-JP', 123_456_789, { style: 'currency', currency: 'JPY', notation: 'compact' }),
    );
  });

  it('can format another currency than the default one', () => {
    const i18n = new I18n('en-US', 'USD');
    expect(i18n.formatCurrency(1_000, { currency: 'eur' })).toBe('€10.00');
    expect(() => i18n.formatCurrency(1_000, { currency: 'euro' })).toThrow(RangeError);
  });

  it('follows a changed currency', () => {
    const i18n = new I18n('en-US', 'XXX');
    i18n.currency = 'gbp';
    expect(i18n.currency).toBe('GBP');
    expect(i18n.formatCurrency(250)).toBe('£2.50');
  });
});

describe('translations', () => {
  it('fills in variables and formats numbers for the locale', () => {
    const i18n = new I18n('de-DE', 'EUR', { 'free.spins': 'Noch {count} Freispiele', 'win.banner': 'Gewinn: {amount}' });
    expect(i18n.t('free.spins', { count: 1200 })).toBe('Noch 1.200 Freispiele');
    expect(i18n.t('win.banner', { amount: i18n.formatCurrency(2_500) })).toBe(
      `Gewinn: ${intl('de-DE', 25, { style: 'currency', currency: 'EUR' })}`,
    );
  });

  it('returns the key for unknown messages and keeps unknown places', () => {
    const i18n = new I18n('en-US', 'USD', { greeting: 'Hello {name}, welcome to {game}' });
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('greeting', { name: 'Ada' })).toBe('Hello Ada, welcome to {game}');
    expect(i18n.has('greeting')).toBe(true);
    expect(i18n.has('missing.key')).toBe(false);
  });

  it('lets later messages replace earlier ones', () => {
    const i18n = new I18n('en-US', 'USD', { spin: 'Spin' });
    i18n.addMessages({ spin: 'Go!', stop: 'Stop' });
    expect(i18n.t('spin')).toBe('Go!');
    expect(i18n.t('stop')).toBe('Stop');
  });

  it('canonicalises the locale and rejects invalid ones', () => {
    expect(new I18n('en-us', 'USD').locale).toBe('en-US');
    expect(() => new I18n('not a locale!', 'USD')).toThrow(RangeError);
  });

  it('formats plain numbers for the locale', () => {
    expect(new I18n('de-DE', 'EUR').formatNumber(1234.5)).toBe('1.234,5');
    expect(new I18n('en-IN', 'INR').formatNumber(1_234_567)).toBe('12,34,567');
  });
});
