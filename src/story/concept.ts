import type { CHARACTER_ROLES, Language, Style } from './catalog';
import { hashString, rng, type Rng } from '../generation/prng';

export interface ConceptScene {
  index: number;
  title: string;
  description: string;
  duration: number;
  mood: string;
  narration_text: string;
}

export interface Concept {
  title: string;
  synopsis: string;
  tone: string;
  setting: string;
  scenes: ConceptScene[];
  characters_needed: Array<{ role: (typeof CHARACTER_ROLES)[number]; description: string }>;
}

export interface ConceptRequest {
  prompt: string;
  style: Style;
  num_scenes: number;
  duration: number;
  language: Language;
  seed: number;
}

const STOP = new Set(['about', 'after', 'again', 'their', 'there', 'these', 'those', 'which', 'while', 'where', 'with', 'from', 'into', 'that', 'this', 'what', 'when', 'story', 'video', 'make', 'create', 'please', 'should', 'would', 'could', 'the', 'and', 'for']);

const TONES: Record<Style, string[]> = {
  cinematic: ['sweeping and bittersweet', 'tense and atmospheric', 'hopeful and grand'],
  anime: ['earnest and energetic', 'wistful and dreamy', 'playful with a heroic edge'],
  cartoon: ['bouncy and comic', 'warm and silly', 'mischievous and bright'],
  documentary: ['observational and calm', 'curious and grounded', 'measured and reflective'],
  fantasy: ['mythic and wondrous', 'eerie and enchanted', 'heroic and luminous'],
  scifi: ['cool and cerebral', 'neon-lit and restless', 'vast and lonely'],
};

const SETTINGS: Record<Style, string[]> = {
  cinematic: ['a harbour town at dusk', 'a rain-soaked city', 'a desert highway at golden hour'],
  anime: ['a seaside school town', 'a floating island village', 'a lantern-lit festival street'],
  cartoon: ['a candy-coloured suburb', 'a treehouse kingdom', 'a bustling toy workshop'],
  documentary: ['a working fishing village', 'a high mountain valley', 'an old city market'],
  fantasy: ['an enchanted forest', 'a crystal citadel', 'a misty kingdom of ruins'],
  scifi: ['an orbital station', 'a neon megacity', 'a terraformed red plain'],
};

const MOODS = ['calm', 'curious', 'tense', 'urgent', 'triumphant', 'melancholic', 'hopeful', 'mysterious'];

const SCENE_TITLES = ['The Beginning', 'A Discovery', 'The Turn', 'Into the Unknown', 'The Challenge', 'Darkest Hour', 'The Breakthrough', 'Homecoming'];

