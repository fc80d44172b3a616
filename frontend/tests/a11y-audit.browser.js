// Runs inside the page (read as text and evaluated: the test loader would rename functions with a
// helper the page does not have). Returns what an accessibility review would flag, one line each:
// landmarks, headings, names of controls, links and frames, alt texts, duplicate ids, and WCAG AA
// contrast (4.5:1, or 3:1 for large text) of every visible text, placeholders included.
// Options (the admin panel has its own shell): { lang: 'en', landmarks: [[selector, what], ...] }.
(options = {}) => {
  const problems = [];
  const lang = options.lang ?? 'en';
  const landmarks = options.landmarks ?? [
    ['header.site-header', 'banner (site header)'],
    ['footer.site-footer', 'contentinfo (site footer)'],
    ['nav[aria-label="Main"]', 'main navigation landmark'],
  ];
  const describe = (el) => {
    const classes = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    const text = (el.textContent || el.getAttribute('placeholder') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${classes}> "${text}"`;
  };
  const visible = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !el.closest('.sr-only, [aria-hidden="true"]');

  // Landmarks and headings.
  if (document.documentElement.lang !== lang) problems.push(`html has no lang="${lang}"`);
  if (document.querySelectorAll('main').length !== 1) problems.push(`${document.querySelectorAll('main').length} <main> elements`);
  for (const [selector, what] of landmarks) if (!document.querySelector(selector)) problems.push(`no ${what}`);
  // Headings count when a screen reader reads them, visually hidden ones included.
  const spoken = (el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[aria-hidden="true"]');
  const h1s = [...document.querySelectorAll('h1')].filter(spoken);
  if (h1s.length !== 1) problems.push(`${h1s.length} h1 headings`);
  let previous = 0;
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    if (!spoken(heading)) continue;
    const level = Number(heading.tagName[1]);
    if (previous && level > previous + 1) problems.push(`heading level skips from h${previous} to h${level}: ${describe(heading)}`);
    previous = level;
  }

  // Names.
  const nameOf = (el) => {
    const labelled = el.getAttribute('aria-labelledby');
    if (labelled) return labelled.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label').trim();
    if (el.labels && el.labels.length) return [...el.labels].map((label) => label.textContent).join(' ').trim();
    const images = [...el.querySelectorAll('img[alt]')].map((img) => img.alt).join(' ');
    return ((el.textContent || '') + ' ' + images + ' ' + (el.getAttribute('title') || '')).trim();
  };
  for (const control of document.querySelectorAll('input:not([type="hidden"]), select, textarea')) {
    if (control.closest('.honeypot, [aria-hidden="true"]')) continue;
    if (!nameOf(control)) problems.push(`form field without a label: ${describe(control)}`);
  }
  for (const el of document.querySelectorAll('a[href], button')) {
    if (!visible(el)) continue;
    if (!nameOf(el)) problems.push(`${el.tagName.toLowerCase()} without an accessible name: ${el.outerHTML.slice(0, 80)}`);
  }
  for (const img of document.querySelectorAll('img')) {
    if (!img.hasAttribute('alt')) problems.push(`img without alt: ${img.outerHTML.slice(0, 80)}`);
  }
  for (const frame of document.querySelectorAll('iframe')) {
    if (!frame.getAttribute('title')) problems.push(`iframe without a title: ${frame.outerHTML.slice(0, 80)}`);
  }
  const ids = new Map();
  for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) || 0) + 1);
  for (const [id, count] of ids) if (count > 1) problems.push(`id "${id}" used ${count} times`);

  // Contrast.
  const parse = (value) => {
    const match = /^rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\)$/.exec(value.trim());
    if (!match) return null;
    let alpha = match[4] === undefined ? 1 : parseFloat(match[4]);
    if (match[4] && match[4].endsWith('%')) alpha /= 100;
    return { r: +match[1], g: +match[2], b: +match[3], a: alpha };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const channel = (value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (color) => 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b);
  const ratio = (a, b) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  /** The colours the element's text can sit on: its own and its ancestors' backgrounds, gradients as each of their stops. */
  const backdrops = (el) => {
    const layers = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) layers.push(node);
    let colors = [{ r: 255, g: 255, b: 255, a: 1 }];
    for (const node of layers.reverse()) {
      const style = getComputedStyle(node);
      const fill = parse(style.backgroundColor);
      if (fill && fill.a > 0) colors = colors.map((color) => over(fill, color));
      const image = style.backgroundImage;
      if (image && image !== 'none') {
        if (image.includes('url(')) return null;
        const stops = (image.match(/rgba?\([^)]+\)/g) || []).map(parse).filter(Boolean);
        if (stops.length) colors = colors.flatMap((color) => stops.map((stop) => over(stop, color)));
      }
    }
    return colors;
  };
  const opacityOf = (el) => {
    let opacity = 1;
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) opacity *= parseFloat(getComputedStyle(node).opacity);
    return opacity;
  };
  const check = (el, colorValue, what) => {
    const style = getComputedStyle(el);
    const color = parse(colorValue);
    if (!color) return problems.push(`unreadable colour ${colorValue}: ${describe(el)}`);
    const grounds = backdrops(el);
    if (!grounds) return; // text on a photograph: not measurable this way
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const faded = { ...color, a: color.a * opacityOf(el) };
    const worst = Math.min(...grounds.map((ground) => ratio(over(faded, ground), ground)));
    if (worst < needed) problems.push(`contrast ${worst.toFixed(2)}:1 < ${needed}:1 for ${what} ${describe(el)} (${colorValue})`);
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg, script, style, noscript, template, iframe, .leaflet-tile-pane')) continue;
    // Inactive controls are exempt from the contrast rule (WCAG 1.4.3).
    if (el.closest('[aria-disabled="true"], :disabled')) continue;
    const ownText = [...el.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
    if (ownText && visible(el)) {
      const box = el.getBoundingClientRect();
      if (box.right > 0) check(el, getComputedStyle(el).color, 'text'); // the skip link waits off-screen until focused
    }
    if ((el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && el.getAttribute('placeholder') && visible(el)) {
      check(el, getComputedStyle(el, '::placeholder').color, 'placeholder');
    }
  }
  return problems;
}
