/**
 * The pure parts of email rendering: plain-text handlebars (an email's subject: nothing escaped,
 * nothing else changed), the email HTML allow-list (the stored-HTML list plus layout attributes and
 * safe inline styles), the per-language texts with English as the fallback, and the template check
 * that refuses what would not render.
 */
import { describe, expect, it } from 'vitest';
import { renderHandlebars, renderHandlebarsText } from '../../engine/core/handlebars';
import { templateProblem } from '../../server/email/render';
import { emailTexts } from '../../server/email/texts';
import { sanitizeEmailHtml } from '../../server/html/sanitize';

describe('email rendering', () => {
  it('renders a subject as plain text, the body escaped', () => {
    const data = { title: 'Tom & Jerry <3 "quotes"' };
    expect(renderHandlebarsText('Re: {{title}}', data)).toBe('Re: Tom & Jerry <3 "quotes"');
    expect(renderHandlebars('<p>{{title}}</p>', data)).toBe('<p>Tom &amp; Jerry &lt;3 &quot;quotes&quot;</p>');
    expect(renderHandlebarsText('{{#if title}}yes{{else}}no{{/if}}', {})).toBe('no');
  });

  it('keeps email layout attributes and safe styles, drops scripts, handlers, unsafe URLs and styles', () => {
    const html = sanitizeEmailHtml(
      '<table cellpadding="4" bgcolor="#fff" onclick="x()"><tr><td align="center" style="color: red; position: fixed; background-color: url(https://t.example/p)">A</td></tr></table>' +
        '<script>alert(1)</script><a href="javascript:alert(1)">b</a><a href="{{link}}">c</a><img src="https://cdn.example.org/l.png"><style>p{}</style>',
    );
    expect(html).toBe(
      '<table cellpadding="4" bgcolor="#fff"><tr><td align="center" style="color:red">A</td></tr></table><a>b</a><a href="{{link}}">c</a><img src="https://cdn.example.org/l.png" />',
    );
  });

  it('gives the texts in the language, its base language, else English', () => {
    const params = { siteName: 'Riverside', recipientName: 'Maya' };
    expect(emailTexts('fr', params).greeting).toBe('Bonjour Maya,');
    expect(emailTexts('fr-CA', params).greeting).toBe('Bonjour Maya,');
    expect(emailTexts('de', params).greeting).toBe('Hello Maya,');
    expect(emailTexts('', params).sentBy).toBe('This email was sent to you by Riverside.');
  });

  it('refuses a template that would not render, naming the part and the problem', () => {
    expect(templateProblem('Hi {{name}}', '<p>{{name}}</p>', ['name'])).toBeUndefined();
    expect(templateProblem('{{#each}}', '<p></p>', [])).toMatch(/^subject: the handlebars does not compile/);
    expect(templateProblem('Hi', '{{> partial}}', [])).toMatch(/^html: the handlebars does not compile: .*partial/);
    expect(templateProblem('Hi', '{{upper name}}', ['name'])).toMatch(/^html: .*Missing helper: "upper"/);
  });
});
