// A small dictionary translator for a few languages: word by word through English, keeping case
// and punctuation. Honest about its reach: unknown words pass through unchanged.

// Polish is the voice product's default language and English the story product's: both are here.
export const LOCAL_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'pl'] as const;

/** Names of the languages the offline translator serves (GET /v1/ai/text/translate/languages). */
export const LANGUAGE_NAMES: Record<(typeof LOCAL_LANGUAGES)[number], string> = {
  en: 'English', es: 'Spanish', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese', pl: 'Polish',
};
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

// english → Polish. Polish has no articles: "the" and "a" translate to nothing.
const POLISH: Record<string, string> = {
  hello: 'cześć', goodbye: 'do widzenia', world: 'świat', good: 'dobry', morning: 'rano', night: 'noc',
  day: 'dzień', thank: 'dziękuję', thanks: 'dzięki', you: 'ty', i: 'ja', we: 'my', they: 'oni', is: 'jest',
  are: 'są', am: 'jestem', the: '', a: '', and: 'i', or: 'lub', not: 'nie', yes: 'tak', no: 'nie',
  please: 'proszę', cat: 'kot', dog: 'pies', house: 'dom', water: 'woda', bread: 'chleb', friend: 'przyjaciel',
  love: 'miłość', sun: 'słońce', moon: 'księżyc', sea: 'morze', city: 'miasto', car: 'samochód', book: 'książka',
  red: 'czerwony', blue: 'niebieski', green: 'zielony', big: 'duży', small: 'mały', new: 'nowy', old: 'stary',
  time: 'czas', today: 'dzisiaj', tomorrow: 'jutro', how: 'jak', what: 'co', where: 'gdzie', my: 'mój',
  name: 'imię', eat: 'jeść', drink: 'pić', go: 'iść', see: 'widzieć', beautiful: 'piękny', one: 'jeden',
  two: 'dwa', three: 'trzy',
};

const INDEX: Record<Exclude<Lang, 'en' | 'pl'>, number> = { es: 0, fr: 1, de: 2, it: 3, pt: 4 };

/** The word for an English dictionary entry in a target language. */
function wordFor(english: string, to: Exclude<Lang, 'en'>): string {
  return to === 'pl' ? POLISH[english] ?? english : WORDS[english]![INDEX[to]]!;
}

// Reverse dictionaries (foreign word → English), first English word wins on collisions.
const REVERSE: Record<string, Map<string, string>> = {};
for (const lang of LOCAL_LANGUAGES) {
  if (lang === 'en') continue;
  const map = new Map<string, string>();
  for (const en of Object.keys(WORDS)) {
    const word = wordFor(en, lang);
    if (word && !map.has(word)) map.set(word, en);
  }
  REVERSE[lang] = map;
}

export function isLocalLanguage(code: string): code is Lang {
  return (LOCAL_LANGUAGES as readonly string[]).includes(code);
}

/**
 * Why the translate provider would refuse `req` (a language it does not know), or null. Callers
 * check it before they charge, so a refused translation never moves the wallet.
 */
export function translateRefusal(req: { target: string; source?: string }): string | null {
  const known = (code: string) => isLocalLanguage(code.toLowerCase().split('-')[0]!);
  const supported = `Supported: ${LOCAL_LANGUAGES.join(', ')}`;
  if (!known(req.target)) return `Unsupported target language '${req.target}'. ${supported}`;
  if (req.source !== undefined && !known(req.source)) return `Unsupported source language '${req.source}'. ${supported} (or leave source out to detect it)`;
  return null;
}

/** Guesses the source language by counting dictionary hits. */
export function detectLanguage(text: string): Lang {
  const words = tokens(text).filter((t) => /\p{L}/u.test(t)).map((t) => t.toLowerCase());
  let best: Lang = 'en';
  let bestHits = words.filter((w) => w in WORDS).length;
  for (const lang of Object.keys(REVERSE) as Array<Exclude<Lang, 'en'>>) {
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
  const out: string[] = [];
  let dropped = false;
  let capitalise = false;
  for (const token of tokens(text)) {
    if (!/\p{L}/u.test(token)) {
      // A word that translates to nothing (an article into Polish) takes its following space along.
      out.push(dropped ? token.replace(/^ /, '') : token);
      dropped = false;
      continue;
    }
    dropped = false;
    const lower = token.toLowerCase();
    const english = from === 'en' ? (lower in WORDS ? lower : undefined) : REVERSE[from]!.get(lower);
    if (english === undefined) {
      out.push(token);
      capitalise = false;
      continue;
    }
    const word = to === 'en' ? english : wordFor(english, to);
    if (word === '') {
      dropped = true;
      // "The cat" → "Kot": a dropped sentence-initial word hands its capital on.
      capitalise = token[0] !== token[0]!.toLowerCase();
      continue;
    }
    const cased = matchCase(token, word);
    out.push(capitalise ? cased.charAt(0).toUpperCase() + cased.slice(1) : cased);
    capitalise = false;
  }
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
