import type { ItemKind } from './catalog.js';

/** A photo's colours: the background, the thing's main colour and a darker one for its details. */
export type Palette = readonly [background: string, main: string, dark: string];
type Colours = { main: string; dark: string };

const WHITE = '#ffffff';
const CREAM = '#fffbeb';
const SUNNY = '#facc15';
const TOY_RED = '#ef4444';
const TOY_BLUE = '#3b82f6';
const TOY_GREEN = '#22c55e';

/** The points of a five-pointed star around (cx, cy), for a polygon. */
function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
}

/** A chunky toy brick with its studs on top. */
function brick(x: number, y: number, width: number, fill: string, studs: number): string {
  const studMarks = Array.from({ length: studs }, (_, i) => {
    const cx = x + ((i + 0.5) * width) / studs;
    return `<rect x="${cx - 20}" y="${y - 22}" width="40" height="28" rx="8" fill="${fill}"/><rect x="${cx - 20}" y="${y - 22}" width="40" height="8" rx="4" fill="${WHITE}" opacity="0.35"/>`;
  }).join('');
  return `${studMarks}<rect x="${x}" y="${y}" width="${width}" height="100" rx="12" fill="${fill}"/><rect x="${x}" y="${y + 84}" width="${width}" height="16" rx="8" fill="#000000" opacity="0.12"/>`;
}

