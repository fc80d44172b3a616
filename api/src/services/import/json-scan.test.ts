import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { isCleanAboutJson, isCleanHoursJson } from './json-scan.ts';
import { DAYS } from './working-hours.ts';

/** A small deterministic PRNG so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)];

const STRINGS = ['Dine-in', 'Free', ' padded', 'padded ', '', 'a\u00a0b', 'a\u202fb', 'Ünïcödé 🍕', 'tab\there', 'quote"inside', 'back\\slash', 'x  y', '9AM-5PM', 'Closed', 'Open 24 hours', '9AM–5PM', '\u2009x'];
const VALUES = ['true', 'false', 'null', '1', '[]', '{}', '"x"'];
const SPACE = ['', '', ' ', '\n', '\t'];

function jsonString(next: () => number): string {
  const text = pick(next, STRINGS);
  return next() < 0.2 ? `"${text.replace(/"/g, '\\u0022')}"` : JSON.stringify(text);
}

function aboutText(next: () => number): string {
  const groups = Array.from({ length: Math.floor(next() * 3) + (next() < 0.9 ? 1 : 0) }, () => {
    const features = Array.from({ length: Math.floor(next() * 4) + (next() < 0.9 ? 1 : 0) }, () => {
      const value = next() < 0.5 ? pick(next, ['true', 'false']) : next() < 0.8 ? jsonString(next) : pick(next, VALUES);
      return `${pick(next, SPACE)}${jsonString(next)}${pick(next, SPACE)}:${pick(next, SPACE)}${value}`;
    });
    return `${jsonString(next)}:${next() < 0.05 ? '[]' : `{${features.join(',')}}`}`;
  });
  let text = `{${groups.join(',')}}`;
  if (next() < 0.1) text = text.slice(0, Math.floor(next() * text.length));
  if (next() < 0.05) text += pick(next, ['x', ',', '}', ' ']);
  return text;
}

function hoursText(next: () => number): string {
  const days = DAYS.filter(() => next() < 0.7);
  if (next() < 0.1) days.reverse();
  const keys = days.map((day) => (next() < 0.05 ? day.toLowerCase() : day));
  let text = `{${keys.map((day) => `${JSON.stringify(day)}:${next() < 0.9 ? jsonString(next) : pick(next, VALUES)}`).join(',')}}`;
  if (next() < 0.1) text = text.slice(0, Math.floor(next() * text.length));
  return text;
}

/** The clean shapes, written from their definitions (about.ts isCleanGroup, working-hours.ts cleanHours). */
function isCleanAboutValue(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0) return false;
  return Object.values(value).every((groupValue) =>
    groupValue && typeof groupValue === 'object' && !Array.isArray(groupValue) && Object.keys(groupValue).length > 0 &&
    Object.values(groupValue).every((feature) =>
      typeof feature === 'boolean' || (typeof feature === 'string' && feature !== '' && feature.trim() === feature && !/[\u00a0\u202f]/.test(feature))));
}

function isCleanHoursValue(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const order = keys.map((key) => DAYS.indexOf(key as (typeof DAYS)[number]));
  return keys.length > 0 && order.every((day, i) => day >= 0 && (i === 0 || day > order[i - 1])) &&
    Object.values(value).every((text) => typeof text === 'string' && text !== '' && text === text.replace(/[\u2009\u2013\u2014]/g, '#').replace(/\s+/g, ' ').trim());
}

function parses(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe('JSON cell scanners', () => {
  test('never accept a cell that is not valid JSON in exactly the clean shape (20,000 generated cells each)', () => {
    const next = random(42);
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const about = aboutText(next);
      if (isCleanAboutJson(about)) {
        accepted++;
        assert.ok(isCleanAboutValue(parses(about)), `accepted an about cell that is not clean: ${about}`);
      }
      const hours = hoursText(next);
      if (isCleanHoursJson(hours)) {
        accepted++;
        assert.ok(isCleanHoursValue(parses(hours)), `accepted an hours cell that is not clean: ${hours}`);
      }
    }
    assert.ok(accepted > 2000, `the generator must produce clean cells too (accepted ${accepted})`);
  });

  test('accept the usual Outscraper cells, with JSON whitespace between tokens', () => {
    assert.equal(isCleanAboutJson('{"Service options":{"Dine-in":true,"Takeout":false},"Crowd":{"Groups":"Yes, up to 10"}}'), true);
    assert.equal(isCleanAboutJson('{ "Service options" : { "Dine-in" : true } }'), true);
    assert.equal(isCleanHoursJson('{"Monday":"9AM-5PM","Tuesday":"Closed","Sunday":"Open 24 hours"}'), true);
    assert.equal(isCleanHoursJson('{ "Friday" : "11AM-10PM" }'), true);
  });

  test('refuse what the full path must clean or reject', () => {
    for (const text of ['{}', '{"g":{}}', '{"g":{"x":null}}', '{"g":{"x":1}}', '{"g":{"x":" y"}}', '{"g":{"x":"a\\u00a0b"}}', '{"g":[]}', '{"g":{"x":true}} x', '{"g":{"x":true}']) {
      assert.equal(isCleanAboutJson(text), false, text);
    }
    for (const text of ['{}', '{"monday":"9AM-5PM"}', '{"Tuesday":"x","Monday":"y"}', '{"Monday":"9AM–5PM"}', '{"Monday":"9AM  -5PM"}', '{"Monday":["9AM-5PM"]}', '{"Monday":""}', '{"Monday":"x","Monday":"y"}']) {
      assert.equal(isCleanHoursJson(text), false, text);
    }
  });
});
