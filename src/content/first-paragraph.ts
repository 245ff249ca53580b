/** A short description from the first paragraph of plain prose, for meta tags and category cards. */
export function firstParagraph(body: string): string | undefined {
  const withoutCode = body.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  // The blocks one by one up to the first that is prose: splitting the whole body cost more than the rest.
  const blankLines = /\r?\n\s*\r?\n/g;
  for (let start = 0; start <= withoutCode.length; ) {
    blankLines.lastIndex = start;
    const separator = blankLines.exec(withoutCode);
    const block = withoutCode.slice(start, separator ? separator.index : withoutCode.length);
    start = separator ? separator.index + separator[0].length : withoutCode.length + 1;
    const text = block.trim();
    if (!text || /^(#|:::|[-*+] |\d+\. |\||>|<|!\[|import |export )/.test(text)) continue;
    const plain = text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Inline HTML and JSX tags (`<Highlight color="…">fast</Highlight>`) leave their text, as in Docusaurus' excerpts.
      .replace(/<\/?[A-Za-z][^>]*>/g, '')
      .replace(/[`*_~]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (plain) return plain.length > 200 ? `${plain.slice(0, 197).replace(/\s+\S*$/, '')}…` : plain;
  }
  return undefined;
}
