// URL- and file-name-safe slugs, for the slugify node and the nodes that name files after their content.
/** Latin-script slug: accents stripped (NFKD), anything else between words becomes the separator. */
export function slugify(text: string, separator = '-', lowercase = true, maxLength = 80): string {
  const base = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').replace(/æ/gi, 'ae').replace(/ø/gi, 'o').replace(/&/g, ' and ');
  const words = base.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  let slug = words.join(separator);
  if (lowercase) slug = slug.toLowerCase();
  if (slug.length > maxLength) {
    const cut = slug.slice(0, maxLength);
    const at = separator ? cut.lastIndexOf(separator) : -1;
    slug = at > 0 ? cut.slice(0, at) : cut;
  }
  return slug;
}
