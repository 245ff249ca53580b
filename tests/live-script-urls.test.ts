import { describe, expect, it } from 'vitest';
import { liveScriptUrlsInHtml, liveScriptUrlsInJavaScript, liveScriptUrlsInJson } from './helpers/live-script-urls.js';

/*
 * The fuzz test's "no live script from content" check is only as good as its detector: these
 * are the forms it must see through, and the safe forms it must let pass.
 */

describe('the live script URL detector', () => {
  it('finds script URLs however the HTML writes them', () => {
    const bad = [
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="&#x6A;&#x61;vascript&colon;alert(1)">x</a>',
      '<a href=" \u0001java\tscr\nipt:alert(1)">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
      '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
      '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
      '<form action="javascript:alert(1)"></form>',
      '<button formaction="javascript:alert(1)">b</button>',
      '<img srcset="ok.png 1x, javascript:alert(1) 2x">',
      '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg><a><animate attributeName="href" values="https://ok.example;javascript:alert(1)"/></a></svg>',
      '<svg><set attributeName="xlink:href" to="javascript:alert(1)"/></svg>',
      '<meta http-equiv="refresh" content="0; URL=\'javascript:alert(1)\'">',
      '<meta http-equiv="refresh" content="1;\n URL = \'jav\nascript:alert(1)\'">',
      '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
      '<iframe srcdoc="&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;"></iframe>',
      '<div style="background: url(\'javascript:alert(1)\')">x</div>',
      '<div style="background: url(\\6a avascript:alert(1))">x</div>',
      '<div onclick="alert(1)">x</div>',
      '<style>a { background: url("java\tscript:alert(1)") }</style>',
    ];
    for (const html of bad) expect(liveScriptUrlsInHtml(html), html).not.toEqual([]);
  });

  it('lets safe URLs pass, React\'s own refused-URL stand-in included', () => {
    const good = [
      '<a href="https://example.com/javascript:alert(1)">x</a>',
      '<a href="/docs/javascript">x</a>',
      '<a href="data:,">empty</a><link rel="icon" href="data:,">',
      '<meta http-equiv="refresh" content="0; url=&quot;https://ok.example&quot;">',
      '<a href="#javascript:x">x</a>',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<iframe sandbox="" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
      '<div style="background: url(data:image/svg+xml,%3Csvg%3E)">x</div>',
      '<p>javascript:alert(1) as text</p>',
      '<a href="javascript:throw new Error(&#x27;React has blocked a javascript: URL as a security precaution.&#x27;)">x</a>',
      '<meta http-equiv="refresh" content="5; url=https://example.com">',
    ];
    for (const html of good) expect(liveScriptUrlsInHtml(html), html).toEqual([]);
  });

  it('reads route data and MDX chunks too', () => {
    expect(liveScriptUrlsInJson(JSON.stringify({ html: '<a href="vbscript:x">x</a>', title: 'javascript:as text' }))).toHaveLength(1);
    expect(liveScriptUrlsInJson(JSON.stringify({ editUrl: ' javascript:alert(1)' }))).toHaveLength(1);
    expect(liveScriptUrlsInJson(JSON.stringify({ html: '<a href="/ok">x</a>', editUrl: 'https://ok.example' }))).toEqual([]);
    // A title is shown as text: the markup in it is letters on the page.
    expect(liveScriptUrlsInJson(JSON.stringify({ title: '<a href="javascript:alert(1)">x</a>' }))).toEqual([]);
    expect(liveScriptUrlsInJavaScript('x("a",{href:"java\\tscript:alert(1)",children:"x"});')).toHaveLength(1);
    expect(liveScriptUrlsInJavaScript('x("iframe",{srcDoc:"<script>alert(1)</script>"});')).toHaveLength(1);
    expect(liveScriptUrlsInJavaScript('x("div",{style:{background:"url(javascript:alert(1))"}});')).toHaveLength(1);
    expect(liveScriptUrlsInJavaScript('x("a",{href:"https://ok.example",title:"javascript:x"});')).toEqual([]);
  });
});
