import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, MINIMUM_NODE } from '../../server/node-version.ts';

describe('the Node.js the server needs', () => {
  it('is the one package.json’s engines names', () => {
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(new RegExp(`^>=${MINIMUM_NODE.replaceAll('.', '\\.')}\\b`));
  });

  it.each([
    ['20.20.2', false],
    ['22.18.0', false],
    ['24.10.9', false],
    ['24.11.0', true],
    ['24.21.0', true],
    ['25.0.0', true],
  ])('Node.js %s: %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });
});
