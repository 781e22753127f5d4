// Readable text from a web page, for the knowledge store's ingestion and the knowledge.extract_text node.
import * as cheerio from 'cheerio';

/** Readable text from HTML: scripts, styles, navigation and chrome dropped, paragraphs kept. */
export function htmlToText(html: string, selector?: string): { title: string; text: string; links: number; headings: string[] } {
  const $ = cheerio.load(html);
  $('script, style, noscript, template, svg, iframe, nav, footer, header, aside, form').remove();
  const root = selector ? $(selector).first() : $('body').length ? $('body') : $.root();
  root.find('br').replaceWith('\n');
  root.find('p, div, li, h1, h2, h3, h4, h5, h6, tr, section, article, blockquote, pre').each((_, el) => {
    $(el).prepend('\n').append('\n');
  });
  const text = root.text().replace(/[ \t\u00a0]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  return { title: $('title').first().text().trim() || $('h1').first().text().trim(), text, links: root.find('a[href]').length, headings: root.find('h1, h2, h3').map((_, el) => $(el).text().trim()).get().filter(Boolean) };
}
