// A small dictionary translator for a few languages: word by word through English, keeping case
// and punctuation. Honest about its reach: unknown words pass through unchanged.

export const LOCAL_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
type Lang = (typeof LOCAL_LANGUAGES)[number];

// english: [es, fr, de, it, pt]
const WORDS: Record<string, [string, string, string, string, string]> = {
  hello: ['hola', 'bonjour', 'hallo', 'ciao', 'olá'],
  goodbye: ['adiós', 'au revoir', 'auf wiedersehen', 'arrivederci', 'adeus'],
  world: ['mundo', 'monde', 'welt', 'mondo', 'mundo'],
  good: ['bueno', 'bon', 'gut', 'buono', 'bom'],
  morning: ['mañana', 'matin', 'morgen', 'mattina', 'manhã'],
  night: ['noche', 'nuit', 'nacht', 'notte', 'noite'],
  day: ['día', 'jour', 'tag', 'giorno', 'dia'],
  thank: ['gracias', 'merci', 'danke', 'grazie', 'obrigado'],
  thanks: ['gracias', 'merci', 'danke', 'grazie', 'obrigado'],
  you: ['tú', 'vous', 'du', 'tu', 'você'],
  i: ['yo', 'je', 'ich', 'io', 'eu'],
  we: ['nosotros', 'nous', 'wir', 'noi', 'nós'],
  they: ['ellos', 'ils', 'sie', 'loro', 'eles'],
  is: ['es', 'est', 'ist', 'è', 'é'],
  are: ['son', 'sont', 'sind', 'sono', 'são'],
  am: ['soy', 'suis', 'bin', 'sono', 'sou'],
  the: ['el', 'le', 'der', 'il', 'o'],
  a: ['un', 'un', 'ein', 'un', 'um'],
  and: ['y', 'et', 'und', 'e', 'e'],
  or: ['o', 'ou', 'oder', 'o', 'ou'],
  not: ['no', 'pas', 'nicht', 'non', 'não'],
  yes: ['sí', 'oui', 'ja', 'sì', 'sim'],
  no: ['no', 'non', 'nein', 'no', 'não'],
  please: ['por favor', "s'il vous plaît", 'bitte', 'per favore', 'por favor'],
  cat: ['gato', 'chat', 'katze', 'gatto', 'gato'],
  dog: ['perro', 'chien', 'hund', 'cane', 'cão'],
  house: ['casa', 'maison', 'haus', 'casa', 'casa'],
  water: ['agua', 'eau', 'wasser', 'acqua', 'água'],
  bread: ['pan', 'pain', 'brot', 'pane', 'pão'],
  friend: ['amigo', 'ami', 'freund', 'amico', 'amigo'],
  love: ['amor', 'amour', 'liebe', 'amore', 'amor'],
  sun: ['sol', 'soleil', 'sonne', 'sole', 'sol'],
  moon: ['luna', 'lune', 'mond', 'luna', 'lua'],
  sea: ['mar', 'mer', 'meer', 'mare', 'mar'],
  city: ['ciudad', 'ville', 'stadt', 'città', 'cidade'],
  car: ['coche', 'voiture', 'auto', 'macchina', 'carro'],
  book: ['libro', 'livre', 'buch', 'libro', 'livro'],
  red: ['rojo', 'rouge', 'rot', 'rosso', 'vermelho'],
  blue: ['azul', 'bleu', 'blau', 'blu', 'azul'],
  green: ['verde', 'vert', 'grün', 'verde', 'verde'],
  big: ['grande', 'grand', 'groß', 'grande', 'grande'],
  small: ['pequeño', 'petit', 'klein', 'piccolo', 'pequeno'],
  new: ['nuevo', 'nouveau', 'neu', 'nuovo', 'novo'],
  old: ['viejo', 'vieux', 'alt', 'vecchio', 'velho'],
  time: ['tiempo', 'temps', 'zeit', 'tempo', 'tempo'],
  today: ['hoy', "aujourd'hui", 'heute', 'oggi', 'hoje'],
  tomorrow: ['mañana', 'demain', 'morgen', 'domani', 'amanhã'],
  how: ['cómo', 'comment', 'wie', 'come', 'como'],
  what: ['qué', 'quoi', 'was', 'cosa', 'o que'],
  where: ['dónde', 'où', 'wo', 'dove', 'onde'],
  my: ['mi', 'mon', 'mein', 'mio', 'meu'],
  name: ['nombre', 'nom', 'name', 'nome', 'nome'],
  eat: ['comer', 'manger', 'essen', 'mangiare', 'comer'],
  drink: ['beber', 'boire', 'trinken', 'bere', 'beber'],
  go: ['ir', 'aller', 'gehen', 'andare', 'ir'],
  see: ['ver', 'voir', 'sehen', 'vedere', 'ver'],
  beautiful: ['hermoso', 'beau', 'schön', 'bello', 'bonito'],
  one: ['uno', 'un', 'eins', 'uno', 'um'],
  two: ['dos', 'deux', 'zwei', 'due', 'dois'],
  three: ['tres', 'trois', 'drei', 'tre', 'três'],
};

const INDEX: Record<Exclude<Lang, 'en'>, number> = { es: 0, fr: 1, de: 2, it: 3, pt: 4 };

// Reverse dictionaries (foreign word → English), first English word wins on collisions.
const REVERSE: Record<string, Map<string, string>> = {};
for (const [lang, idx] of Object.entries(INDEX)) {
  const map = new Map<string, string>();
  for (const [en, row] of Object.entries(WORDS)) if (!map.has(row[idx]!)) map.set(row[idx]!, en);
  REVERSE[lang] = map;
}

export function isLocalLanguage(code: string): code is Lang {
  return (LOCAL_LANGUAGES as readonly string[]).includes(code);
}

/** Guesses the source language by counting dictionary hits. */
export function detectLanguage(text: string): Lang {
  const words = tokens(text).filter((t) => /\p{L}/u.test(t)).map((t) => t.toLowerCase());
  let best: Lang = 'en';
  let bestHits = words.filter((w) => w in WORDS).length;
  for (const lang of Object.keys(INDEX) as Array<Exclude<Lang, 'en'>>) {
    const hits = words.filter((w) => REVERSE[lang]!.has(w)).length;
    if (hits > bestHits) {
      best = lang;
      bestHits = hits;
    }
  }
  return best;
}

export function localTranslate(text: string, target: string, source?: string): { text: string; source: string } {
  const to = target.toLowerCase().split('-')[0]!;
  if (!isLocalLanguage(to)) throw new Error(`target language ${target} is not one the local translator knows (${LOCAL_LANGUAGES.join(', ')})`);
  const from = source && isLocalLanguage(source) ? source : detectLanguage(text);
  const out = tokens(text).map((token) => {
    if (!/\p{L}/u.test(token)) return token;
    const lower = token.toLowerCase();
    const english = from === 'en' ? (lower in WORDS ? lower : undefined) : REVERSE[from]!.get(lower);
    if (english === undefined) return token;
    const word = to === 'en' ? english : WORDS[english]![INDEX[to]]!;
    return matchCase(token, word);
  });
  return { text: out.join(''), source: from };
}

function tokens(text: string): string[] {
  return text.match(/[\p{L}']+|[^\p{L}']+/gu) ?? [];
}

function matchCase(original: string, word: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return word.toUpperCase();
  if (original[0] === original[0]!.toUpperCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}
