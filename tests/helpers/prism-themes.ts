/**
 * Two Prism themes written as prism-react-renderer writes its own (a light one after `github`, a
 * dark one after `dracula`), with colours chosen to be told apart in tests.
 */
export const lightPrismTheme = {
  plain: { color: '#393a34', backgroundColor: '#f6f8fa' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#999988', fontStyle: 'italic' } },
    { types: ['string', 'attr-value'], style: { color: '#e3116c' } },
    { types: ['keyword', 'selector', 'atrule'], style: { color: '#00a4db' } },
    { types: ['function'], style: { color: '#d73a49' } },
    // A style for one language only: not what other languages' keywords get.
    { types: ['keyword'], languages: ['css'], style: { color: '#123456' } },
  ],
};

export const darkPrismTheme = {
  plain: { color: '#f8f8f2', backgroundColor: '#282a36' },
  styles: [
    { types: ['comment'], style: { color: 'rgb(98, 114, 164)' } },
    { types: ['string'], style: { color: 'rgb(255, 121, 198)' } },
    { types: ['keyword'], style: { color: 'rgb(189, 147, 249)' } },
  ],
};
