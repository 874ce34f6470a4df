import { describe, expect, it } from 'vitest';
import { SvgRejectedError, cssIsSelfContained, sanitizeSvg } from './sanitizeSvg.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const PNG_DATA = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Nothing left that runs or reaches out: scripts, handlers, script URLs, addresses other than the namespaces. */
function expectInert(out: string) {
  expect(out).not.toMatch(/<script|<foreignObject|<iframe|<animate|<set\b|<feImage|<a\b/i);
  expect(out).not.toMatch(/\son\w+\s*=/i);
  expect(out).not.toMatch(/javascript:|vbscript:|@import|expression\(/i);
  expect(out.replace(/http:\/\/www\.w3\.org\/(2000\/svg|1999\/xlink)/g, '')).not.toMatch(/(https?:)?\/\/[a-z]/i);
}

describe('sanitizeSvg keeps a drawing as drawn', () => {
  it.each([
    [`<svg ${SVG} viewBox="0 0 10 10"><g fill="#123"><path d="M0 0h10v10z"/></g></svg>`, '<g fill="#123"><path d="M0 0h10v10z"></path></g>'],
    [`<svg ${SVG}><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect fill="url(#g)" width="4" height="4"/></svg>`, '<rect fill="url(#g)" width="4" height="4">'],
    [`<svg ${SVG}><style><![CDATA[ .a { fill: url(#g); } ]]></style><rect class="a"/></svg>`, '<style> .a { fill: url(#g); } </style>'],
    [`<svg ${SVG} ${XLINK}><defs><circle id="c" r="2"/></defs><use xlink:href="#c" x="3"/></svg>`, '<use xlink:href="#c" x="3">'],
    [`<svg ${SVG}><use href="#c"/></svg>`, '<use xlink:href="#c">'],
    [`<svg ${SVG}><image href="${PNG_DATA}" width="1" height="1"/></svg>`, `<image xlink:href="${PNG_DATA}" width="1" height="1">`],
    [`<svg ${SVG}><text x="1" font-family="Inter">Acme &amp; Co &lt;3</text></svg>`, '<text x="1" font-family="Inter">Acme &amp; Co &lt;3</text>'],
    [`<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg ${SVG} width="2"><rect/></svg>`, 'width="2"><rect></rect></svg>'],
    [`<svg><circle r="1"/></svg>`, '<circle r="1"></circle>'], // no namespace declared: still SVG
    [`<svg ${SVG}><a href="https://acme.example"><rect width="3"/></a></svg>`, '<rect width="3"></rect>'], // the link goes, its drawing stays
    [`<svg ${SVG}><rect style="fill: #fff; stroke: url(#s)"/></svg>`, 'style="fill: #fff; stroke: url(#s)"'],
  ])('%s keeps %s', (input, kept) => {
    const out = sanitizeSvg(input);
    expect(out).toContain(kept);
    expect(out.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`)).toBe(true);
    expectInert(out);
  });
});

describe('sanitizeSvg takes out what runs or reaches outside', () => {
  it.each([
    ['a script', `<svg ${SVG}><script>alert(1)</script><rect/></svg>`],
    ['a script in CDATA', `<svg ${SVG}><script><![CDATA[alert(1)]]></script></svg>`],
    ['an XHTML script', `<svg ${SVG} xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>`],
    ['a load handler', `<svg ${SVG} onload="alert(1)"><rect/></svg>`],
    ['a handler in capitals', `<svg ${SVG}><rect ONCLICK="alert(1)" onMouseOver="alert(2)"/></svg>`],
    ['a javascript link', `<svg ${SVG} ${XLINK}><a xlink:href="javascript:alert(1)"><text>click</text></a></svg>`],
    ['an outside image', `<svg ${SVG}><image href="https://evil.example/track.png"/></svg>`],
    ['an SVG data image', `<svg ${SVG}><image href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+"/></svg>`],
    ['an outside use', `<svg ${SVG}><use href="https://evil.example/sprite.svg#x"/></svg>`],
    ['a protocol-relative use', `<svg ${SVG} ${XLINK}><use xlink:href="//evil.example/s.svg#x"/></svg>`],
    ['foreignObject with HTML', `<svg ${SVG}><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject></svg>`],
    ['an animation rewriting a link', `<svg ${SVG}><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>`],
    ['an animate with script values', `<svg ${SVG}><animate attributeName="href" values="javascript:alert(1)"/></svg>`],
    ['feImage from outside', `<svg ${SVG}><filter id="f"><feImage href="https://evil.example/x.png"/></filter></svg>`],
    ['a CSS import', `<svg ${SVG}><style>@import url("https://evil.example/x.css"); .a{fill:red}</style></svg>`],
    ['a CSS outside url', `<svg ${SVG}><style>.a{background:url(https://evil.example/t.gif)}</style></svg>`],
    ['a CSS escape spelling url', `<svg ${SVG}><style>.a{background:\\75rl(https://evil.example/t.gif)}</style></svg>`],
    ['a font from outside', `<svg ${SVG}><style>@font-face{font-family:x;src:url(https://evil.example/f.woff)}</style></svg>`],
    ['a style attribute with an outside url', `<svg ${SVG}><rect style="fill:url(https://evil.example/t)"/></svg>`],
    ['a paint from outside', `<svg ${SVG}><rect fill="url(https://evil.example/p.svg#g)" filter="url('http://evil.example/f')"/></svg>`],
    ['a stylesheet instruction', `<?xml-stylesheet href="https://evil.example/x.css"?><svg ${SVG}><rect/></svg>`],
    ['editor metadata', `<svg ${SVG} xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"><sodipodi:namedview pagecolor="https://evil.example"/><metadata><a href="https://evil.example"/></metadata></svg>`],
    ['an iframe', `<svg ${SVG}><iframe src="https://evil.example"/></svg>`],
  ])('%s', (_name, input) => {
    expectInert(sanitizeSvg(input));
  });
});

describe('sanitizeSvg refuses what is not well-formed SVG', () => {
  it.each([
    ['an external entity', `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg ${SVG}><text>&xxe;</text></svg>`],
    ['nested entities', `<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg ${SVG}><text>&b;</text></svg>`],
    ['an HTML document', '<html><body><svg></svg></body></html>'],
    ['an unclosed element', `<svg ${SVG}><rect></svg>`],
    ['text only', 'hello'],
    ['an empty file', ''],
    ['two roots', `<svg ${SVG}></svg><svg ${SVG}></svg>`],
    ['a namespaced root', '<x:svg xmlns:x="http://evil.example/ns"></x:svg>'],
  ])('%s', (_name, input) => {
    expect(() => sanitizeSvg(input)).toThrow(SvgRejectedError);
  });
});

describe('cssIsSelfContained', () => {
  it.each([
    ['fill:#fff;stroke:url(#a)', true],
    ['fill: url( "#a" )', true],
    ['background:url(x.png)', false],
    ["background:url('data:image/png;base64,AAAA')", false],
    ['behavior: url(x.htc)', false],
    ['width: expression(alert(1))', false],
    ['background-image: image-set("x.png" 1x)', false],
    ['fill: red </style><script>', false],
  ])('%j → %s', (css, expected) => {
    expect(cssIsSelfContained(css)).toBe(expected);
  });
});

describe('sanitizeSvg against disguised attacks', () => {
  it.each([
    ['a script in the SVG namespace under a prefix', `<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script><s:rect/></s:svg>`],
    ['a javascript link spelled with character references', `<svg ${SVG}><a href="&#106;avascript&#58;alert(1)"><rect/></a></svg>`],
    ['a javascript link with spaces and capitals', `<svg ${SVG} ${XLINK}><use xlink:href="  JaVaScRiPt:alert(1)"/></svg>`],
    ['a data: document in use', `<svg ${SVG}><use href="data:image/svg+xml,&lt;svg onload='alert(1)'/&gt;#x"/></svg>`],
    ['a javascript image source', `<svg ${SVG}><image href="javascript:alert(1)"/></svg>`],
    ['an xml:base leading elsewhere', `<svg ${SVG} xml:base="https://evil.example/"><use href="#x"/></svg>`],
    ['XML Events handlers', `<svg ${SVG} xmlns:ev="http://www.w3.org/2001/xml-events"><rect ev:event="click" ev:handler="#h"/><handler>alert(1)</handler><listener event="load"/></svg>`],
    ['a handler hidden in a namespace', `<svg ${SVG} xmlns:x="http://evil.example/"><rect x:onclick="alert(1)"/></svg>`],
    ['a foreignObject deep inside a group', `<svg ${SVG}><g><g><switch><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject></switch></g></g></svg>`],
    ['an animated href on a use', `<svg ${SVG}><use href="#a"><animate attributeName="href" to="javascript:alert(1)"/></use></svg>`],
    ['a style attribute with a javascript url', `<svg ${SVG}><rect style="background:url(javascript:alert(1))"/></svg>`],
    ['a CSS comment between url and its address', `<svg ${SVG}><style>.a{fill:url(/**/https://evil.example/p)}</style></svg>`],
    ['a style element closing itself early', `<svg ${SVG}><style>&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</style></svg>`],
    ['an iframe in an HTML namespace', `<svg ${SVG}><h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></svg>`],
    ['a mask drawing an outside image', `<svg ${SVG}><mask id="m"><image href="https://evil.example/m.png"/></mask><rect mask="url(#m)"/></svg>`],
  ])('%s', (_name, input) => {
    const out = sanitizeSvg(input);
    expectInert(out);
    expect(out).not.toMatch(/handler|listener|xml:base|data:image\/svg/i);
  });

  it('keeps escaped text as text, never as markup', () => {
    const out = sanitizeSvg(`<svg ${SVG}><text>&lt;script&gt;alert(1)&lt;/script&gt;</text></svg>`);
    expect(out).toContain('<text>&lt;script&gt;alert(1)&lt;/script&gt;</text>');
    expect(out).not.toContain('<script');
  });
});