// Narration beats per language: opening, middle beats, climax, ending. {s} = subject, {p} = place.
const BEATS: Record<Language, { open: string[]; mid: string[]; climax: string[]; end: string[] }> = {
  en: {
    open: ['It begins in {p}, where {s} waits for something to change.', 'In {p}, {s} is about to begin.'],
    mid: ['Step by step, {s} moves closer to the truth.', 'A new path opens, and {s} takes it without looking back.', 'Nothing is quite what it seemed, and {s} must choose.'],
    climax: ['Everything comes down to this moment for {s}.', 'With the world holding its breath, {s} makes the leap.'],
    end: ['And so {s} finds a place in {p} at last.', 'The light settles over {p}, and the story of {s} rests.'],
  },
  pl: {
    open: ['Wszystko zaczyna się w miejscu: {p}, gdzie {s} czeka na zmianę.', 'Tutaj, w miejscu: {p}, zaczyna się historia: {s}.'],
    mid: ['Krok po kroku {s} zbliża się do prawdy.', 'Otwiera się nowa droga i {s} rusza przed siebie.', 'Nic nie jest takie, jak się wydawało.'],
    climax: ['Wszystko rozstrzyga się w tej jednej chwili.', 'Świat wstrzymuje oddech, a {s} skacze.'],
    end: ['I tak {s} odnajduje wreszcie swoje miejsce.', 'Światło gaśnie łagodnie, a historia dobiega końca.'],
  },
  de: {
    open: ['Alles beginnt an einem Ort: {p}, wo {s} auf eine Veränderung wartet.', 'Hier beginnt die Geschichte: {s}.'],
    mid: ['Schritt für Schritt kommt {s} der Wahrheit näher.', 'Ein neuer Weg öffnet sich, und {s} geht ihn.', 'Nichts ist so, wie es schien.'],
    climax: ['Alles entscheidet sich in diesem Augenblick.', 'Die Welt hält den Atem an, und {s} wagt den Sprung.'],
    end: ['Und so findet {s} endlich seinen Platz.', 'Das Licht legt sich sanft, und die Geschichte ruht.'],
  },
  fr: {
    open: ["Tout commence ici, dans ce lieu : {p}, où {s} attend un changement.", "Ici commence l'histoire : {s}."],
    mid: ['Pas à pas, {s} se rapproche de la vérité.', "Un nouveau chemin s'ouvre, et {s} s'y engage.", "Rien n'est tout à fait ce qu'il semblait."],
    climax: ['Tout se joue en cet instant.', 'Le monde retient son souffle, et {s} saute.'],
    end: ['Et ainsi, {s} trouve enfin sa place.', "La lumière se pose doucement, et l'histoire s'achève."],
  },
  es: {
    open: ['Todo comienza aquí, en {p}, donde {s} espera un cambio.', 'Aquí empieza la historia: {s}.'],
    mid: ['Paso a paso, {s} se acerca a la verdad.', 'Se abre un nuevo camino, y {s} lo toma.', 'Nada es lo que parecía.'],
    climax: ['Todo se decide en este momento.', 'El mundo contiene el aliento, y {s} da el salto.'],
    end: ['Y así, {s} encuentra por fin su lugar.', 'La luz se posa suavemente, y la historia descansa.'],
  },
  it: {
    open: ['Tutto comincia qui, in {p}, dove {s} attende un cambiamento.', 'Qui comincia la storia: {s}.'],
    mid: ['Passo dopo passo, {s} si avvicina alla verità.', 'Si apre una nuova strada, e {s} la percorre.', 'Niente è come sembrava.'],
    climax: ['Tutto si decide in questo istante.', 'Il mondo trattiene il respiro, e {s} salta.'],
    end: ['E così {s} trova finalmente il suo posto.', 'La luce si posa piano, e la storia riposa.'],
  },
  pt: {
    open: ['Tudo começa aqui, em {p}, onde {s} espera uma mudança.', 'Aqui começa a história: {s}.'],
    mid: ['Passo a passo, {s} aproxima-se da verdade.', 'Abre-se um novo caminho, e {s} segue por ele.', 'Nada é o que parecia.'],
    climax: ['Tudo se decide neste momento.', 'O mundo prende a respiração, e {s} salta.'],
    end: ['E assim {s} encontra finalmente o seu lugar.', 'A luz pousa suavemente, e a história descansa.'],
  },
  ja: {
    open: ['物語は{p}で始まる。{s}。', 'ここから{s}の物語が始まる。'],
    mid: ['一歩ずつ、真実に近づいていく。', '新しい道が開かれる。', '何もかもが見かけとは違っていた。'],
    climax: ['すべてはこの瞬間にかかっている。', '世界が息をのむ中、跳躍する。'],
    end: ['こうして、ついに居場所を見つけた。', '光が静かに降りて、物語は終わる。'],
  },
  ko: {
    open: ['이야기는 {p}에서 시작된다. {s}.', '여기서 {s}의 이야기가 시작된다.'],
    mid: ['한 걸음씩 진실에 다가간다.', '새로운 길이 열린다.', '모든 것이 보이는 것과 달랐다.'],
    climax: ['모든 것이 이 순간에 달려 있다.', '세상이 숨을 죽이고, 도약한다.'],
    end: ['그렇게 마침내 자신의 자리를 찾는다.', '빛이 조용히 내려앉고, 이야기는 끝난다.'],
  },
  zh: {
    open: ['故事从{p}开始。{s}。', '{s}的故事就此展开。'],
    mid: ['一步一步，真相越来越近。', '一条新的道路出现了。', '一切都不像看起来那样。'],
    climax: ['一切都取决于这一刻。', '世界屏住呼吸，纵身一跃。'],
    end: ['就这样，终于找到了属于自己的地方。', '光芒静静落下，故事结束了。'],
  },
};

/** Keyword-ish subject of the prompt: its first clause, trimmed to a few words. */
/** The prompt's first clause, at most eight words. */
function firstClause(prompt: string): string {
  const clause = prompt.split(/[.!?;\n]/)[0]!.trim().replace(/\s+/g, ' ');
  const words = clause.split(' ').filter(Boolean);
  return words.length > 8 ? words.slice(0, 8).join(' ') : clause;
}

