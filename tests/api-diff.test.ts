import { describe, expect, it } from 'vitest';
import type { ApiMember, ApiModel, ApiParameter, ApiSignature, ApiSymbol } from '../src/core/api-model.js';
import { diffApiModels } from '../src/api/api-diff.js';

const type = (text: string) => [{ text }];
const parameter = (name: string, text: string, optional = false): ApiParameter => ({ name, type: type(text), optional, rest: false });
const signature = (parameters: ApiParameter[], returns = 'void', deprecated = false): ApiSignature => ({
  kind: 'call',
  name: 'f',
  typeParameters: [],
  parameters,
  returnType: type(returns),
  comment: deprecated ? { summary: [], blockTags: [{ tag: '@deprecated', content: [] }], modifierTags: [] } : undefined,
});
const member = (name: string, changes: Partial<ApiMember> = {}): ApiMember => ({ id: name, name, kind: 'property', flags: {}, signatures: [], type: type('string'), ...changes });
const symbol = (kind: ApiSymbol['kind'], name: string, changes: Partial<ApiSymbol> = {}): ApiSymbol => ({
  key: `${kind}/${name}`,
  kind,
  name,
  qualifiedName: name,
  flags: {},
  typeParameters: [],
  extends: [],
  implements: [],
  extendedBy: [],
  implementedBy: [],
  members: [],
  signatures: [],
  children: [],
  ...changes,
});
const model = (symbols: ApiSymbol[]): ApiModel => ({ version: 1, symbols, inputs: { settings: '', files: [], folders: [] }, warnings: [] });

describe('diffApiModels', () => {
  it('tells breaking changes from compatible ones, breaking first', () => {
    const before = model([
      symbol('function', 'connect', { signatures: [signature([parameter('host', 'string')])] }),
      symbol('function', 'send', { signatures: [signature([parameter('data', 'string')], 'void')] }),
      symbol('interface', 'Options', { members: [member('timeout', { flags: { optional: true } }), member('secret', { flags: { private: true } })] }),
      symbol('class', 'Client', { members: [member('close', { kind: 'method', type: undefined, signatures: [signature([])] })] }),
    ]);
    const after = model([
      symbol('function', 'connect', { signatures: [signature([parameter('host', 'string'), parameter('port', 'number', true)])] }),
      symbol('function', 'send', { signatures: [signature([parameter('data', 'string | Uint8Array')], 'Promise<void>')] }),
      symbol('interface', 'Options', { members: [member('timeout', { flags: { optional: true } }), member('region')] }),
      symbol('class', 'Client', { members: [member('close', { kind: 'method', type: undefined, signatures: [signature([], 'void', true)] })] }),
      symbol('function', 'stream'),
    ]);
    expect(diffApiModels(before, after).map((change) => [change.kind, change.name, change.breaking, change.details.join('; ')])).toEqual([
      ['changed', 'send', true, 'parameter data: string → string | Uint8Array; returns void → Promise<void>'],
      ['added', 'Options.region', true, 'required property'],
      ['changed', 'connect', false, 'parameter port added (optional)'],
      ['deprecated', 'Client.close', false, ''],
      ['added', 'stream', false, ''],
    ]);
  });

  it('finds nothing between a model and itself', () => {
    const same = model([symbol('function', 'connect', { signatures: [signature([parameter('host', 'string')])] })]);
    expect(diffApiModels(same, same)).toEqual([]);
  });
});
