import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pathId,
  serviceCardFeatures,
  serviceCategories,
  serviceDetailContent,
  serviceDetailLists,
  serviceIcon,
  serviceIdParamsSchema,
} from '../../src/index.ts';

describe('serviceIcon', () => {
  it('gives the icons by category and a cog for any other category', () => {
    expect(serviceCategories.map(serviceIcon)).toEqual(['code', 'database', 'brain', 'laptop-code']);
    fc.assert(
      fc.property(
        fc.string().filter((category) => !(serviceCategories as readonly string[]).includes(category)),
        (category) => serviceIcon(category) === 'cog',
      ),
    );
  });
});

describe('serviceCardFeatures', () => {
  it('lists the features of web development', () => {
    expect(serviceCardFeatures('web-development')).toEqual([
      'React/Vue.js Applications',
      'E-commerce Platforms',
      'API Development',
      'Database Integration',
    ]);
  });

  it('gives every known category its own non-empty list', () => {
    const lists = serviceCategories.map((category) => serviceCardFeatures(category).join('|'));
    expect(new Set(lists).size).toBe(serviceCategories.length);
    for (const list of lists) expect(list.length).toBeGreaterThan(0);
  });

  it("gives an unknown category 'Consulting Services'", () => {
    expect(serviceCardFeatures('quantum-computing')).toEqual(['Consulting Services']);
  });
});

describe('serviceDetailContent', () => {
  const empty = { features: [], benefits: [], process: [], technologies: [], deliverables: [] };

  it('keeps the stored lists when they are filled', () => {
    const stored = {
      category: 'ai-solutions',
      features: ['a'],
      benefits: ['b'],
      process: ['c'],
      technologies: ['d'],
      deliverables: ['e'],
    };
    expect(serviceDetailContent(stored)).toEqual({
      features: ['a'],
      benefits: ['b'],
      process: ['c'],
      technologies: ['d'],
      deliverables: ['e'],
    });
  });

  it('falls back per list, and only for the empty ones', () => {
    const content = serviceDetailContent({ ...empty, category: 'web-development', benefits: ['Kept'] });
    expect(content.benefits).toEqual(['Kept']);
    for (const list of serviceDetailLists.filter((name) => name !== 'benefits')) {
      expect(content[list].length).toBeGreaterThan(0);
    }
  });

  it('uses a different fallback for each category and a generic one for unknown categories', () => {
    const fallbacks = [...serviceCategories, 'unknown'].map((category) =>
      JSON.stringify(serviceDetailContent({ ...empty, category })),
    );
    expect(new Set(fallbacks).size).toBe(serviceCategories.length + 1);
  });
});

describe('serviceIdParamsSchema', () => {
  it('accepts positive whole numbers given as path text', () => {
    expect(serviceIdParamsSchema.parse({ id: '4' })).toEqual({ id: 4 });
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999999', ''])('refuses %j', (id) => {
    expect(serviceIdParamsSchema.safeParse({ id }).success).toBe(false);
  });

  it('reads a page path the way pathId does, which the pages use without zod', () => {
    const text = fc.oneof(
      fc.integer({ min: -5, max: 2_147_483_660 }).map(String),
      fc.double().map(String),
      fc.string(),
      fc.constantFrom('', ' 7 ', '1e3', '0x10', '2147483647', '2147483648', '07'),
    );
    fc.assert(
      fc.property(text, (id) => {
        const parsed = serviceIdParamsSchema.safeParse({ id });
        expect(pathId(id)).toBe(parsed.success ? parsed.data.id : null);
      }),
    );
    expect(pathId(undefined)).toBeNull();
  });
});
