import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { compiledCatalogue as compiled } from './support/compiled';
import { describe, expect, it } from 'vitest';
import { transformSync } from '@babel/core';
import linguiSourceMessages from '../../../scripts/lib/lingui-source-messages';

const MINUTES = '{minutes, plural, one {# minute} other {# minutes}}';
const ITEMS = '{n, plural, one {# item} other {# items}}';

describe('ICU plurals in each language', () => {
  it("English: '1 minute', '2 minutes'", () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: compiled('en') } });
    expect(i18n._(MINUTES, { minutes: 1 })).toBe('1 minute');
    expect(i18n._(MINUTES, { minutes: 2 })).toBe('2 minutes');
  });

  it("Filipino uses one and other: '1 minuto', '2 minuto'", () => {
    const i18n = setupI18n({ locale: 'fil', messages: { fil: compiled('fil') } });
    expect(i18n._(MINUTES, { minutes: 1 })).toBe('1 minuto');
    expect(i18n._(MINUTES, { minutes: 5 })).toBe('5 minuto');
  });

  it("Filipino's English loanwords count with =1: '1 item', '3 items' (3 is Filipino's 'one' form)", () => {
    const i18n = setupI18n({ locale: 'fil', messages: { fil: compiled('fil') } });
    expect(i18n._(ITEMS, { n: 1 })).toBe('1 item');
    expect(i18n._(ITEMS, { n: 3 })).toBe('3 items');
    expect(i18n._(ITEMS, { n: 4 })).toBe('4 items');
  });

  it("Bahasa Indonesia has no plural forms: '1 menit', '2 menit'", () => {
    const i18n = setupI18n({ locale: 'id', messages: { id: compiled('id') } });
    expect(i18n._(MINUTES, { minutes: 1 })).toBe('1 menit');
    expect(i18n._(MINUTES, { minutes: 2 })).toBe('2 menit');
  });
});

describe('source messages compiled at build time (English loads no catalogue)', () => {
  const build = (code: string) => transformSync(code, { filename: 'x.ts', babelrc: false, configFile: false, plugins: [linguiSourceMessages] })!.code!;

  it("turns a descriptor's message into the compiled form Lingui interpolates, with no catalogue and no runtime compiler", () => {
    const out = build(`descriptor({ id: "a1", message: "Hi {name}, {n, plural, one {# point} other {# points}}" });`);
    let message: unknown;
    new Function('descriptor', out)((d: { message: unknown }) => (message = d.message));
    // the same as Lingui's compiler makes (toEqual: the plural's absent offset left out)
    expect(message).toEqual(compileMessage('Hi {name}, {n, plural, one {# point} other {# points}}'));
    expect(out).not.toContain('offset');
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    i18n.setMessagesCompiler(() => {
      throw new Error('no runtime compiler');
    });
    expect(i18n._('a1', { name: 'Ana', n: 1 }, { message: message as string })).toBe('Hi Ana, 1 point');
    expect(i18n._('a1', { name: 'Ana', n: 3 }, { message: message as string })).toBe('Hi Ana, 3 points');
  });

  it('leaves objects that are not descriptors alone', () => {
    expect(build(`x({ message: "plain" });`)).toContain('message: "plain"');
  });
});