/** A book lying flat, its spine towards us, with two bands and a title line. */
function lyingBook(x: number, y: number, width: number, height: number, fill: string): string {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="8" fill="${fill}"/>
    <rect x="${x + 22}" y="${y}" width="10" height="${height}" fill="${SUNNY}" opacity="0.85"/>
    <rect x="${x + width - 32}" y="${y}" width="10" height="${height}" fill="${SUNNY}" opacity="0.85"/>
    <rect x="${x + width / 2 - 60}" y="${y + height / 2 - 6}" width="120" height="12" rx="6" fill="${WHITE}" opacity="0.8"/>`;
}

/** A thick board book standing up, its page block showing at the side, a shape on its cover. */
function boardBook(x: number, y: number, size: number, fill: string, shape: string): string {
  return `<rect x="${x + size - 12}" y="${y + 10}" width="32" height="${size - 20}" rx="10" fill="${CREAM}"/>
    <rect x="${x}" y="${y}" width="${size}" height="${size}" rx="24" fill="${fill}"/>${shape}`;
}

/**
 * The drawing of each kind of thing, on an 800×600 canvas whose floor is about y = 490: simple,
 * flat and friendly, so a card's photo says what its title says.
 */
const DRAWINGS: Record<ItemKind, (colours: Colours) => string> = {
  'picture-book': ({ main, dark }) => `
    <rect x="190" y="160" width="250" height="320" rx="14" fill="${dark}" transform="rotate(-9 315 320)"/>
    <rect x="380" y="150" width="250" height="330" rx="14" fill="${SUNNY}" transform="rotate(8 505 315)"/>
    <rect x="260" y="128" width="290" height="362" rx="14" fill="${main}"/>
    <rect x="260" y="128" width="34" height="362" rx="10" fill="${dark}"/>
    <rect x="335" y="160" width="170" height="22" rx="11" fill="${WHITE}" opacity="0.85"/>
    <path d="M352 372 Q312 380 306 420 Q334 400 362 396 Z" fill="${WHITE}"/>
    <path d="M452 356 Q496 300 484 254 L510 248 Q530 322 480 378 Z" fill="${WHITE}"/>
    <ellipse cx="505" cy="246" rx="27" ry="18" fill="${WHITE}"/>
    <circle cx="513" cy="240" r="4" fill="${dark}"/>
    <ellipse cx="420" cy="380" rx="80" ry="46" fill="${WHITE}"/>
    <rect x="378" y="404" width="24" height="50" rx="9" fill="${WHITE}"/>
    <rect x="440" y="404" width="24" height="50" rx="9" fill="${WHITE}"/>
    <circle cx="400" cy="368" r="9" fill="${main}" opacity="0.45"/>
    <circle cx="436" cy="386" r="7" fill="${main}" opacity="0.45"/>`,

  'board-book': ({ main, dark }) => `
    ${boardBook(150, 250, 180, main, `<circle cx="240" cy="340" r="48" fill="${WHITE}" opacity="0.9"/>`)}
    ${boardBook(470, 260, 170, SUNNY, `<polygon points="${starPoints(555, 345, 55, 24)}" fill="${WHITE}" opacity="0.9"/>`)}
    ${boardBook(290, 205, 225, dark, `<polygon points="402,255 470,380 334,380" fill="${WHITE}" opacity="0.9"/>`)}`,

  'book-stack': ({ main, dark }) => `
    ${lyingBook(215, 412, 380, 68, dark)}
    ${lyingBook(250, 348, 330, 64, main)}
    ${lyingBook(205, 290, 360, 58, TOY_RED)}
    ${lyingBook(262, 226, 300, 64, main)}
    ${lyingBook(240, 170, 320, 56, dark)}`,

  train: ({ main, dark }) => `
    ${Array.from({ length: 11 }, (_, i) => `<rect x="${140 + i * 52}" y="446" width="20" height="28" rx="4" fill="${dark}" opacity="0.35"/>`).join('')}
    <rect x="120" y="454" width="570" height="10" rx="5" fill="${dark}"/>
    <circle cx="575" cy="232" r="22" fill="${WHITE}" opacity="0.75"/>
    <circle cx="612" cy="196" r="30" fill="${WHITE}" opacity="0.6"/>
    <rect x="160" y="318" width="170" height="94" rx="14" fill="${SUNNY}"/>
    <rect x="182" y="338" width="52" height="40" rx="8" fill="${WHITE}" opacity="0.85"/>
    <rect x="254" y="338" width="52" height="40" rx="8" fill="${WHITE}" opacity="0.85"/>
    <rect x="328" y="386" width="44" height="12" rx="6" fill="${dark}"/>
    <rect x="400" y="330" width="175" height="82" rx="18" fill="${main}"/>
    <rect x="510" y="276" width="36" height="60" rx="6" fill="${dark}"/>
    <rect x="500" y="264" width="56" height="20" rx="8" fill="${dark}"/>
    <rect x="362" y="252" width="112" height="160" rx="12" fill="${dark}"/>
    <rect x="386" y="278" width="62" height="52" rx="8" fill="${WHITE}" opacity="0.85"/>
    <rect x="348" y="236" width="140" height="26" rx="10" fill="${main}"/>
    ${[
      [206, 24],
      [286, 24],
      [412, 30],
      [488, 28],
      [552, 26],
    ]
      .map(
        ([cx, r]) =>
          `<circle cx="${cx}" cy="${436 - (r ?? 0) + 26}" r="${r}" fill="${dark}"/><circle cx="${cx}" cy="${436 - (r ?? 0) + 26}" r="9" fill="${WHITE}"/>`,
      )
      .join('')}`,

  blocks: ({ main, dark }) => `
    ${brick(170, 384, 210, main, 4)}
    ${brick(392, 384, 240, SUNNY, 4)}
    ${brick(262, 280, 240, dark, 4)}
    ${brick(330, 176, 120, TOY_RED, 2)}`,

  puzzle: ({ main, dark }) => {
    const edge = `stroke="${WHITE}" stroke-width="6" stroke-linejoin="round"`;
    return `
    <rect x="230" y="160" width="150" height="150" fill="${main}" ${edge}/>
    <rect x="380" y="160" width="150" height="150" fill="${dark}" ${edge}/>
    <rect x="230" y="310" width="150" height="150" fill="${SUNNY}" ${edge}/>
    <rect x="380" y="310" width="150" height="150" fill="${TOY_GREEN}" ${edge}/>
    <circle cx="382" cy="235" r="28" fill="${main}"/>
    <circle cx="455" cy="312" r="28" fill="${dark}"/>
    <circle cx="378" cy="385" r="28" fill="${TOY_GREEN}"/>
    <circle cx="305" cy="308" r="28" fill="${SUNNY}"/>
    <g transform="rotate(16 640 400)">
      <rect x="585" y="345" width="110" height="110" rx="4" fill="${main}" ${edge}/>
      <circle cx="640" cy="343" r="22" fill="${main}"/>
      <circle cx="697" cy="400" r="22" fill="${main}"/>
    </g>`;
  },

  'play-gym': ({ main, dark }) => `
    <ellipse cx="400" cy="452" rx="270" ry="52" fill="${main}"/>
    <ellipse cx="400" cy="452" rx="190" ry="32" fill="${WHITE}" opacity="0.35"/>
    <path d="M170 452 Q400 -60 630 452" fill="none" stroke="${dark}" stroke-width="22" stroke-linecap="round"/>
    <path d="M320 226 V300 M400 195 V322 M480 226 V300" stroke="${dark}" stroke-width="4"/>
    <polygon points="${starPoints(320, 326, 34, 15)}" fill="${SUNNY}"/>
    <circle cx="400" cy="352" r="28" fill="none" stroke="${TOY_RED}" stroke-width="12"/>
    <circle cx="480" cy="326" r="28" fill="${TOY_BLUE}"/>
    <path d="M462 318 Q480 300 498 318" fill="none" stroke="${WHITE}" stroke-width="5"/>`,

  'balance-bike': ({ main, dark }) => `
    <circle cx="270" cy="408" r="76" fill="${WHITE}" opacity="0.55" stroke="${dark}" stroke-width="22"/>
    <circle cx="270" cy="408" r="14" fill="${dark}"/>
    <circle cx="540" cy="408" r="76" fill="${WHITE}" opacity="0.55" stroke="${dark}" stroke-width="22"/>
    <circle cx="540" cy="408" r="14" fill="${dark}"/>
    <path d="M270 408 L380 326 L515 326 L540 408" fill="none" stroke="${main}" stroke-width="26" stroke-linejoin="round" stroke-linecap="round"/>
    <path d="M515 326 L500 252" stroke="${main}" stroke-width="24" stroke-linecap="round"/>
    <path d="M462 248 L548 248" stroke="${dark}" stroke-width="18" stroke-linecap="round"/>
    <path d="M380 326 L372 280" stroke="${dark}" stroke-width="14" stroke-linecap="round"/>
    <rect x="318" y="260" width="112" height="28" rx="14" fill="${dark}"/>`,

  'magnetic-tiles': () => {
    const tile = `stroke="${WHITE}" stroke-width="10" stroke-linejoin="round" opacity="0.85"`;
    return `
    <rect x="260" y="330" width="140" height="140" fill="${TOY_RED}" ${tile}/>
    <rect x="400" y="330" width="140" height="140" fill="${TOY_BLUE}" ${tile}/>
    <polygon points="260,330 400,330 400,196" fill="${SUNNY}" ${tile}/>
    <polygon points="400,330 540,330 400,196" fill="${TOY_GREEN}" ${tile}/>
    <rect x="300" y="370" width="60" height="60" fill="none" stroke="${WHITE}" stroke-width="4" opacity="0.6"/>
    <rect x="440" y="370" width="60" height="60" fill="none" stroke="${WHITE}" stroke-width="4" opacity="0.6"/>
    <rect x="585" y="392" width="92" height="92" fill="${TOY_GREEN}" ${tile} transform="rotate(12 631 438)"/>
    <polygon points="140,482 236,482 188,398" fill="${TOY_BLUE}" ${tile}/>`;
  },

  jacket: ({ main, dark }) => `
    <path d="M322 214 Q322 104 400 104 Q478 104 478 214 Z" fill="${dark}"/>
    <path d="M352 214 Q352 138 400 138 Q448 138 448 214 Z" fill="#000000" opacity="0.25"/>
    <rect x="204" y="218" width="72" height="228" rx="34" fill="${main}" transform="rotate(13 240 332)"/>
    <rect x="524" y="218" width="72" height="228" rx="34" fill="${main}" transform="rotate(-13 560 332)"/>
    <rect x="276" y="190" width="248" height="276" rx="42" fill="${main}"/>
    <path d="M282 254 H518 M280 318 H520 M280 382 H520" stroke="${dark}" stroke-width="6" opacity="0.35"/>
    <path d="M222 300 L284 290 M212 366 L278 358 M578 300 L516 290 M588 366 L522 358" stroke="${dark}" stroke-width="6" opacity="0.35"/>
    <rect x="276" y="440" width="248" height="26" rx="12" fill="${dark}"/>
    <path d="M400 196 V462" stroke="${dark}" stroke-width="8"/>
    <rect x="392" y="206" width="16" height="30" rx="5" fill="${WHITE}"/>
    <path d="M318 410 L348 372 M482 410 L452 372" stroke="${dark}" stroke-width="7" stroke-linecap="round"/>`,

  onesie: ({ main, dark }) => `
    <path d="M330 168 Q400 222 470 168 L562 214 L526 304 L490 288 L490 402 Q490 430 462 440 L440 472 L360 472 L338 440 Q310 430 310 402 L310 288 L274 304 L238 214 Z" fill="${main}" stroke="${dark}" stroke-width="8" stroke-linejoin="round"/>
    <path d="M330 168 Q400 222 470 168" fill="none" stroke="${dark}" stroke-width="12" stroke-linecap="round"/>
    <path d="M400 352 C380 330 352 336 352 360 C352 384 400 404 400 412 C400 404 448 384 448 360 C448 336 420 330 400 352 Z" fill="${WHITE}" opacity="0.9"/>
    <circle cx="380" cy="460" r="6" fill="${WHITE}"/>
    <circle cx="400" cy="460" r="6" fill="${WHITE}"/>
    <circle cx="420" cy="460" r="6" fill="${WHITE}"/>`,

  boots: ({ main, dark }) => {
    const boot = (dx: number, dy: number, fill: string) => `<g transform="translate(${dx} ${dy})">
      <path d="M262 182 L358 182 L362 372 Q450 374 462 440 L462 462 L258 462 L258 440 Z" fill="${fill}"/>
      <rect x="254" y="448" width="212" height="20" rx="9" fill="${dark}"/>
      <rect x="252" y="168" width="116" height="26" rx="11" fill="${dark}"/>
      <rect x="282" y="206" width="14" height="150" rx="7" fill="${WHITE}" opacity="0.35"/>
    </g>`;
    return `${boot(130, -8, main)}${boot(-50, 6, main)}`;
  },

  dress: ({ main, dark }) => `
    <path d="M400 150 q0 -30 18 -30 q16 0 16 16" fill="none" stroke="#6b7280" stroke-width="6" stroke-linecap="round"/>
    <path d="M322 178 L400 148 L478 178" fill="none" stroke="#6b7280" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M348 168 L356 206 M452 168 L444 206" stroke="${dark}" stroke-width="10" stroke-linecap="round"/>
    <path d="M350 200 Q400 222 450 200 L462 292 L338 292 Z" fill="${main}"/>
    <path d="M338 306 L462 306 L566 450 Q534 472 504 456 Q472 478 440 458 Q400 480 360 458 Q328 478 296 456 Q266 472 234 450 Z" fill="${main}"/>
    <path d="M380 312 L330 456 M420 312 L470 456 M400 312 L400 466" stroke="${dark}" stroke-width="5" opacity="0.3"/>
    <circle cx="300" cy="420" r="7" fill="${WHITE}" opacity="0.7"/>
    <circle cx="360" cy="380" r="7" fill="${WHITE}" opacity="0.7"/>
    <circle cx="440" cy="400" r="7" fill="${WHITE}" opacity="0.7"/>
    <circle cx="500" cy="430" r="7" fill="${WHITE}" opacity="0.7"/>
    <rect x="332" y="288" width="136" height="24" rx="9" fill="${dark}"/>
    <path d="M400 300 L366 280 L366 320 Z M400 300 L434 280 L434 320 Z" fill="${WHITE}" opacity="0.92"/>
    <circle cx="400" cy="300" r="9" fill="${WHITE}"/>`,

  trousers: ({ main, dark }) => `
    <rect x="540" y="404" width="150" height="40" rx="10" fill="${dark}" opacity="0.55"/>
    <rect x="530" y="444" width="170" height="40" rx="10" fill="${main}" opacity="0.7"/>
    <path d="M300 150 H500 L526 472 H426 L400 262 L374 472 H274 Z" fill="${main}"/>
    <rect x="296" y="146" width="208" height="34" rx="6" fill="${dark}"/>
    <path d="M336 146 V180 M400 146 V180 M464 146 V180" stroke="${main}" stroke-width="8"/>
    <path d="M400 180 V250" stroke="${dark}" stroke-width="5" opacity="0.5"/>
    <path d="M318 186 Q346 214 334 244 M482 186 Q454 214 466 244" fill="none" stroke="${dark}" stroke-width="5" opacity="0.45"/>
    <path d="M326 270 L318 470 M474 270 L482 470" stroke="${dark}" stroke-width="4" opacity="0.3"/>
    <rect x="274" y="452" width="100" height="20" rx="4" fill="${dark}"/>
    <rect x="426" y="452" width="100" height="20" rx="4" fill="${dark}"/>`,

  stroller: ({ main, dark }) => `
    <path d="M520 300 L604 196" stroke="${dark}" stroke-width="14" stroke-linecap="round"/>
    <path d="M588 190 L630 214" stroke="${dark}" stroke-width="18" stroke-linecap="round"/>
    <path d="M330 384 L306 448 M446 384 L474 448" stroke="${dark}" stroke-width="11" stroke-linecap="round"/>
    <path d="M246 300 Q246 166 400 160 L400 300 Z" fill="${dark}"/>
    <path d="M272 300 Q276 200 400 190 M310 300 Q316 226 400 218" fill="none" stroke="${WHITE}" stroke-width="6" opacity="0.3"/>
    <path d="M246 300 H524 Q524 392 432 396 H326 Q246 392 246 300 Z" fill="${main}"/>
    <path d="M262 318 H508" stroke="${WHITE}" stroke-width="6" opacity="0.4"/>
    <circle cx="306" cy="450" r="38" fill="${WHITE}" opacity="0.55" stroke="${dark}" stroke-width="13"/>
    <circle cx="474" cy="450" r="38" fill="${WHITE}" opacity="0.55" stroke="${dark}" stroke-width="13"/>`,

  'high-chair': ({ main, dark }) => `
    <path d="M344 320 L288 480 M456 320 L512 480" stroke="${main}" stroke-width="18" stroke-linecap="round"/>
    <path d="M314 420 H486" stroke="${dark}" stroke-width="12" stroke-linecap="round"/>
    <rect x="336" y="140" width="128" height="180" rx="24" fill="${main}"/>
    <rect x="356" y="162" width="88" height="120" rx="16" fill="${WHITE}" opacity="0.35"/>
    <rect x="318" y="300" width="164" height="32" rx="12" fill="${dark}"/>
    <rect x="298" y="252" width="204" height="26" rx="12" fill="${WHITE}" stroke="${dark}" stroke-width="6"/>
    <path d="M320 278 V304 M480 278 V304" stroke="${dark}" stroke-width="10" stroke-linecap="round"/>`,

  'car-seat': ({ main, dark }) => `
    <rect x="280" y="128" width="44" height="140" rx="20" fill="${dark}"/>
    <rect x="476" y="128" width="44" height="140" rx="20" fill="${dark}"/>
    <path d="M304 146 Q304 108 340 108 H460 Q496 108 496 146 V400 H304 Z" fill="${main}"/>
    <rect x="326" y="150" width="148" height="270" rx="34" fill="${WHITE}" opacity="0.3"/>
    <rect x="246" y="300" width="66" height="172" rx="26" fill="${dark}"/>
    <rect x="488" y="300" width="66" height="172" rx="26" fill="${dark}"/>
    <path d="M300 420 H500 L508 470 H292 Z" fill="${main}"/>
    <path d="M352 164 L386 380 M448 164 L414 380 M400 468 V404" stroke="${dark}" stroke-width="14" stroke-linecap="round"/>
    <rect x="356" y="262" width="88" height="18" rx="6" fill="${WHITE}"/>
    <rect x="380" y="372" width="40" height="36" rx="7" fill="${WHITE}"/>
    <rect x="238" y="462" width="324" height="26" rx="11" fill="${dark}"/>`,

  'baby-carrier': ({ main, dark }) => `
    <path d="M336 214 Q268 128 236 230 Q222 310 252 390" fill="none" stroke="${dark}" stroke-width="24" stroke-linecap="round"/>
    <path d="M464 214 Q532 128 564 230 Q578 310 548 390" fill="none" stroke="${dark}" stroke-width="24" stroke-linecap="round"/>
    <circle cx="400" cy="178" r="50" fill="#f3c7a1"/>
    <path d="M384 132 q10 -14 22 -2" fill="none" stroke="#7c4a2d" stroke-width="6" stroke-linecap="round"/>
    <path d="M376 176 q8 6 16 0 M408 176 q8 6 16 0" fill="none" stroke="#7c4a2d" stroke-width="4" stroke-linecap="round"/>
    <path d="M318 232 Q318 196 356 196 H444 Q482 196 482 232 L472 390 Q400 412 328 390 Z" fill="${main}"/>
    <rect x="336" y="208" width="128" height="34" rx="17" fill="${WHITE}" opacity="0.4"/>
    <rect x="358" y="290" width="84" height="50" rx="12" fill="${dark}" opacity="0.3"/>
    <rect x="222" y="376" width="356" height="54" rx="27" fill="${dark}"/>
    <rect x="382" y="384" width="36" height="38" rx="7" fill="${WHITE}" opacity="0.9"/>`,

  lamp: ({ main, dark }) => `
    <circle cx="400" cy="262" r="176" fill="${SUNNY}" opacity="0.3"/>
    <path d="M510 470 Q600 470 620 430" fill="none" stroke="${dark}" stroke-width="6" stroke-linecap="round"/>
    <rect x="388" y="316" width="24" height="156" rx="8" fill="${dark}"/>
    <ellipse cx="400" cy="472" rx="118" ry="24" fill="${main}"/>
    <circle cx="470" cy="466" r="9" fill="${WHITE}" opacity="0.8"/>
    <circle cx="338" cy="272" r="56" fill="${WHITE}"/>
    <circle cx="412" cy="232" r="78" fill="${WHITE}"/>
    <circle cx="484" cy="276" r="54" fill="${WHITE}"/>
    <rect x="292" y="266" width="236" height="66" rx="33" fill="${WHITE}"/>
    <path d="M372 266 q12 10 24 0 M428 266 q12 10 24 0" fill="none" stroke="${dark}" stroke-width="5" stroke-linecap="round"/>
    <path d="M396 292 q16 14 32 0" fill="none" stroke="${dark}" stroke-width="5" stroke-linecap="round"/>`,
};

/** The full 800×600 picture of a kind in a palette; variants move the soft light behind it. */
export function drawItemPhoto(kind: ItemKind, [background, main, dark]: Palette, variant = 0): string {
  const shift = variant * 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
    <rect width="800" height="600" fill="${background}"/>
    <circle cx="${690 - shift}" cy="${100 + shift}" r="56" fill="${WHITE}" opacity="0.45"/>
    <circle cx="${110 + shift}" cy="520" r="90" fill="${WHITE}" opacity="0.25"/>
    <ellipse cx="400" cy="492" rx="260" ry="20" fill="${dark}" opacity="0.16"/>
    ${DRAWINGS[kind]({ main, dark })}</svg>`;
}