const ARTICLES = new Set(['a', 'an', 'the']);
const DETERMINERS = new Set([...ARTICLES, 'two', 'three', 'four', 'five', 'some', 'my', 'our', 'his', 'her', 'their']);

/**
 * Who the story is about, to stand in narration sentences: the noun phrase that opens the prompt
 * ("A lighthouse keeper befriends a storm" → "a lighthouse keeper"), found by stopping at the first
 * word that reads as a present-tense verb; the whole first clause when that finds no phrase.
 */
function subjectOf(prompt: string): string {
  const clause = firstClause(prompt);
  const words = clause.split(' ').filter(Boolean);
  if (words.length === 0) return 'a traveller';
  const verbAt = words.findIndex((w, i) => i >= 2 && /^[a-z]{3,}(s|es)$/.test(w) && !/ss$/.test(w));
  const phrase = verbAt > 0 && DETERMINERS.has(words[0]!.toLowerCase()) ? words.slice(0, verbAt) : words;
  // Mid-sentence, a leading determiner is lower case ("In the harbour, a robot …").
  if (DETERMINERS.has(phrase[0]!.toLowerCase())) phrase[0] = phrase[0]!.toLowerCase();
  return phrase.join(' ');
}

const MINOR_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from']);

/** Headline case: every word capitalised except short function words after the first. */
function headline(text: string): string {
  return text
    .split(' ')
    .map((w, i) => (i > 0 && MINOR_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

function keywords(prompt: string): string[] {
  const seen = new Set<string>();
  for (const w of prompt.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []) if (!STOP.has(w)) seen.add(w);
  return [...seen];
}


/** Splits `total` seconds into `n` whole-second scene durations that sum to it. */
export function splitDuration(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

function beat(r: Rng, language: Language, index: number, n: number): string {
  const b = BEATS[language];
  if (index === 0) return r.pick(b.open);
  if (index === n - 1) return r.pick(b.end);
  if (index === n - 2 && n > 2) return r.pick(b.climax);
  return r.pick(b.mid);
}

/**
 * Our offline concept writer: deterministic in (prompt, style, scenes, duration, language, seed).
 * It honours the requested shape exactly and keeps the prompt's own words in every scene.
 */
export function generateConcept(req: ConceptRequest): Concept {
  const r = rng(hashString(`${req.seed}|${req.prompt}|${req.style}|${req.language}`));
  const subject = subjectOf(req.prompt);
  const kws = keywords(req.prompt);
  const setting = r.pick(SETTINGS[req.style]);
  const tone = r.pick(TONES[req.style]);
  const durations = splitDuration(req.duration, req.num_scenes);
  const focus = (i: number) => (kws.length ? kws[i % kws.length]! : 'the journey');
  const scenes: ConceptScene[] = durations.map((duration, index) => {
    const mood = index === req.num_scenes - 1 ? r.pick(['hopeful', 'triumphant', 'calm']) : r.pick(MOODS);
    const title = `${SCENE_TITLES[(index + r.int(0, 2)) % SCENE_TITLES.length]}`;
    const narration = beat(r, req.language, index, req.num_scenes).replaceAll('{s}', subject).replaceAll('{p}', setting);
    return {
      index,
      title,
      description: `Scene ${index + 1} in ${setting}: ${subject} — focus on ${focus(index)}; ${mood} mood, ${req.style} look.`,
      duration,
      mood,
      narration_text: narration,
    };
  });
  // A title cut at eight words must not end on "of", "an"…
  const clause = firstClause(req.prompt).replace(/(\s+(a|an|the|and|or|of|to|in|on|at|for|with|by|from))+$/i, '');
  const title = clause ? headline(clause) : r.pick(['Untitled Journey', 'The Quiet Road']);
  const characters_needed: Concept['characters_needed'] = [
    { role: 'protagonist', description: `The heart of the story: ${subject}.` },
  ];
  if (req.num_scenes >= 3) characters_needed.push({ role: r.pick(['antagonist', 'supporting'] as const), description: `Someone who tests the protagonist in ${setting}.` });
  if (req.num_scenes >= 6) characters_needed.push({ role: 'supporting', description: `A companion met along the way in ${setting}.` });
  return {
    title,
    synopsis: `${subject.charAt(0).toUpperCase()}${subject.slice(1)} — a ${tone} ${req.style} story in ${req.num_scenes} scenes set in ${setting}, about ${kws.slice(0, 3).join(', ') || 'change'}.`,
    tone,
    setting,
    scenes,
    characters_needed,
  };
}
