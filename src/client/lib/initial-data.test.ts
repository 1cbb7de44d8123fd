import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { INITIAL_DATA_ID, seedInitialData } from './initial-data';

function pageWith(content: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const block = doc.createElement('script');
  block.type = 'application/json';
  block.id = INITIAL_DATA_ID;
  block.textContent = content;
  doc.head.append(block);
  return doc;
}

describe('seedInitialData', () => {
  it('puts each [key, answer] pair of the page into the query cache and removes the block', () => {
    const client = createQueryClient();
    const doc = pageWith(JSON.stringify([[['/api/site'], { demoData: true }], [['/api/communities', 7], { id: 7, name: 'Maple \u003c/script\u003e' }]]));
    expect(seedInitialData(client, doc)).toBe(2);
    expect(client.getQueryData(['/api/site'])).toEqual({ demoData: true });
    expect(client.getQueryData(['/api/communities', 7])).toEqual({ id: 7, name: 'Maple </script>' });
    expect(doc.getElementById(INITIAL_DATA_ID)).toBeNull();
  });

  it('takes nothing from a page without the block, or with a broken one', () => {
    const client = createQueryClient();
    expect(seedInitialData(client, document.implementation.createHTMLDocument('t'))).toBe(0);
    expect(seedInitialData(client, pageWith('{not json'))).toBe(0);
    expect(seedInitialData(client, pageWith(JSON.stringify([['not a key', 1], [['/api/x']]])))).toBe(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
